import { subjectCategories } from '@tibeb/domain/subjects/categories';
import type { DirectoryFilters as Filters } from '@tibeb/domain/tutors/directory';
import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputStyles } from '../../../components/ui/button-styles.ts';

type Props = {
  filters: Filters;
  grades: number[];
  onSearch: (value: string) => void;
  onGrade: (value: number | null) => void;
  onSubject: (value: string | null) => void;
};

const chip = (active: boolean) =>
  `rounded-full border px-4 py-2 text-sm font-semibold transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
    active
      ? 'border-brand-700 bg-brand-700 text-white'
      : 'border-stone-300 bg-white text-stone-700 hover:border-brand-600 hover:text-brand-700'
  }`;

/** Search, grade and subject (spec §2). */
export function DirectoryFilters({ filters, grades, onSearch, onGrade, onSubject }: Props) {
  const { t } = useTranslation('public');
  const searchId = useId();
  const gradeId = useId();
  return (
    <div className="flex flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="flex-1">
          <label htmlFor={searchId} className="sr-only">
            {t('Search tutors by name or subject')}
          </label>
          <input
            id={searchId}
            type="search"
            value={filters.search}
            placeholder={t(m.searchPlaceholder)}
            onChange={(e) => onSearch(e.target.value)}
            className={inputStyles}
            autoComplete="off"
          />
        </div>
        <div className="sm:w-48">
          <label htmlFor={gradeId} className="sr-only">
            {t('Grade')}
          </label>
          <select
            id={gradeId}
            value={filters.grade === null ? '' : String(filters.grade)}
            onChange={(e) => onGrade(e.target.value === '' ? null : Number(e.target.value))}
            className={inputStyles}
          >
            <option value="">{t(m.allGrades)}</option>
            {grades.map((g) => (
              <option key={g} value={g}>
                {t('Grade {{grade}}', { grade: g })}
              </option>
            ))}
          </select>
        </div>
      </div>
      <div role="group" aria-label={t('Subject')} className="flex flex-wrap gap-2">
        <button
          type="button"
          aria-pressed={filters.subject === null}
          className={chip(filters.subject === null)}
          onClick={() => onSubject(null)}
        >
          {t(m.allSubjects)}
        </button>
        {subjectCategories.map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={filters.subject === category}
            className={chip(filters.subject === category)}
            onClick={() => onSubject(category)}
          >
            {t(category)}
          </button>
        ))}
      </div>
    </div>
  );
}
