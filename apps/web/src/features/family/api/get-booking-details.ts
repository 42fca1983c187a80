import { queryOptions, useQuery } from '@tanstack/react-query';
import { bookingDetailsSchema, type BookingDetails } from '@tibeb/domain/family/contracts';
import { api } from '../../../lib/api-client.ts';

/** GET /api/student/booking-details/: what the booking wizard is prefilled with. */
export async function getBookingDetails(): Promise<BookingDetails> {
  return bookingDetailsSchema.parse(await api.get<unknown>('/student/booking-details/', { bustCache: true }));
}

export const getBookingDetailsQueryOptions = () =>
  queryOptions({ queryKey: ['family', 'booking-details'], queryFn: getBookingDetails });

export const useGetBookingDetails = () => useQuery(getBookingDetailsQueryOptions());
