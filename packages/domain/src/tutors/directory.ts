import { subjectCategories, type SubjectCategory } from '../subjects/categories.ts';
import { directoryMessages } from './messages.ts';

/** Spec §9: tutor grade range default 1 to 12; bio preview 100 characters; ratings 0–5. */
export const directoryLimits = {
  defaultGradeFrom: 1,
  defaultGradeTo: 12,
  bioPreviewLength: 100,
  maxStars: 5,
} as const;

/**
 * The subject → category map of spec §3. The spec's keys mix case ("math", "Science", "Chemistry"); tutors
 * type their subject freely, so matching ignores case and surrounding spaces (decision 020).
 */
export const subjectCategoryMap: Readonly<Record<string, SubjectCategory>> = {
  math: 'Mathematics',
  maths: 'Mathematics',
  physics: 'Sciences',
  science: 'Sciences',
  biology: 'Sciences',
  chemistry: 'Sciences',
  amharic: 'Languages',
  english: 'Languages',
  python: 'Coding',
  javascript: 'Coding',
};

/** Spec §3: the mapped category of a free-text subject; a subject not in the map is used as it is. */
export function mapSubjectCategory(subject: string): string {
  return subjectCategoryMap[subject.trim().toLowerCase()] ?? subject;
}

export const isSubjectCategory = (value: unknown): value is SubjectCategory =>
  typeof value === 'string' && (subjectCategories as readonly string[]).includes(value);

/** The fields of a tutor the directory rules read; the server's answer may be loose (spec §3 defaults). */
export type DirectoryTutorLike = {
  full_name?: unknown;
  subject?: unknown;
  category?: unknown;
  grade_from?: unknown;
  grade_to?: unknown;
};

const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/**
 * The category a tutor is listed under: the spec's map first; for a subject outside the map (Tigrigna,
 * Afaan Oromoo) the category of the tutor's catalogue subject when the server gives one of the four;
 * otherwise the subject as it is (decision 020).
 */
export function tutorCategory(tutor: DirectoryTutorLike): string {
  const subject = text(tutor.subject);
  const mapped = mapSubjectCategory(subject);
  if (isSubjectCategory(mapped)) return mapped;
  return isSubjectCategory(tutor.category) ? tutor.category : subject;
}

/** A numeric grade, or the fallback when the value is not numeric (spec §3). */
function numericGrade(value: unknown, fallback: number): number {
  if (typeof value === 'number' && Number.isFinite(value)) return Math.trunc(value);
  if (typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value))) {
    return Math.trunc(Number(value));
  }
  return fallback;
}

/** grade_from (default 1 if not numeric) and grade_to (default 12 if not numeric), spec §3. */
export function gradeRange(tutor: DirectoryTutorLike): { from: number; to: number } {
  return {
    from: numericGrade(tutor.grade_from, directoryLimits.defaultGradeFrom),
    to: numericGrade(tutor.grade_to, directoryLimits.defaultGradeTo),
  };
}

/** Spec §5 Search: the lowercased full_name or subject contains the lowercased search text. */
export function matchesSearch(tutor: DirectoryTutorLike, search: string): boolean {
  const needle = search.toLowerCase();
  if (needle === '') return true;
  return (
    text(tutor.full_name).toLowerCase().includes(needle) || text(tutor.subject).toLowerCase().includes(needle)
  );
}

/** Spec §5 Subject: none chosen, or the tutor's mapped category equals the chosen one. */
export function matchesSubject(tutor: DirectoryTutorLike, category: string | null): boolean {
  return !category || tutorCategory(tutor) === category;
}

/** Spec §5 Grade: none chosen, or grade_from <= chosen grade <= grade_to. */
export function matchesGrade(tutor: DirectoryTutorLike, grade: number | null): boolean {
  if (grade === null) return true;
  const { from, to } = gradeRange(tutor);
  return from <= grade && grade <= to;
}

export type DirectoryFilters = { search: string; subject: string | null; grade: number | null };
export const emptyFilters: DirectoryFilters = { search: '', subject: null, grade: null };

/** All three filters must hold (spec §5). */
export function filterTutors<T extends DirectoryTutorLike>(
  tutors: readonly T[],
  filters: DirectoryFilters,
): T[] {
  return tutors.filter(
    (t) =>
      matchesSearch(t, filters.search) &&
      matchesSubject(t, filters.subject) &&
      matchesGrade(t, filters.grade),
  );
}

/**
 * Spec §5 Grade options: the union, without duplicates and sorted ascending, of all integers from
 * max(1, grade_from) to max(that, grade_to) across all tutors.
 */
export function gradeOptions(tutors: readonly DirectoryTutorLike[]): number[] {
  const grades = new Set<number>();
  for (const tutor of tutors) {
    const { from, to } = gradeRange(tutor);
    const start = Math.max(1, from);
    // A corrupt range must not freeze a phone: no school has more than a few dozen grades.
    const end = Math.min(Math.max(start, to), start + 30);
    for (let g = start; g <= end; g += 1) grades.add(g);
  }
  return [...grades].sort((a, b) => a - b);
}

/** A rating as a number in 0–5; anything not numeric is 0. */
function ratingValue(rating: unknown): number {
  const n = typeof rating === 'number' ? rating : typeof rating === 'string' ? Number(rating) : NaN;
  return Number.isFinite(n) ? n : 0;
}

/** Spec §5/§9: the number of filled stars, rounded and clamped between 0 and 5. */
export function starCount(rating: unknown): number {
  return Math.min(directoryLimits.maxStars, Math.max(0, Math.round(ratingValue(rating))));
}

/** Spec §9: the rating badge, one decimal ("4.7"), clamped to 0–5. */
export function formatRating(rating: unknown): string {
  return Math.min(directoryLimits.maxStars, Math.max(0, ratingValue(rating))).toFixed(1);
}

/**
 * Spec §2: the bio cut at 100 characters plus an ellipsis; a bio of 100 characters or fewer is shown whole
 * (decision 020); no bio → 'No bio available'.
 */
export function bioPreview(bio: unknown): string {
  const value = text(bio).trim();
  if (value === '') return directoryMessages.noBio;
  if (value.length <= directoryLimits.bioPreviewLength) return value;
  return `${value.slice(0, directoryLimits.bioPreviewLength)}...`;
}

/** Spec §2 fallbacks. */
export const displayName = (fullName: unknown): string =>
  text(fullName).trim() || directoryMessages.unnamedTutor;
export const displayEducation = (education: unknown): string =>
  text(education).trim() || directoryMessages.educationNotSpecified;

/**
 * The category a `?subject=` value pre-selects (spec §2, case-insensitive): a category's name or slug
 * ("sciences", "Mathematics"), or a subject the map knows ("math" → Mathematics). Null when none matches.
 */
export function categoryFromQuery(value: string | null | undefined): SubjectCategory | null {
  const wanted = (value ?? '').trim().toLowerCase();
  if (!wanted) return null;
  const direct = subjectCategories.find((c) => c.toLowerCase() === wanted);
  if (direct) return direct;
  const mapped = subjectCategoryMap[wanted];
  return mapped ?? null;
}
