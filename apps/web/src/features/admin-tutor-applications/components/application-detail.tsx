import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import {
  checkLabels,
  documentLabels,
  type AdminApplication,
  type MissingItem,
} from '@tibeb/domain/tutoring/contracts';
import { weekdayLabels } from '@tibeb/domain/tutors/profile';
import { availabilityDays } from '@tibeb/domain/tutors/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useAdminApplication } from '../api/get-application.ts';
import { downloadDocument } from '../api/download-document.ts';
import { DecisionForm } from './decision-form.tsx';
import { actionLabel, statusLabels } from './status.ts';

const missingLabels: Record<MissingItem, string> = {
  email_verified: 'E-mail address not confirmed',
  photo: 'No photo',
  identity: 'No identity document',
  police_clearance: 'No police clearance',
  certificate: 'No certificate',
};

const size = (bytes: number) =>
  bytes >= 1024 * 1024
    ? `${(bytes / 1024 / 1024).toFixed(1)} MB`
    : `${Math.max(1, Math.round(bytes / 1024))} KB`;

const box = 'min-w-0 space-y-3 rounded-xl border border-stone-200 bg-white p-4 sm:p-6';
const wrap = '[overflow-wrap:anywhere]';

/** One application for the office: the answers, the documents to download, the checks, the history, the decision. */
export function ApplicationDetail({ id }: { id: string }) {
  const { t } = useTranslation('applications');
  const dates = useDates();
  const query = useAdminApplication(id);
  if (query.isPending) return <Spinner />;
  if (query.isError) return <Alert tone="error">{t('This application could not be loaded.')}</Alert>;
  const app: AdminApplication = query.data;
  const f = app.fields;
  const grade = (g: number) => (g === 0 ? t('KG') : String(g));
  const facts: [string, string][] = [
    [t('Name'), `${f.first_name} ${f.last_name}`],
    [t('E-mail'), `${app.email} (${app.email_verified ? t('confirmed') : t('not confirmed')})`],
    [t('Phone'), f.phone],
    [t('City'), f.city],
    [t('Subjects'), app.subjects.map((s) => s.name).join(', ')],
    [t('Grades'), `${grade(f.grade_from)}–${grade(f.grade_to)}`],
    [t('Languages'), f.languages.join(', ')],
    [t('Years of experience'), String(f.years_of_experience)],
    [t('Hourly rate'), `$${f.hourly_rate.toFixed(2)}`],
    [t('Hourly rate in birr'), f.hourly_rate_etb == null ? '—' : `${f.hourly_rate_etb.toFixed(2)} ETB`],
    [t('Education'), f.education],
    [t('About'), f.bio],
    [t('Teaching style'), f.teaching_style || '—'],
    [
      t('Weekly times (EAT)'),
      availabilityDays
        .filter((d) => (f.availability[d] ?? []).length > 0)
        .map(
          (d) =>
            `${t(weekdayLabels[d])} ${(f.availability[d] ?? []).map((w) => `${w.start}–${w.end}`).join(', ')}`,
        )
        .join('; '),
    ],
  ];

  return (
    <div className="min-w-0 space-y-6">
      <section aria-labelledby="adm-app-status" className={box}>
        <h2 id="adm-app-status" className="text-lg font-semibold">
          {t('Status')}: <span className="text-brand-800">{t(statusLabels[app.status])}</span>
        </h2>
        <p className="text-sm text-stone-700">
          {t('Submitted {{date}}', { date: dates.format(app.submitted_at, 'dateTime') })}
          {app.decided_at &&
            ` · ${t('Decided {{date}} by {{name}}', {
              date: dates.format(app.decided_at, 'dateTime'),
              name: app.decided_by ?? '—',
            })}`}
        </p>
        {app.decision_reason && <p className={`whitespace-pre-line ${wrap}`}>{app.decision_reason}</p>}
        {app.missing.length > 0 && (
          <div>
            <h3 className="font-semibold">{t('Missing')}</h3>
            <ul className="list-disc pl-5 text-stone-700">
              {app.missing.map((m) => (
                <li key={m}>{t(missingLabels[m])}</li>
              ))}
            </ul>
          </div>
        )}
        {app.status === 'approved' && (
          <Link to={`/admin/tutors/${app.tutor_id}/view`} className="font-semibold text-brand-700 underline">
            {t('Open the tutor profile')}
          </Link>
        )}
      </section>

      <section aria-labelledby="adm-app-fields" className={box}>
        <h2 id="adm-app-fields" className="text-lg font-semibold">
          {t('Answers')}
        </h2>
        {app.photo_url && (
          <img
            src={app.photo_url}
            alt={t('Applicant’s photo')}
            className="h-24 w-24 rounded-full object-cover"
          />
        )}
        <dl className="grid gap-x-6 gap-y-2 sm:grid-cols-[12rem_1fr]">
          {facts.map(([k, v]) => (
            <div key={k} className="contents">
              <dt className="font-medium text-stone-600">{k}</dt>
              <dd className={`whitespace-pre-line ${wrap}`}>{v}</dd>
            </div>
          ))}
        </dl>
      </section>

      <section aria-labelledby="adm-app-docs" className={box}>
        <h2 id="adm-app-docs" className="text-lg font-semibold">
          {t('Documents')}
        </h2>
        {app.documents.length === 0 ? (
          <p className="text-stone-700">{t('No documents uploaded.')}</p>
        ) : (
          <ul className="space-y-2">
            {app.documents.map((d) => (
              <li key={d.id} className="min-w-0 text-sm">
                <span className="font-medium">{t(documentLabels[d.kind])}</span>:{' '}
                <button
                  type="button"
                  className={`text-left text-brand-700 underline ${wrap}`}
                  onClick={() => void downloadDocument(d.url, d.file_name)}
                >
                  {t('Download {{name}}', { name: d.file_name })}
                </button>{' '}
                <span className="text-stone-600">
                  ({size(d.size_bytes)}, {dates.format(d.created_at, 'dateMedium')})
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="adm-app-checks" className={box}>
        <h2 id="adm-app-checks" className="text-lg font-semibold">
          {t('Checks')}
        </h2>
        {app.checks.length === 0 ? (
          <p className="text-stone-700">{t('No checks recorded yet.')}</p>
        ) : (
          <ul className="space-y-1 text-sm">
            {app.checks.map((c) => (
              <li key={c.kind} className={wrap}>
                <span className="font-medium">{t(checkLabels[c.kind])}</span> ·{' '}
                {t('{{date}} by {{name}}', {
                  date: dates.format(c.checked_at, 'dateTime'),
                  name: c.checked_by ?? '—',
                })}
                {c.note && ` · ${c.note}`}
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="adm-app-history" className={box}>
        <h2 id="adm-app-history" className="text-lg font-semibold">
          {t('History')}
        </h2>
        <ol className="space-y-1 text-sm">
          {app.history.map((h, i) => (
            <li key={i} className={wrap}>
              {dates.format(h.at, 'dateTime')} · {t(actionLabel(h.action))}
              {h.by && ` · ${h.by}`}
              {h.reason && ` · ${h.reason}`}
            </li>
          ))}
        </ol>
      </section>

      {(app.status === 'submitted' || app.status === 'changes_requested') && <DecisionForm app={app} />}
    </div>
  );
}
