import { Pager } from '../../../components/ui/pager.tsx';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { adminReservationStatuses } from '@tibeb/domain/admin-reservations/contract';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDates } from '../../../lib/dates.ts';
import { useTutorOptions } from '../api/get-tutor-options.ts';
import { useAdminReservations } from '../api/list-reservations.ts';
import { translateAdminMessage } from '../utils/messages.ts';
import { eatDateTime, longDate, money, statusLabels } from './format.ts';
import { StatusBadge } from './status-badge.tsx';

const PAGE_SIZE = 20;

/**
 * Reservations: status, tutor, a date range of the sessions (EAT) and a family or student search, paged by the
 * server; the URL keeps the filters. Rows are cards at phone width.
 */
export function ReservationsList() {
  const { t } = useTranslation('admin');
  const dates = useDates();
  const [params, setParams] = useSearchParams();
  const get = (k: string) => params.get(k) ?? '';
  const page = Math.max(1, Number(params.get('page')) || 1);
  const [search, setSearch] = useState(get('q'));
  const tutors = useTutorOptions();
  const tutorId = Number(get('tutor_id')) || undefined;
  const query = useAdminReservations({
    status: get('status') || undefined,
    tutor_id: tutorId,
    from: get('from') || undefined,
    to: get('to') || undefined,
    q: get('q') || undefined,
    page,
    page_size: PAGE_SIZE,
  });
  const update = (next: Record<string, string>) => {
    const merged = new URLSearchParams(params);
    for (const [k, v] of Object.entries(next)) {
      if (v) merged.set(k, v);
      else merged.delete(k);
    }
    if (!('page' in next)) merged.delete('page');
    setParams(merged, { replace: true });
  };
  const onSearch = (e: FormEvent) => {
    e.preventDefault();
    update({ q: search.trim() });
  };
  const pages = query.data ? Math.max(1, Math.ceil(query.data.count / PAGE_SIZE)) : 1;
  const fieldErrors = query.error instanceof ApiError ? Object.values(query.error.fieldErrors).flat() : [];

  return (
    <div className="space-y-4">
      <form onSubmit={onSearch} role="search" className="flex w-full min-w-0 gap-2">
        <label htmlFor="reservations-search" className="sr-only">
          {t('Search by family or student')}
        </label>
        <input
          id="reservations-search"
          type="search"
          className={`${inputStyles} min-w-0 flex-1`}
          placeholder={t('Family name, e-mail or student')}
          value={search}
          onChange={(e) => setSearch(e.target.value)}
        />
        <button type="submit" className={buttonStyles.secondary}>
          {t('Search')}
        </button>
      </form>
      <div className="grid grid-cols-2 gap-3 md:grid-cols-4">
        <label className="text-sm">
          <span className="block text-stone-700">{t('Status')}</span>
          <select
            className={inputStyles}
            value={get('status')}
            onChange={(e) => update({ status: e.target.value })}
          >
            <option value="">{t('All statuses')}</option>
            {adminReservationStatuses.map((s) => (
              <option key={s} value={s}>
                {statusLabels(t)[s]}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-stone-700">{t('Tutor')}</span>
          <select
            className={inputStyles}
            value={get('tutor_id')}
            onChange={(e) => update({ tutor_id: e.target.value })}
          >
            <option value="">{t('All tutors')}</option>
            {tutors.data?.map((tutor) => (
              <option key={tutor.id} value={tutor.id}>
                {tutor.full_name}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          <span className="block text-stone-700">{t('Sessions from')}</span>
          <input
            type="date"
            className={inputStyles}
            value={get('from')}
            onChange={(e) => update({ from: e.target.value })}
          />
        </label>
        <label className="text-sm">
          <span className="block text-stone-700">{t('to')}</span>
          <input
            type="date"
            className={inputStyles}
            value={get('to')}
            onChange={(e) => update({ to: e.target.value })}
          />
        </label>
      </div>
      {query.isPending ? (
        <Spinner label={t('Loading reservations...')} />
      ) : query.isError ? (
        <Alert tone="error">
          {translateAdminMessage(t, query.error.message)}
          {fieldErrors.length > 0 && ` ${fieldErrors.map((m) => translateAdminMessage(t, m)).join(' ')}`}
        </Alert>
      ) : query.data.results.length === 0 ? (
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {t('No reservations match these filters.')}
        </p>
      ) : (
        <ul className="grid gap-3" aria-label={t('Reservations')}>
          {query.data.results.map((r) => (
            <li key={r.id} className="rounded-xl border border-stone-200 bg-white p-4">
              <div className="flex flex-wrap items-start justify-between gap-2">
                <div className="min-w-0">
                  <p className="font-semibold break-words text-stone-900">
                    {r.family_name}{' '}
                    <span className="font-normal text-stone-600">
                      {t('for {{student}}', { student: r.student_name })}
                    </span>
                  </p>
                  <p className="text-sm break-all text-stone-600">{r.family_email}</p>
                </div>
                <StatusBadge status={r.status} />
              </div>
              <dl className="mt-2 grid grid-cols-[6rem_1fr] gap-x-3 gap-y-1 text-sm md:grid-cols-[6rem_1fr_6rem_1fr]">
                <dt className="text-stone-600">{t('Tutor')}</dt>
                <dd className="break-words">
                  {r.tutor_name}
                  {r.subject && ` · ${r.subject}`}
                </dd>
                <dt className="text-stone-600">{t('Starts')}</dt>
                <dd>
                  {longDate(r.date, dates)} {r.time} EAT ·{' '}
                  {t('{{minutes}} min', { minutes: r.duration_minutes })}
                </dd>
                <dt className="text-stone-600">{t('Next')}</dt>
                <dd>{r.next_session_at ? `${eatDateTime(r.next_session_at, dates)} EAT` : '—'}</dd>
                <dt className="text-stone-600">{t('Amount')}</dt>
                <dd>
                  {money(r.amount, r.currency)} · {t('{{count}} sessions', { count: r.sessions_count })}
                </dd>
              </dl>
              <p className="mt-2 flex gap-4 text-sm">
                <Link to={`/admin/reservation/details/${r.id}`} className="text-brand-700 underline">
                  {t('Details')}{' '}
                  <span className="sr-only">
                    {t("of {{family}}'s reservation", { family: r.family_name })}
                  </span>
                </Link>
                <Link to={`/admin/reservation/${r.id}/edit`} className="text-brand-700 underline">
                  {t('Move or cancel')}{' '}
                  <span className="sr-only">
                    {t("sessions of {{family}}'s reservation", { family: r.family_name })}
                  </span>
                </Link>
              </p>
            </li>
          ))}
        </ul>
      )}
      {query.data && query.data.count > 0 && (
        <Pager
          page={page}
          pages={pages}
          total={t('{{count}} reservations', { count: query.data.count })}
          onPage={(p) => update({ page: String(p) })}
        />
      )}
    </div>
  );
}
