import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

export const markRead = (area: MessagesArea, id: string) =>
  api.post<{ read: number }>(`/${area}/messages/${id}/read/`);

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
