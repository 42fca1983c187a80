import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationSchema, type Conversation } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

/** GET /api/{tutor|student}/messages/{id}/: one conversation with its latest messages, oldest first. */
export async function getConversation(area: MessagesArea, id: string): Promise<Conversation> {
  return conversationSchema.parse(await api.get<unknown>(`/${area}/messages/${id}/`, { bustCache: true }));
}

export const getConversationQueryOptions = (area: MessagesArea, id: string) =>
  queryOptions({ queryKey: messagesKeys.thread(area, id), queryFn: () => getConversation(area, id) });

export const useGetConversation = (area: MessagesArea, id: string) =>
  useQuery(getConversationQueryOptions(area, id));
