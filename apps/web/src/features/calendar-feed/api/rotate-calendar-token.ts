import { useMutation, useQueryClient } from '@tanstack/react-query';
import { calendarFeedAddressSchema } from '@tibeb/domain/sessions/calendar-feed';
import { api } from '../../../lib/api-client.ts';
import type { FeedAddress, FeedArea } from './calendar-token.ts';

/** POST /api/{tutor|student}/calendar-token/: a new secret address; the old one stops working. */
export async function rotateCalendarToken(area: FeedArea): Promise<FeedAddress> {
  return calendarFeedAddressSchema.parse(await api.post<unknown>(`/${area}/calendar-token/`));
}

export const useRotateCalendarToken = (area: FeedArea) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rotateCalendarToken(area),
    onSuccess: (data) => client.setQueryData(['calendar-feed', area], data),
  });
};
