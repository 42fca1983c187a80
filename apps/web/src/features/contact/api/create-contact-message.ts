import { useMutation } from '@tanstack/react-query';
import type { ContactMessageCreated, ContactMessageInput } from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/contacts/ (spec §7: success is 201; any other status is an error). */
export const createContactMessage = (input: ContactMessageInput) =>
  api.post<ContactMessageCreated>('/contacts/', input);

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
