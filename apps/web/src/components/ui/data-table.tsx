import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { Alert } from './alert.tsx';
import { Pager } from './pager.tsx';
import { Spinner } from './spinner.tsx';

/** One column: its heading (already translated, also each cell's label on phones) and how a row fills it. */
export type Column<Row> = {
  header: string;
  cell: (row: Row) => ReactNode;
  /** The heading is read by screen readers only (a column of actions). */
  hideHeader?: boolean;
  /** On phones the label sits above the value, which takes the card's width (a comment, a title). */
  stack?: boolean;
  /** Aligned to the end on wide screens (amounts, actions). */
  end?: boolean;
  /** Extra classes for the cell's content (e.g. 'whitespace-nowrap' for an amount). */
  className?: string;
};

export type Paging = {
  page: number;
  pages: number;
  /** What the whole list holds, e.g. '93 payments'. */
  total?: string;
  onPage: (page: number) => void;
};

/*
 * A table on wide screens; on phones (below md) each row is a card and each cell a line labelled by its column
 * (`data-label`), so nothing is wider than a 390 px screen. Long words (e-mail addresses, slugs) break on phones
 * anywhere they must; on wide screens a table too wide for its box scrolls inside it, never the page.
 */
const styles = {
  wrap: 'rounded-xl border border-stone-200 bg-white md:overflow-x-auto max-md:border-0 max-md:bg-transparent',
  table: 'w-full text-left text-sm max-md:block',
  thead: 'bg-stone-100 text-stone-700 max-md:sr-only',
  th: 'px-3 py-2 font-semibold',
  tbody: 'divide-y divide-stone-200 max-md:block max-md:space-y-3 max-md:divide-y-0',
  tr: 'align-top max-md:block max-md:rounded-xl max-md:border max-md:border-stone-200 max-md:bg-white max-md:p-3',
  td: 'px-3 py-2 max-md:flex max-md:gap-x-4 max-md:px-0 max-md:py-1 max-md:before:font-medium max-md:before:text-stone-600 max-md:before:content-[attr(data-label)]',
  // Label on the left, value on the right; the label keeps at most about half the line.
  tdLine:
    'max-md:justify-between max-md:text-right max-md:before:max-w-[45%] max-md:before:shrink-0 max-md:before:text-left',
  // Label above, value across the card.
  tdStack: 'max-md:flex-col max-md:gap-y-1',
  content: 'min-w-0 break-words max-md:wrap-anywhere',
} as const;

/**
 * The list of an admin screen (users, tutors, reservations, payments, posts, comments…): loading, error and
 * empty states, the rows by `columns`, and the pager under them. Every text comes translated from the caller.
 */
export function DataTable<Row>({
  caption,
  columns,
  rows,
  rowKey,
  rowTestId,
  loading,
  loadingLabel,
  error,
  empty,
  paging,
}: {
  /** The table's accessible name (a visually hidden caption). */
  caption: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[] | undefined;
  rowKey: (row: Row, index: number) => string | number;
  /** A `data-testid` on every row, for the browser journeys. */
  rowTestId?: string;
  /** While the rows load (a spinner with `loadingLabel`). */
  loading?: boolean;
  loadingLabel?: string;
  /** Shown instead of the rows when the list could not be read. */
  error?: ReactNode;
  /** Shown when there is no row. */
  empty: ReactNode;
  /** The pager under the rows; none when left out. */
  paging?: Paging;
}) {
  if (loading) return <Spinner label={loadingLabel} />;
  if (error) return <Alert tone="error">{error}</Alert>;
  const pager = paging && (
    <Pager page={paging.page} pages={paging.pages} total={paging.total} onPage={paging.onPage} />
  );
  if (!rows || rows.length === 0)
    return (
      <div className="space-y-4">
        <p className="rounded-xl border border-dashed border-stone-300 bg-white p-5 text-stone-600">
          {empty}
        </p>
        {/* Past the last page (the list shrank meanwhile): the way back. */}
        {paging && paging.page > 1 && pager}
      </div>
    );
  return (
    <div className="space-y-4">
      <div className={styles.wrap}>
        <table className={styles.table}>
          <caption className="sr-only">{caption}</caption>
          <thead className={styles.thead}>
            <tr>
              {columns.map((c) => (
                <th key={c.header} scope="col" className={`${styles.th} ${c.end ? 'text-right' : ''}`}>
                  {c.hideHeader ? <span className="sr-only">{c.header}</span> : c.header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody className={styles.tbody}>
            {rows.map((row, index) => (
              <tr key={rowKey(row, index)} className={styles.tr} data-testid={rowTestId}>
                {columns.map((c) => (
                  <td
                    key={c.header}
                    data-label={c.header}
                    className={`${styles.td} ${c.stack ? styles.tdStack : styles.tdLine} ${c.end ? 'md:text-right' : ''}`}
                  >
                    <div className={`${styles.content} ${c.className ?? ''}`}>{c.cell(row)}</div>
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {pager}
    </div>
  );
}

/** A person in a cell: the name, and the e-mail address below it (broken anywhere to fit a phone). */
export function NameAndEmail({ name, email }: { name: string; email: string }) {
  return (
    <>
      <span className="block font-medium wrap-anywhere">{name}</span>
      <span className="block break-all text-stone-600">{email}</span>
    </>
  );
}

/** A yes-or-no state in a cell (published or hidden, active or deactivated): the "on" word in green. */
export function OnOff({ on, onText, offText }: { on: boolean; onText: string; offText: string }) {
  return on ? (
    <span className="text-emerald-700">{onText}</span>
  ) : (
    <span className="text-stone-600">{offText}</span>
  );
}

/** A row's View and Edit links (`<base>/<id>/view`, `…/edit`), each named with the row for screen readers. */
export function ViewEditLinks({
  base,
  id,
  name,
  view,
  edit,
}: {
  base: string;
  id: number | string;
  name: string;
  view: string;
  edit: string;
}) {
  return (
    <>
      <Link to={`${base}/${id}/view`} className="mr-4 text-brand-700 underline">
        {view}
        <span className="sr-only"> {name}</span>
      </Link>
      <Link to={`${base}/${id}/edit`} className="text-brand-700 underline">
        {edit}
        <span className="sr-only"> {name}</span>
      </Link>
    </>
  );
}
