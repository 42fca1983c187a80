import { useTranslation } from 'react-i18next';
import type { AuditEntry } from '@tibeb/domain/admin/audit';
import { auditSentence } from '@tibeb/domain/admin/audit-sentences';
import { formatEat } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useAuditTrail } from '../api/get-audit-trail.ts';

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
 * Who changed a record, when, and what, newest first: each entry read as a sentence in the reader's language
 * (issue 31 item 2; the rules are packages/domain's admin/audit-sentences), amounts in money and times in EAT.
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
  const { t, i18n } = useTranslation('admin');
  const locale = i18n.language === 'am' ? 'am' : 'en';
  const trail = useAuditTrail(entityType, entityId);
  const dates = useDates();
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
              <p className="break-words [overflow-wrap:anywhere]">{auditSentence(entry, locale, dates)}</p>
              <p className="mt-1 text-xs text-stone-600">
                <time dateTime={entry.created_at}>{formatEat(entry.created_at, dates)} EAT</time>
              </p>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
