import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

export const listConversations = (area: MessagesArea) =>
  api.get<ConversationSummary[]>(`/${area}/messages/`, { bustCache: true });

export const listConversationsQueryOptions = (area: MessagesArea) =>
  queryOptions({ queryKey: messagesKeys.list(area), queryFn: () => listConversations(area) });

export const useListConversations = (area: MessagesArea) => useQuery(listConversationsQueryOptions(area));
