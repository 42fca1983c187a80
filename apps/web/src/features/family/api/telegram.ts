import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { telegramStatusSchema, type TelegramStatus } from '@tibeb/domain/messaging/telegram';
import { api } from '../../../lib/api-client.ts';

const key = ['family', 'telegram'] as const;

/** GET /api/student/telegram/: whether there is a bot, whether this account is linked, and the start link. */
export async function getTelegram(): Promise<TelegramStatus> {
  return telegramStatusSchema.parse(await api.get<unknown>('/student/telegram/', { bustCache: true }));
}

export const useTelegram = () => useQuery(queryOptions({ queryKey: key, queryFn: getTelegram }));

/** DELETE /api/student/telegram/: Telegram messages stop; the answer is the new status. */
export function useStopTelegram() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async () => telegramStatusSchema.parse(await api.delete<unknown>('/student/telegram/')),
    onSuccess: (status) => client.setQueryData(key, status),
  });
}
