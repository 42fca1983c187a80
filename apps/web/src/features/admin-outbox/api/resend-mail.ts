import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /api/admin/outbox/{id}/resend/: the e-mail is due again now, with its attempts reset. */
export async function resendMail(id: string): Promise<void> {
  await api.post<unknown>(`/admin/outbox/${encodeURIComponent(id)}/resend/`, {});
}

export function useResendMail() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: resendMail,
    // Resent or refused (already sent meanwhile), the list has changed.
    onSettled: () => client.invalidateQueries({ queryKey: ['admin', 'outbox'] }),
  });
}
