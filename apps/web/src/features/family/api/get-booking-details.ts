import { queryOptions, useQuery } from '@tanstack/react-query';
import type { BookingDetails } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

export const getBookingDetails = () =>
  api.get<BookingDetails>('/student/booking-details/', { bustCache: true });

export const getBookingDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'booking-details'], queryFn: getBookingDetails });

export const useGetBookingDetails = () => useQuery(getBookingDetailsQueryOptions());
