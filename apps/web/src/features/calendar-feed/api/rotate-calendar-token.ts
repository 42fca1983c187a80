import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { FeedAddress, FeedArea } from './calendar-token.ts';

/** A new secret address; the old one stops working. */
export const rotateCalendarToken = (area: FeedArea) => api.post<FeedAddress>(`/${area}/calendar-token/`);

export const useRotateCalendarToken = (area: FeedArea) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => rotateCalendarToken(area),
    onSuccess: (data) => client.setQueryData(['calendar-feed', area], data),
  });
};
