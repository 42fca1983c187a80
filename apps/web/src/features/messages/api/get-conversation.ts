import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Conversation } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

export const getConversation = (area: MessagesArea, id: string) =>
  api.get<Conversation>(`/${area}/messages/${id}/`, { bustCache: true });

export const getConversationQueryOptions = (area: MessagesArea, id: string) =>
  queryOptions({ queryKey: messagesKeys.thread(area, id), queryFn: () => getConversation(area, id) });

export const useGetConversation = (area: MessagesArea, id: string) =>
  useQuery(getConversationQueryOptions(area, id));
