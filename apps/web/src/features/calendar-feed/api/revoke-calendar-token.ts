import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedAddressSchema } from '@tibeb/domain/sessions/calendar-feed';
import { api } from '../../../lib/api-client.ts';
import type { FeedAddress, FeedArea } from './calendar-token.ts';

/** DELETE /api/{tutor|student}/calendar-token/: the address revoked (answers `{ url: null }`). */
export async function revokeCalendarToken(area: FeedArea): Promise<FeedAddress> {
  return calendarFeedAddressSchema.parse(await api.delete<unknown>(`/${area}/calendar-token/`));
}

export const useRevokeCalendarToken = (area: FeedArea) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokeCalendarToken(area),
    onSuccess: (data) => client.setQueryData(['calendar-feed', area], data),
  });
};
