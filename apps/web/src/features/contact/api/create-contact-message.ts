import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import {
  contactMessageCreated,
  type ContactMessageCreated,
  type ContactMessageInput,
} from '@tibeb/domain/site/contracts';
import { api } from '../../../lib/api-client.ts';

/**
 * POST /api/contacts/ (spec §7: success is 201; any other status is an error). The interface's language goes
 * with it: the acknowledgement e-mail is written in it (issue 18).
 */
export async function createContactMessage(input: ContactMessageInput): Promise<ContactMessageCreated> {
  const body = await api.post<unknown>('/contacts/', {
    ...input,
    locale: input.locale ?? (i18n.language === 'am' ? 'am' : 'en'),
  });
  return contactMessageCreated.parse(body);
}

export function useCreateContactMessage() {
  return useMutation({ mutationFn: createContactMessage });
}
