import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { DataTable } from '../../../components/ui/data-table.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useDates } from '../../../lib/dates.ts';
import { useEarnings } from '../api/get-earnings.ts';
import { useMyName } from '../api/get-my-name.ts';
import { MonthTotals, useEntryColumns } from './earnings-screen.tsx';
import { parseMonth } from './labels.ts';

/**
 * The printable statement of one month (decision 236): the tutor's name, the month, its entries and totals, and a
 * Print button. It stands alone, without the area's frame, so paper shows the statement only.
 */
export function StatementPage({ month }: { month: string }) {
  const { t } = useTranslation('earnings');
  const dates = useDates();
  const valid = /^\d{4}-(0[1-9]|1[0-2])$/.test(month);
  const query = useEarnings(valid ? month : undefined);
  const name = useMyName();
  const columns = useEntryColumns();
  const monthLabel = dates.month(parseMonth(valid ? month : (query.data?.month ?? '1970-01')));
  return (
    <main className="mx-auto max-w-3xl bg-white p-6 text-stone-900 print:max-w-none print:p-0">
      <div className="mb-6 flex flex-wrap gap-3 print:hidden">
        <Link to="/tutor/earnings" className={buttonStyles.secondary}>
          {t('Back to earnings')}
        </Link>
        <button type="button" className={buttonStyles.primary} onClick={() => window.print()}>
          {t('Print')}
        </button>
      </div>
      {query.isPending ? (
        <Spinner label={t('Loading your earnings…')} />
      ) : query.isError ? (
        <Alert tone="error">{t('We could not load your earnings. Please try again.')}</Alert>
      ) : (
        <article aria-labelledby="statement-title" className="space-y-5">
          <header className="border-b border-stone-200 pb-4">
            <p className="text-lg font-bold text-brand-800">Tibeb Tutoring</p>
            <h1 id="statement-title" className="text-2xl font-bold break-words">
              {t('Earnings statement, {{month}}', { month: monthLabel })}
            </h1>
            {name.data && <p className="mt-1 break-words text-stone-700">{name.data}</p>}
            <p className="mt-1 text-sm text-stone-600">
              {t('Commission {{percent}} %', { percent: query.data.commission_percent })}
            </p>
          </header>
          <DataTable
            caption={t('Entries of {{month}}', { month: monthLabel })}
            columns={columns}
            rows={query.data.entries}
            rowKey={(e) => e.id}
            empty={t('Nothing was earned or paid out this month.')}
          />
          <h2 className="text-lg font-semibold">{t('Totals')}</h2>
          <MonthTotals totals={query.data.month_totals} />
        </article>
      )}
    </main>
  );
}
