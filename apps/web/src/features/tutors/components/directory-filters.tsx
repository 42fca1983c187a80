import { subjectCategories } from '@tibeb/domain/subjects/categories';
import { availabilityDays, type AvailabilityDay } from '@tibeb/domain/tutors/days';
import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import {
  timeOfDaySpans,
  timesOfDay,
  tutorSearchSorts,
  type TimeOfDay,
  type TutorSearchSort,
} from '@tibeb/domain/tutors/search-params';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { inputStyles } from '../../../components/ui/button-styles.ts';
import type { DirectoryQuery } from '../api/search-tutors.ts';

/** The grades a family can pick: every school grade (the server filters; spec §5's union needs every tutor). */
export const directoryGrades = Array.from({ length: 12 }, (_, i) => i + 1);

/** The languages offered in the language filter (what the tutors teach in); another from the address is added. */
export const directoryLanguages = ['Amharic', 'English', 'Tigrigna', 'Afaan Oromoo'] as const;

type Props = {
  query: DirectoryQuery;
  /** What the visitor is typing in the text fields, ahead of the query. */
  drafts: { q: string; min_price: string; max_price: string };
  onSearch: (value: string) => void;
  onGrade: (value: number | null) => void;
  onSubject: (value: string | null) => void;
  onLanguage: (value: string) => void;
  onMinPrice: (value: string) => void;
  onMaxPrice: (value: string) => void;
  onDay: (value: string) => void;
  onTimeOfDay: (value: string) => void;
  onSort: (value: string) => void;
};

const chip = (active: boolean) =>
  `rounded-full border px-4 py-2 text-sm font-semibold transition focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 ${
    active
      ? 'border-brand-700 bg-brand-700 text-white'
      : 'border-stone-300 bg-white text-stone-700 hover:border-brand-600 hover:text-brand-700'
  }`;

const fieldLabel = 'mb-1 block text-sm font-medium text-stone-700';

/** Search, grade and subject (spec §2), then language, price, day, time of day and the order (issue 28). */
export function DirectoryFilters(props: Props) {
  const { query, drafts } = props;
  const { t } = useTranslation('public');
  const id = useId();
  const dayNames: Record<AvailabilityDay, string> = {
    mon: t('Monday'),
    tue: t('Tuesday'),
    wed: t('Wednesday'),
    thu: t('Thursday'),
    fri: t('Friday'),
    sat: t('Saturday'),
    sun: t('Sunday'),
  };
  const timeNames: Record<TimeOfDay, string> = {
    morning: t('Morning ({{from}}–{{to}} EAT)', timeOfDaySpans.morning),
    afternoon: t('Afternoon ({{from}}–{{to}} EAT)', timeOfDaySpans.afternoon),
    evening: t('Evening ({{from}}–{{to}} EAT)', timeOfDaySpans.evening),
  };
  const sortNames: Record<TutorSearchSort, string> = {
    rating: t('Best rated'),
    price: t('Lowest price'),
    next_free: t('Soonest free time'),
  };
  const languageNames: Record<(typeof directoryLanguages)[number], string> = {
    Amharic: t('Amharic'),
    English: t('English'),
    Tigrigna: t('Tigrigna'),
    'Afaan Oromoo': t('Afaan Oromoo'),
  };
  const known = directoryLanguages.find((l) => l.toLowerCase() === query.language?.toLowerCase());
  return (
    <div className="flex min-w-0 flex-col gap-4 rounded-2xl border border-stone-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-col gap-3 sm:flex-row">
        <div className="min-w-0 flex-1">
          <label htmlFor={`${id}-q`} className="sr-only">
            {t('Search tutors by name or subject')}
          </label>
          <input
            id={`${id}-q`}
            type="search"
            value={drafts.q}
            maxLength={100}
            placeholder={t(m.searchPlaceholder)}
            onChange={(e) => props.onSearch(e.target.value)}
            className={inputStyles}
            autoComplete="off"
          />
        </div>
        <div className="sm:w-48">
          <label htmlFor={`${id}-grade`} className="sr-only">
            {t('Grade')}
          </label>
          <select
            id={`${id}-grade`}
            value={query.grade === undefined ? '' : String(query.grade)}
            onChange={(e) => props.onGrade(e.target.value === '' ? null : Number(e.target.value))}
            className={inputStyles}
          >
            <option value="">{t(m.allGrades)}</option>
            {directoryGrades.map((g) => (
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
          aria-pressed={!query.subject}
          className={chip(!query.subject)}
          onClick={() => props.onSubject(null)}
        >
          {t(m.allSubjects)}
        </button>
        {subjectCategories.map((category) => (
          <button
            key={category}
            type="button"
            aria-pressed={query.subject === category}
            className={chip(query.subject === category)}
            onClick={() => props.onSubject(category)}
          >
            {t(category)}
          </button>
        ))}
      </div>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6">
        <div className="min-w-0">
          <label htmlFor={`${id}-language`} className={fieldLabel}>
            {t('Teaches in')}
          </label>
          <select
            id={`${id}-language`}
            value={known ?? query.language ?? ''}
            onChange={(e) => props.onLanguage(e.target.value)}
            className={inputStyles}
          >
            <option value="">{t('Any language')}</option>
            {directoryLanguages.map((language) => (
              <option key={language} value={language}>
                {languageNames[language]}
              </option>
            ))}
            {query.language && !known && <option value={query.language}>{query.language}</option>}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-day`} className={fieldLabel}>
            {t('Day')}
          </label>
          <select
            id={`${id}-day`}
            value={query.day ?? ''}
            onChange={(e) => props.onDay(e.target.value)}
            className={inputStyles}
          >
            <option value="">{t('Any day')}</option>
            {availabilityDays.map((day) => (
              <option key={day} value={day}>
                {dayNames[day]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-time`} className={fieldLabel}>
            {t('Time of day')}
          </label>
          <select
            id={`${id}-time`}
            value={query.time_of_day ?? ''}
            onChange={(e) => props.onTimeOfDay(e.target.value)}
            className={inputStyles}
          >
            <option value="">{t('Any time')}</option>
            {timesOfDay.map((time) => (
              <option key={time} value={time}>
                {timeNames[time]}
              </option>
            ))}
          </select>
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-min`} className={fieldLabel}>
            {t('Min $/hour')}
          </label>
          <input
            id={`${id}-min`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={drafts.min_price}
            onChange={(e) => props.onMinPrice(e.target.value)}
            className={inputStyles}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-max`} className={fieldLabel}>
            {t('Max $/hour')}
          </label>
          <input
            id={`${id}-max`}
            type="number"
            inputMode="decimal"
            min={0}
            step="any"
            value={drafts.max_price}
            onChange={(e) => props.onMaxPrice(e.target.value)}
            className={inputStyles}
          />
        </div>
        <div className="min-w-0">
          <label htmlFor={`${id}-sort`} className={fieldLabel}>
            {t('Sort by')}
          </label>
          <select
            id={`${id}-sort`}
            value={query.sort ?? 'rating'}
            onChange={(e) => props.onSort(e.target.value)}
            className={inputStyles}
          >
            {tutorSearchSorts.map((sort) => (
              <option key={sort} value={sort}>
                {sortNames[sort]}
              </option>
            ))}
          </select>
        </div>
      </div>
    </div>
  );
}
