import { queryOptions, useQuery } from '@tanstack/react-query';
import type { Contact } from '@tibeb/domain/messages/contracts';
import { api } from '../../../lib/api-client.ts';
import { messagesKeys, type MessagesArea } from './keys.ts';

export const getContacts = (area: MessagesArea) =>
  api.get<Contact[]>(`/${area}/messages/contacts/`, { bustCache: true });

export const getContactsQueryOptions = (area: MessagesArea) =>
  queryOptions({ queryKey: messagesKeys.contacts(area), queryFn: () => getContacts(area) });

export const useGetContacts = (area: MessagesArea) => useQuery(getContactsQueryOptions(area));
