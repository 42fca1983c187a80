import { categoryFromQuery, emptyFilters, type DirectoryFilters } from '@tibeb/domain/tutors/directory';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * The directory's three filters. `?subject=` (case-insensitive) pre-selects a subject on load, and again when
 * the address changes to another subject, but only while no subject is chosen (spec §2).
 */
export function useDirectoryFilters() {
  const [searchParams] = useSearchParams();
  const param = searchParams.get('subject');
  const [filters, setFilters] = useState<DirectoryFilters>(() => ({
    ...emptyFilters,
    subject: categoryFromQuery(param),
  }));
  const [seenParam, setSeenParam] = useState(param);
  if (param !== seenParam) {
    // Adjusting state while rendering (React's documented pattern) avoids a flash of the unfiltered list.
    setSeenParam(param);
    const preselect = categoryFromQuery(param);
    if (preselect && !filters.subject) setFilters({ ...filters, subject: preselect });
  }

  return {
    filters,
    setSearch: (search: string) => setFilters((f) => ({ ...f, search })),
    setGrade: (grade: number | null) => setFilters((f) => ({ ...f, grade })),
    /** Pressing the active subject again clears the subject filter (spec §2). */
    toggleSubject: (subject: string | null) =>
      setFilters((f) => ({ ...f, subject: subject === null || f.subject === subject ? null : subject })),
    reset: () => setFilters(emptyFilters),
  };
}
