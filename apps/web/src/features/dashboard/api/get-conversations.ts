import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ConversationSummary } from '@tibeb/domain/accounts/dashboard';
import { api } from '../../../lib/api-client.ts';

export const getConversations = (area: 'tutor' | 'student') =>
  api.get<ConversationSummary[]>(`/${area}/messages/`, { bustCache: true });

export const conversationsQueryOptions = (area: 'tutor' | 'student') =>
  queryOptions({ queryKey: ['area', area, 'messages'], queryFn: () => getConversations(area) });

export const useConversations = (area: 'tutor' | 'student') => useQuery(conversationsQueryOptions(area));
