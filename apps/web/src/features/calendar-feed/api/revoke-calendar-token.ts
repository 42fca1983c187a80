import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import type { FeedAddress, FeedArea } from './calendar-token.ts';

export const revokeCalendarToken = (area: FeedArea) => api.delete<FeedAddress>(`/${area}/calendar-token/`);

export const useRevokeCalendarToken = (area: FeedArea) => {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => revokeCalendarToken(area),
    onSuccess: (data) => client.setQueryData(['calendar-feed', area], data),
  });
};
