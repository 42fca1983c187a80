import { queryOptions, useQuery } from '@tanstack/react-query';
import { conversationSummaryListSchema, type ConversationSummary } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

/** GET /api/{tutor|student}/messages/: the conversations, the latest first, with unread counts. */
export async function listConversations(area: MessagesArea): Promise<ConversationSummary[]> {
  const body = await api.get<unknown>(`/${area}/messages/`, { bustCache: true });
  return conversationSummaryListSchema.parse(body);
}

export const listConversationsQueryOptions = (area: MessagesArea) =>
  queryOptions({ queryKey: messagesKeys.list(area), queryFn: () => listConversations(area) });

export const useListConversations = (area: MessagesArea) => useQuery(listConversationsQueryOptions(area));
