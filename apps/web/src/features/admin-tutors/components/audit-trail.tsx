import { useState } from 'react';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useAuditTrail } from '../api/get-audit-trail.ts';

const when = (iso: string) =>
  new Date(iso).toLocaleString('en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Africa/Addis_Ababa',
  });

/** The fields whose value differs between `before` and `after` (top level), for a short summary. */
function changes(before: unknown, after: unknown): string[] {
  const a = (before && typeof before === 'object' ? before : {}) as Record<string, unknown>;
  const b = (after && typeof after === 'object' ? after : {}) as Record<string, unknown>;
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter(
    (key) => JSON.stringify(a[key]) !== JSON.stringify(b[key]),
  );
}

/** A record's audit trail (who, what, when; before and after on demand), newest first. */
export function AuditTrail({ entityType, entityId }: { entityType: string; entityId: string }) {
  const trail = useAuditTrail(entityType, entityId);
  const [open, setOpen] = useState<string | null>(null);
  if (trail.isPending) return <Spinner label="Loading the audit trail..." />;
  if (trail.isError) return <Alert tone="error">The audit trail could not be loaded.</Alert>;
  if (trail.data.length === 0) return <p className="text-sm text-stone-600">No changes recorded yet.</p>;
  return (
    <ol
      className="divide-y divide-stone-200 rounded-xl border border-stone-200 bg-white"
      aria-label="Audit trail"
    >
      {trail.data.map((entry) => {
        const fields = changes(entry.before, entry.after);
        return (
          <li key={entry.id} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap gap-x-2">
              <span className="font-semibold text-stone-900">{entry.action}</span>
              <span className="text-stone-600">by {entry.actor_username || 'system'}</span>
              <time className="text-stone-600" dateTime={entry.created_at}>
                {when(entry.created_at)} EAT
              </time>
            </p>
            {fields.length > 0 && (
              <p className="mt-1 break-words text-stone-700">Changed: {fields.join(', ')}</p>
            )}
            <button
              type="button"
              className="mt-1 text-brand-700 underline"
              aria-expanded={open === entry.id}
              onClick={() => setOpen(open === entry.id ? null : entry.id)}
            >
              {open === entry.id ? 'Hide values' : 'Before and after'}
            </button>
            {open === entry.id && (
              <div className="mt-2 grid gap-2 md:grid-cols-2">
                {(['before', 'after'] as const).map((side) => (
                  <div key={side} className="min-w-0">
                    <p className="font-medium capitalize">{side}</p>
                    <pre className="max-h-64 overflow-auto rounded bg-stone-100 p-2 text-xs whitespace-pre-wrap break-all">
                      {JSON.stringify(entry[side], null, 2) ?? '—'}
                    </pre>
                  </div>
                ))}
              </div>
            )}
          </li>
        );
      })}
    </ol>
  );
}
