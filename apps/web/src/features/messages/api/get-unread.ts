import { queryOptions, useQuery } from '@tanstack/react-query';
import { unreadSchema, type Unread } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

/** GET /api/{tutor|student}/messages/unread/ */
export async function getUnread(area: MessagesArea): Promise<Unread> {
  return unreadSchema.parse(await api.get<unknown>(`/${area}/messages/unread/`, { bustCache: true }));
}

/** The sidebar's count; the live stream refreshes it, and a slow poll covers a stream that cannot connect. */
export const getUnreadQueryOptions = (area: MessagesArea) =>
  queryOptions({
    queryKey: messagesKeys.unread(area),
    queryFn: () => getUnread(area),
    refetchInterval: 120_000,
  });

export const useGetUnread = (area: MessagesArea) => useQuery(getUnreadQueryOptions(area));
