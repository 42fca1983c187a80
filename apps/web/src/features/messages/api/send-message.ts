import { useMutation, useQueryClient } from '@tanstack/react-query';
import { messageSentSchema, type MessageSent, type SendMessage } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

/** POST /api/{tutor|student}/messages/{id}/: the message sent (201). */
export async function sendMessage(area: MessagesArea, id: string, body: SendMessage): Promise<MessageSent> {
  return messageSentSchema.parse(await api.post<unknown>(`/${area}/messages/${id}/`, body));
}

export const useSendMessage = (area: MessagesArea, id: string) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: SendMessage) => sendMessage(area, id, body),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesKeys.all(area) }),
  });
};
