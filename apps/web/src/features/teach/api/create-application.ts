import { useMutation } from '@tanstack/react-query';
import i18n from 'i18next';
import { applicationCreatedSchema, type ApplicationCreate } from '@tibeb/domain/tutoring/contracts';
import { api } from '../../../lib/api-client.ts';

/** POST /api/tutor-applications/ (anonymous): 201 whether or not the address already has an account. */
export async function createApplication(input: ApplicationCreate) {
  const body = await api.post<unknown>(
    '/tutor-applications/',
    { ...input, locale: input.locale ?? (i18n.language === 'am' ? 'am' : 'en') },
    { headers: { 'Accept-Language': i18n.language === 'am' ? 'am' : 'en' } },
  );
  return applicationCreatedSchema.parse(body);
}

export function useCreateApplication() {
  return useMutation({ mutationFn: createApplication });
}
