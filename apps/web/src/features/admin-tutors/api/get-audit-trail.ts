import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@tibeb/domain/admin/audit';
import { api } from '../../../lib/api-client.ts';

export const getAuditTrail = (entityType: string, entityId: string) =>
  api.get<AuditEntry[]>('/admin/audit/', {
    query: { entity_type: entityType, entity_id: entityId },
    bustCache: true,
  });

export const auditTrailQueryOptions = (entityType: string, entityId: string) =>
  queryOptions({
    queryKey: ['admin', 'audit', entityType, entityId],
    queryFn: () => getAuditTrail(entityType, entityId),
  });

export const useAuditTrail = (entityType: string, entityId: string) =>
  useQuery(auditTrailQueryOptions(entityType, entityId));
