import { directoryMessages as m } from '@tibeb/domain/tutors/messages';
import { useEffect, useRef, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { buttonStyles } from '../../../components/ui/button-styles.ts';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useTutorSearch, type DirectoryQuery, type DirectoryTutor } from '../api/search-tutors.ts';
import { ImageDialog } from './image-dialog.tsx';
import { TutorCard } from './tutor-card.tsx';
import { TutorDetailsDialog } from './tutor-details-dialog.tsx';

/**
 * The tutors of one search (the directory's filters, or a subject page's subject), a page at a time: the spec's
 * loading and empty states, the cards, "Show more" (the pages loaded so far stay), the image and details dialogs.
 */
export function TutorResults({ query, empty }: { query: DirectoryQuery; empty: ReactNode }) {
  const { t } = useTranslation('public');
  const search = useTutorSearch(query);
  const [details, setDetails] = useState<DirectoryTutor | null>(null);
  const [image, setImage] = useState<{ src: string; name: string } | null>(null);

  // Spec §8: a failed fetch or an unexpected shape is logged; the list is empty and the empty state shows.
  useEffect(() => {
    if (search.error) console.error('Failed to load tutors:', search.error);
  }, [search.error]);

  const pages = search.isError ? [] : (search.data?.pages ?? []);
  const tutors = pages.flatMap((page) => page.results);

  // After "Show more", focus moves to the first new card's link (the button may be gone), and reading goes on.
  const list = useRef<HTMLUListElement>(null);
  const focusFrom = useRef<number | null>(null);
  useEffect(() => {
    const from = focusFrom.current;
    if (from === null || tutors.length <= from) return;
    focusFrom.current = null;
    list.current?.children[from]?.querySelector<HTMLElement>('h2 a')?.focus();
  }, [tutors.length]);
  const total = pages[0]?.total ?? 0;
  // A changed filter shows the last answer until the new one arrives; the list says it is busy meanwhile.
  const busy = search.isPlaceholderData;

  let body: ReactNode;
  if (search.isPending) {
    // Holds the cards' place, so the footer does not jump down when they arrive (layout shift on phones).
    body = (
      <div className="min-h-[100svh]">
        <Spinner label={t(m.loading)} />
      </div>
    );
  } else if (tutors.length === 0) {
    body = (
      <>
        {empty}
        {search.isError && (
          // The spec's empty state stands for a failed load too (§8); asking again is one press away.
          <p className="mt-4 text-center">
            <button
              type="button"
              className="font-semibold text-brand-700 underline underline-offset-2"
              onClick={() => void search.refetch()}
            >
              {t('Try again')}
            </button>
          </p>
        )}
      </>
    );
  } else {
    body = (
      <>
        <p className="mt-6 mb-4 text-sm text-stone-600" aria-live="polite">
          {total === 1 ? t('1 tutor') : t('{{count}} tutors', { count: total })}
        </p>
        <ul
          ref={list}
          className={`grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3 ${busy ? 'opacity-60' : ''}`}
          aria-label={t('Tutors')}
          aria-busy={busy || search.isFetchingNextPage}
        >
          {tutors.map((tutor, i) => (
            <li key={tutor.id} className="flex min-w-0">
              <TutorCard tutor={tutor} onEnlarge={setImage} onDetails={setDetails} eager={i < 3} />
            </li>
          ))}
        </ul>
        <div className="mt-8 flex flex-col items-center gap-3 text-center">
          <p className="text-sm text-stone-600">
            {t('Showing {{shown}} of {{total}} tutors', {
              shown: tutors.length,
              total: Math.max(total, tutors.length),
            })}
          </p>
          {search.hasNextPage && (
            <button
              type="button"
              className={buttonStyles.secondary}
              disabled={search.isFetchingNextPage || busy}
              onClick={() => {
                focusFrom.current = tutors.length;
                void search.fetchNextPage();
              }}
            >
              {search.isFetchingNextPage ? t('Loading more tutors...') : t('Show more tutors')}
            </button>
          )}
          {search.isFetchNextPageError && (
            <p role="alert" className="text-sm text-red-700">
              {t('More tutors could not be loaded. Please try again.')}
            </p>
          )}
        </div>
      </>
    );
  }

  return (
    <>
      {body}
      <TutorDetailsDialog tutor={details} onClose={() => setDetails(null)} />
      <ImageDialog image={image} onClose={() => setImage(null)} />
    </>
  );
}
