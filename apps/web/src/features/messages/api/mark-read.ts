import { useMutation, useQueryClient } from '@tanstack/react-query';
import { markReadResultSchema, type MarkReadResult } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

/** POST /api/{tutor|student}/messages/{id}/read/: how many of the other side's messages became read. */
export async function markRead(area: MessagesArea, id: string): Promise<MarkReadResult> {
  return markReadResultSchema.parse(await api.post<unknown>(`/${area}/messages/${id}/read/`));
}

export const useMarkRead = (area: MessagesArea) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => markRead(area, id),
    onSuccess: async (res) => {
      if (res.read > 0) {
        await Promise.all([
          client.invalidateQueries({ queryKey: messagesKeys.unread(area) }),
          client.invalidateQueries({ queryKey: messagesKeys.list(area) }),
        ]);
      }
    },
  });
};
