import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { useDirectoryFilters } from '../hooks/use-directory-filters.ts';
import { DirectoryFilters } from './directory-filters.tsx';
import { TutorResults } from './tutor-results.tsx';

/**
 * The tutor directory of spec §2/§4/§5 searched on the server (issue 28): the filters live in the address, the
 * server answers a page at a time; loading and empty states, cards, image and details dialogs as before.
 */
export function TutorDirectory() {
  const { t } = useTranslation('public');
  const filters = useDirectoryFilters();
  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <DirectoryFilters
        query={filters.query}
        drafts={filters.drafts}
        onSearch={filters.setSearch}
        onGrade={filters.setGrade}
        onSubject={filters.toggleSubject}
        onLanguage={filters.setLanguage}
        onMinPrice={filters.setMinPrice}
        onMaxPrice={filters.setMaxPrice}
        onDay={filters.setDay}
        onTimeOfDay={filters.setTimeOfDay}
        onSort={filters.setSort}
      />
      <TutorResults
        query={filters.query}
        empty={
          <div className="mt-8 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
            <p className="text-lg text-stone-700">{t(m.empty)}</p>
            <button type="button" className={buttonStyles.primary} onClick={filters.reset}>
              {t(m.resetFilters)}
            </button>
          </div>
        }
      />
    </div>
  );
}
