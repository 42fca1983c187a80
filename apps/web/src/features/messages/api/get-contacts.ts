import { queryOptions, useQuery } from '@tanstack/react-query';
import { contactListSchema, type Contact } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

/** GET /api/{tutor|student}/messages/contacts/: whom one may write to. */
export async function getContacts(area: MessagesArea): Promise<Contact[]> {
  return contactListSchema.parse(await api.get<unknown>(`/${area}/messages/contacts/`, { bustCache: true }));
}

export const getContactsQueryOptions = (area: MessagesArea) =>
  queryOptions({ queryKey: messagesKeys.contacts(area), queryFn: () => getContacts(area) });

export const useGetContacts = (area: MessagesArea) => useQuery(getContactsQueryOptions(area));
