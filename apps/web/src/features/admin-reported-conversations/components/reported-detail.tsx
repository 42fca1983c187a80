import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { REPORT_REASON_MAX_LENGTH } from '@tibeb/domain/messages/reports';
import { messageTexts } from '@tibeb/domain/messages/texts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useReported } from '../api/get-reported.ts';
import { useResolveReported } from '../api/resolve-reported.ts';
import { statusBadge } from './reported-list.tsx';
import { PrivateFile } from '../../../components/private-file.tsx';

const box = 'min-w-0 rounded-xl border border-stone-200 bg-white p-4';
const heading = 'text-lg font-semibold text-brand-800';

/**
 * One reported conversation: its reports, its messages (the reported ones marked), the trail of admin reads
 * (this one included: opening the screen is recorded), and the form that resolves the open reports.
 */
export function ReportedDetail({ id }: { id: string }) {
  const { t } = useTranslation('admin-extra');
  const dates = useDates();
  const query = useReported(id);

  if (query.isPending) return <Spinner label={t('Loading reports...')} />;
  if (query.isError) {
    return (
      <Alert tone="error">
        {query.error instanceof ApiError && query.error.status === 404
          ? t(messageTexts.reportNotFound)
          : t('We could not load the reports. Please try again.')}
      </Alert>
    );
  }
  const c = query.data;
  const reported = new Set(c.reports.map((r) => r.message_id).filter(Boolean));
  const statusLabel = { open: t('Open'), resolved: t('Resolved') };

  return (
    <div className="min-w-0 space-y-4">
      <Link to="/admin/reported-conversations" className="text-sm font-medium text-brand-700 underline">
        ← {t('Reported conversations')}
      </Link>
      <div className="flex min-w-0 flex-wrap items-center gap-2">
        <h2 className="min-w-0 text-xl font-semibold text-stone-900 [overflow-wrap:anywhere]">
          {t('{{tutor}} and {{family}}', { tutor: c.tutor_name, family: c.family_name })}
        </h2>
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${statusBadge[c.status]}`}>
          {statusLabel[c.status]}
        </span>
      </div>

      <section aria-labelledby="reports-heading" className={box}>
        <h3 id="reports-heading" className={heading}>
          {t('Reports')}
        </h3>
        <ul className="mt-2 divide-y divide-stone-200">
          {c.reports.map((r) => (
            <li key={r.id} className="min-w-0 py-3 text-sm">
              <p className="font-medium text-stone-900 [overflow-wrap:anywhere]">
                {r.message_id
                  ? t('{{name}} reported a message', { name: r.reporter_name })
                  : t('{{name}} reported the conversation', { name: r.reporter_name })}
                {' · '}
                <time dateTime={r.created_at} className="font-normal text-stone-600">
                  {dates.format(r.created_at, 'dayTime')}
                </time>
              </p>
              <p className="mt-1 whitespace-pre-wrap text-stone-800 [overflow-wrap:anywhere]">{r.reason}</p>
              <p className="mt-1 text-stone-600 [overflow-wrap:anywhere]">
                {r.status === 'open'
                  ? t('Open')
                  : t('Resolved by {{name}}: {{resolution}}', {
                      name: r.resolved_by_name ?? t('an admin'),
                      resolution: r.resolution,
                    })}
              </p>
            </li>
          ))}
        </ul>
      </section>

      {c.status === 'open' && <ResolveForm id={id} />}

      <section aria-labelledby="messages-heading" className={box}>
        <h3 id="messages-heading" className={heading}>
          {t('Messages')}
        </h3>
        {c.messages.length === 0 ? (
          <p className="mt-2 text-sm text-stone-600">{t('No messages.')}</p>
        ) : (
          <ol aria-labelledby="messages-heading" className="mt-2 space-y-2">
            {c.messages.map((m) => (
              <li
                key={m.id}
                className={`min-w-0 rounded-lg px-3 py-2 text-sm ${
                  reported.has(m.id) ? 'border-l-4 border-red-600 bg-red-50' : 'bg-stone-50'
                }`}
              >
                <p className="text-xs text-stone-600 [overflow-wrap:anywhere]">
                  <span className="font-semibold text-stone-800">{m.sender_name}</span>
                  {' · '}
                  <time dateTime={m.created_at}>{dates.format(m.created_at, 'dayTime')}</time>
                  {reported.has(m.id) && (
                    <span className="ml-1 font-semibold text-red-800">· {t('Reported')}</span>
                  )}
                </p>
                {m.body && (
                  <p className="mt-1 whitespace-pre-wrap text-stone-900 [overflow-wrap:anywhere]">{m.body}</p>
                )}
                {/* Read only when pressed: each read of a reported conversation's file is in its read trail. */}
                {m.attachment && <PrivateFile file={m.attachment} preview={false} />}
              </li>
            ))}
          </ol>
        )}
      </section>

      <section aria-labelledby="trail-heading" className={box}>
        <h3 id="trail-heading" className={heading}>
          {t('Read by')}
        </h3>
        <p className="text-sm text-stone-600">
          {t('Every time an admin opens this conversation it is recorded here, newest first.')}
        </p>
        <ul aria-labelledby="trail-heading" className="mt-2 space-y-1 text-sm">
          {c.read_trail.map((e, i) => (
            <li key={`${e.read_at}-${i}`} className="[overflow-wrap:anywhere]">
              <span className="font-medium">{e.admin_name || t('an admin')}</span>
              {' · '}
              <time dateTime={e.read_at}>{dates.format(e.read_at, 'dayTime')}</time>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}

function ResolveForm({ id }: { id: string }) {
  const { t } = useTranslation('admin-extra');
  const resolve = useResolveReported(id);
  const [resolution, setResolution] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const fieldId = useId();
  const countId = useId();

  return (
    <section aria-labelledby="resolve-heading" className={box}>
      <h3 id="resolve-heading" className={heading}>
        {t('Resolve')}
      </h3>
      <form
        className="mt-2 space-y-2"
        noValidate
        onSubmit={(e) => {
          e.preventDefault();
          setProblem(null);
          if (resolution.trim().length === 0) return setProblem(t(messageTexts.resolutionEmpty));
          resolve.mutate(
            { resolution },
            {
              onSuccess: () => setResolution(''),
              onError: (err) =>
                setProblem(
                  translateAnswer(t, err, 'resolution') ?? t('Network error. Please try again later.'),
                ),
            },
          );
        }}
      >
        <label htmlFor={fieldId} className="block text-sm font-medium text-stone-800">
          {t('What the office decided')}
        </label>
        <p className="text-xs text-stone-600">
          {t('The reporters are told only that the office reviewed their report.')}
        </p>
        <textarea
          id={fieldId}
          rows={3}
          required
          aria-required="true"
          aria-describedby={countId}
          maxLength={REPORT_REASON_MAX_LENGTH}
          value={resolution}
          onChange={(e) => setResolution(e.target.value)}
          className={inputStyles}
        />
        <CharCount id={countId} length={resolution.length} max={REPORT_REASON_MAX_LENGTH} />
        {problem && <Alert tone="error">{problem}</Alert>}
        <div className="flex justify-end">
          <button type="submit" className={buttonStyles.primary} disabled={resolve.isPending}>
            {resolve.isPending ? t('Saving...') : t('Resolve the open reports')}
          </button>
        </div>
      </form>
    </section>
  );
}
