import { categoryFromQuery } from '@tibeb/domain/tutors/directory';
import { queryOfSearchParams, searchParamsOfQuery } from '@tibeb/domain/tutors/search-params';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import type { DirectoryQuery } from '../api/search-tutors.ts';

/** How long typing rests before the search (and the address) follows it. */
export const TYPING_PAUSE_MS = 350;

/**
 * The directory's filters as the address carries them (`/tutors?subject=Sciences&grade=9`): lenient, so a mangled
 * address still shows tutors; `subject` is one of the four categories, matched case-insensitively (spec §2: an
 * unknown one is ignored); the page (cursor) and its size never come from a shared address.
 */
export function directoryQueryOf(params: URLSearchParams): DirectoryQuery {
  const { cursor: _cursor, limit: _limit, subject, ...rest } = queryOfSearchParams(params);
  const category = categoryFromQuery(subject);
  return category ? { ...rest, subject: category } : rest;
}

/** The address's search part for a query (stable order, defaults left out). */
export const directorySearchOf = (query: DirectoryQuery) => searchParamsOfQuery(query);

type TextField = 'q' | 'min_price' | 'max_price';
type Drafts = Record<TextField, string>;
const textFields: TextField[] = ['q', 'min_price', 'max_price'];
const draftsOf = (query: DirectoryQuery): Drafts => ({
  q: query.q ?? '',
  min_price: query.min_price === undefined ? '' : String(query.min_price),
  max_price: query.max_price === undefined ? '' : String(query.max_price),
});
/** What a typed value means ('ab ' is 'ab', '10.50' is '10.5'), to compare it with the address's. */
function meaning(field: TextField, text: string): string {
  const value = text.trim();
  if (field === 'q' || value === '') return value;
  const n = Number(value);
  return Number.isFinite(n) ? String(n) : value;
}

/**
 * The directory's filters, held in the address so a filtered page can be shared and reloaded (issue 28). Choices
 * apply at once; typed fields (search, prices) apply when typing pauses. The address is replaced, not pushed: Back
 * leaves the directory rather than stepping through every keystroke.
 */
export function useDirectoryFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  // eslint-disable-next-line react-hooks/exhaustive-deps -- the string is the params' identity
  const query = useMemo(() => directoryQueryOf(params), [key]);

  // What the visitor is typing, ahead of the address.
  const [drafts, setDrafts] = useState<Drafts>(() => draftsOf(query));
  const [seen, setSeen] = useState(query);
  if (seen !== query) {
    // The address changed (a choice, Reset, Back): the fields show what it says (React's adjust-while-rendering).
    setSeen(query);
    const wanted = draftsOf(query);
    // A field whose text already means what the address says keeps its text (a trailing space, '10.50').
    setDrafts((d) => {
      const next = { ...d };
      for (const f of textFields) if (meaning(f, d[f]) !== wanted[f]) next[f] = wanted[f];
      return next;
    });
  }

  const apply = useCallback(
    (patch: Partial<Record<keyof DirectoryQuery, unknown>>) =>
      setParams(
        (current) => {
          const next: Record<string, unknown> = { ...directoryQueryOf(current), ...patch };
          for (const [field, value] of Object.entries(next))
            if (value === undefined || value === '') delete next[field];
          // Through the lenient reader again, so only valid values reach the address.
          return directorySearchOf(directoryQueryOf(directorySearchOf(next as DirectoryQuery)));
        },
        { replace: true, preventScrollReset: true },
      ),
    [setParams],
  );

  // Typed fields reach the address once typing pauses.
  useEffect(() => {
    const current = draftsOf(query);
    const changed = textFields.filter((f) => meaning(f, drafts[f]) !== current[f]);
    if (changed.length === 0) return undefined;
    const timer = setTimeout(
      () => apply(Object.fromEntries(changed.map((f) => [f, drafts[f].trim() || undefined]))),
      TYPING_PAUSE_MS,
    );
    return () => clearTimeout(timer);
  }, [drafts, query, apply]);

  const type = (field: TextField) => (value: string) => setDrafts((d) => ({ ...d, [field]: value }));

  return {
    query,
    drafts,
    setSearch: type('q'),
    setMinPrice: type('min_price'),
    setMaxPrice: type('max_price'),
    setGrade: (grade: number | null) => apply({ grade: grade ?? undefined }),
    setLanguage: (language: string) => apply({ language: language || undefined }),
    setDay: (day: string) => apply({ day: day || undefined }),
    setTimeOfDay: (timeOfDay: string) => apply({ time_of_day: timeOfDay || undefined }),
    setSort: (sort: string) => apply({ sort: sort || undefined }),
    /** Pressing the active subject again clears the subject filter (spec §2). */
    toggleSubject: (subject: string | null) =>
      apply({ subject: subject === null || query.subject === subject ? undefined : subject }),
    /** Reset Filters: every filter cleared (spec §4: search, subject and grade; and the added ones); the sort stays. */
    reset: () => {
      setDrafts(draftsOf({}));
      setParams(directorySearchOf({ sort: query.sort }), { replace: true, preventScrollReset: true });
    },
  };
}
