import { useTranslation } from 'react-i18next';
import { blogMessages as m } from '@tibeb/domain/blog/messages';
import { paginationWindow } from '@tibeb/domain/blog/rules';

const pageButton =
  'inline-flex min-w-10 items-center justify-center rounded-lg px-3 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700';

/** Prev / Next, the first and last page, the current page ±2, ellipses between (spec §2, §9). */
export function Pagination({
  page,
  totalPages,
  onPage,
}: {
  page: number;
  totalPages: number;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('public');
  const items = paginationWindow(page, totalPages);
  if (!items.length) return null;
  return (
    <nav aria-label={t('Pagination')} className="mt-10 flex flex-wrap items-center justify-center gap-1">
      <button
        type="button"
        disabled={page <= 1}
        onClick={() => onPage(page - 1)}
        className={`${pageButton} text-stone-700 hover:bg-stone-200 disabled:cursor-not-allowed disabled:opacity-40`}
      >
        {t(m.prev)}
      </button>
      {items.map((item) =>
        typeof item === 'number' ? (
          <button
            key={item}
            type="button"
            aria-label={t('Page {{page}}', { page: item })}
            aria-current={item === page ? 'page' : undefined}
            onClick={() => onPage(item)}
            className={`${pageButton} ${item === page ? 'bg-brand-700 text-white' : 'text-stone-700 hover:bg-stone-200'}`}
          >
            {item}
          </button>
        ) : (
          <span key={item} aria-hidden="true" className="px-2 text-stone-500">
            …
          </span>
        ),
      )}
      <button
        type="button"
        disabled={page >= totalPages}
        onClick={() => onPage(page + 1)}
        className={`${pageButton} text-stone-700 hover:bg-stone-200 disabled:cursor-not-allowed disabled:opacity-40`}
      >
        {t(m.next)}
      </button>
    </nav>
  );
}
