import { useTranslation } from 'react-i18next';
import { buttonStyles } from './button-styles.ts';

/**
 * Prev / Next paging under a list, with where the reader is ("Page 2 of 5 · 93 payments"). `onPage` gets the
 * page to show; the buttons are disabled at the ends.
 */
export function Pager({
  page,
  pages,
  total,
  onPage,
}: {
  page: number;
  pages: number;
  /** What the whole list holds, e.g. "93 payments"; left out when not known. */
  total?: string;
  onPage: (page: number) => void;
}) {
  const { t } = useTranslation('common');
  return (
    <nav aria-label={t('Pagination')} className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <p>
        {t('Page {{page}} of {{pages}}', { page, pages })}
        {total ? ` · ${total}` : ''}
      </p>
      <div className="flex gap-2">
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={page <= 1}
          onClick={() => onPage(page - 1)}
        >
          {t('Prev')}
        </button>
        <button
          type="button"
          className={buttonStyles.secondary}
          disabled={page >= pages}
          onClick={() => onPage(page + 1)}
        >
          {t('Next')}
        </button>
      </div>
    </nav>
  );
}
