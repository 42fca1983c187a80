import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  conversationStartedSchema,
  type ConversationStarted,
  type StartConversation,
} from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

/** POST /api/{tutor|student}/messages/: the conversation with that tutor or family, started or found. */
export async function startConversation(
  area: MessagesArea,
  body: StartConversation,
): Promise<ConversationStarted> {
  return conversationStartedSchema.parse(await api.post<unknown>(`/${area}/messages/`, body));
}

export const useStartConversation = (area: MessagesArea) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: StartConversation) => startConversation(area, body),
    onSuccess: () => client.invalidateQueries({ queryKey: messagesKeys.all(area) }),
  });
};
