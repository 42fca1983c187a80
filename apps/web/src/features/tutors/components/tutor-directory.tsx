import { filterTutors, gradeOptions } from '@tibeb/domain/tutors/directory';
import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTutors, type DirectoryTutor } from '../api/get-tutors.ts';
import { useDirectoryFilters } from '../hooks/use-directory-filters.ts';
import { DirectoryFilters } from './directory-filters.tsx';
import { ImageDialog } from './image-dialog.tsx';
import { TutorCard } from './tutor-card.tsx';
import { TutorDetailsDialog } from './tutor-details-dialog.tsx';

const noTutors: DirectoryTutor[] = [];

/** The tutor directory of spec §2/§4/§5: filters, loading and empty states, cards, image and details dialogs. */
export function TutorDirectory() {
  const { t } = useTranslation('public');
  const query = useTutors();
  const { filters, setSearch, setGrade, toggleSubject, reset } = useDirectoryFilters();
  const [details, setDetails] = useState<DirectoryTutor | null>(null);
  const [image, setImage] = useState<{ src: string; name: string } | null>(null);

  // Spec §8: a failed fetch or an unexpected shape is logged; the list is empty and the empty state shows.
  useEffect(() => {
    if (query.error) console.error('Failed to load tutors:', query.error);
  }, [query.error]);

  const tutors = query.data ?? noTutors;
  const grades = useMemo(() => gradeOptions(tutors), [tutors]);
  const visible = useMemo(() => filterTutors(tutors, filters), [tutors, filters]);

  return (
    <div className="mx-auto max-w-6xl px-4 py-8 sm:py-10">
      <DirectoryFilters
        filters={filters}
        grades={grades}
        onSearch={setSearch}
        onGrade={setGrade}
        onSubject={toggleSubject}
      />
      {query.isPending ? (
        // Holds the cards' place, so the footer does not jump down when they arrive (layout shift on phones).
        <div className="min-h-[100svh]">
          <Spinner label={t(m.loading)} />
        </div>
      ) : visible.length === 0 ? (
        <div className="mt-8 flex flex-col items-center gap-4 rounded-2xl border border-dashed border-stone-300 bg-white px-6 py-12 text-center">
          <p className="text-lg text-stone-700">{t(m.empty)}</p>
          <button type="button" className={buttonStyles.primary} onClick={reset}>
            {t(m.resetFilters)}
          </button>
        </div>
      ) : (
        <>
          <p className="mt-6 mb-4 text-sm text-stone-600" aria-live="polite">
            {visible.length === 1 ? t('1 tutor') : t('{{count}} tutors', { count: visible.length })}
          </p>
          <ul className="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('Tutors')}>
            {visible.map((tutor, i) => (
              <li key={tutor.id ?? `tutor-${i}`} className="flex">
                <TutorCard tutor={tutor} onEnlarge={setImage} onDetails={setDetails} eager={i < 3} />
              </li>
            ))}
          </ul>
        </>
      )}
      <TutorDetailsDialog tutor={details} onClose={() => setDetails(null)} />
      <ImageDialog image={image} onClose={() => setImage(null)} />
    </div>
  );
}
