import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  ownApplicationSchema,
  type ApplicationFields,
  type OwnApplication,
} from '@tibeb/domain/tutoring/contracts';
import { apiRequest } from '../../../lib/api-client.ts';
import { applicationKey } from './get-application.ts';

/** PUT /api/tutor/application/: the edited fields (409 once decided); answers the application again. */
export async function saveApplication(fields: ApplicationFields): Promise<OwnApplication> {
  return ownApplicationSchema.parse(
    await apiRequest<unknown>('/tutor/application/', { method: 'PUT', body: fields }),
  );
}

export function useSaveApplication() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: saveApplication,
    onSuccess: (data) => client.setQueryData(applicationKey, data),
  });
}
