import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@tibeb/domain/admin/audit';
import { formatEat } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useAuditTrail } from '../api/get-audit-trail.ts';
import { auditActionLabels } from '../utils/actions.ts';

const show = (v: unknown): string => {
  if (v === null || v === undefined || v === '') return '—';
  if (typeof v === 'string') return v.length > 80 ? `${v.slice(0, 80)}…` : v;
  if (typeof v === 'number' || typeof v === 'boolean') return String(v);
  const text = JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 80)}…` : text;
};

/** The fields that differ between before and after (all of after for a creation, all of before for a removal). */
export function changedFields(entry: Pick<AuditEntry, 'before' | 'after'>): [string, unknown, unknown][] {
  const before = (entry.before ?? {}) as Record<string, unknown>;
  const after = (entry.after ?? {}) as Record<string, unknown>;
  const keys = [...new Set([...Object.keys(before), ...Object.keys(after)])];
  return keys
    .filter((k) => JSON.stringify(before[k]) !== JSON.stringify(after[k]))
    .filter((k) => !['updated_at', 'created_at'].includes(k))
    .map((k) => [k, before[k], after[k]]);
}

/**
 * Who changed a record, when, and what (before → after), newest first. The changed fields and their values are
 * the record's own (as written); the frame and the action are translated.
 */
export function AuditTrail({
  entityType,
  entityId,
  title,
  compact = false,
}: {
  entityType: string;
  entityId: string;
  /** Translated by the caller; 'History' when left out. */
  title?: string;
  /** Inside a disclosure that already says "History": the heading is for screen readers only. */
  compact?: boolean;
}) {
  const { t } = useTranslation('admin');
  const trail = useAuditTrail(entityType, entityId);
  const dates = useDates();
  const actions = auditActionLabels(t);
  const heading = title ?? t('History');
  return (
    <section aria-label={heading} className="space-y-2">
      <h2 className={compact ? 'sr-only' : 'text-lg font-semibold text-brand-800'}>{heading}</h2>
      {trail.isPending ? (
        <Spinner label={t('Loading history...')} />
      ) : trail.isError ? (
        <Alert tone="error">{t('We could not load the history.')}</Alert>
      ) : trail.data.length === 0 ? (
        <p className="text-sm text-stone-600">{t('No changes recorded yet.')}</p>
      ) : (
        <ol className="space-y-2">
          {trail.data.map((entry) => (
            <li key={entry.id} className="rounded-lg border border-stone-200 bg-white p-3 text-sm">
              <p>
                <span className="font-semibold capitalize">{actions[entry.action] ?? entry.action}</span>{' '}
                {t('by {{name}}', { name: entry.actor_username || t('unknown') })} ·{' '}
                <time dateTime={entry.created_at}>{formatEat(entry.created_at, dates)}</time>
              </p>
              <ul className="mt-1 space-y-0.5 text-stone-700">
                {changedFields(entry)
                  .slice(0, 8)
                  .map(([field, before, after]) => (
                    <li key={field} className="break-words">
                      <span className="font-medium">{field.replace(/_/g, ' ')}</span>: {show(before)} →{' '}
                      {show(after)}
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
