import { queryOptions, useQuery } from '@tanstack/react-query';
import { auditTrailResponse, type AuditEntry } from '@tibeb/domain/admin/audit';
import { api } from '../../../lib/api-client.ts';

/** GET /api/admin/audit/?entity_type=&entity_id= : one record's trail, newest first. */
export async function getAuditTrail(entityType: string, entityId: string): Promise<AuditEntry[]> {
  const body = await api.get<unknown>('/admin/audit/', {
    query: { entity_type: entityType, entity_id: entityId },
    bustCache: true,
  });
  return auditTrailResponse.parse(body);
}

export const auditTrailQueryOptions = (entityType: string, entityId: string) =>
  queryOptions({
    // Under 'admin', so every admin write's invalidation refreshes an open trail.
    queryKey: ['admin', 'audit', entityType, entityId],
    queryFn: () => getAuditTrail(entityType, entityId),
  });

export const useAuditTrail = (entityType: string, entityId: string) =>
  useQuery(auditTrailQueryOptions(entityType, entityId));
