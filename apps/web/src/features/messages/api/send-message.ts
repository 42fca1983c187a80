import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { SendMessage } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

export const sendMessage = (area: MessagesArea, id: string, body: SendMessage) =>
  api.post<{ id: string; created_at: string }>(`/${area}/messages/${id}/`, body);

export const useSendMessage = (area: MessagesArea, id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessage) => sendMessage(area, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesKeys.all(area) }),
  });
};
