import { describe, expect, it } from 'vitest';
import {
  bioPreview,
  categoryFromQuery,
  displayEducation,
  displayName,
  filterTutors,
  formatRating,
  gradeOptions,
  gradeRange,
  mapSubjectCategory,
  matchesGrade,
  matchesSearch,
  matchesSubject,
  starCount,
  tutorCategory,
} from './directory.ts';
import { directoryMessages } from './messages.ts';

describe('subject category mapping (spec §3)', () => {
  it('maps every key of the spec', () => {
    expect(mapSubjectCategory('math')).toBe('Mathematics');
    expect(mapSubjectCategory('maths')).toBe('Mathematics');
    for (const s of ['physics', 'Science', 'biology', 'Chemistry'])
      expect(mapSubjectCategory(s)).toBe('Sciences');
    for (const s of ['Amharic', 'English']) expect(mapSubjectCategory(s)).toBe('Languages');
    for (const s of ['Python', 'JavaScript']) expect(mapSubjectCategory(s)).toBe('Coding');
  });
  it('ignores case and surrounding spaces (decision 020)', () => {
    expect(mapSubjectCategory('MATH')).toBe('Mathematics');
    expect(mapSubjectCategory(' science ')).toBe('Sciences');
    expect(mapSubjectCategory('chemistry')).toBe('Sciences');
    expect(mapSubjectCategory('javascript')).toBe('Coding');
  });
  it('uses a subject not in the map as it is', () => {
    expect(mapSubjectCategory('Tigrigna')).toBe('Tigrigna');
    expect(mapSubjectCategory('History')).toBe('History');
    expect(mapSubjectCategory('')).toBe('');
  });
  it("lists an unmapped subject under its catalogue subject's category when the server gives one", () => {
    expect(tutorCategory({ subject: 'Afaan Oromoo', category: 'Languages' })).toBe('Languages');
    expect(tutorCategory({ subject: 'Afaan Oromoo', category: null })).toBe('Afaan Oromoo');
    expect(tutorCategory({ subject: 'History', category: 'Not a category' })).toBe('History');
    // The spec's map wins over the catalogue category.
    expect(tutorCategory({ subject: 'physics', category: 'Mathematics' })).toBe('Sciences');
  });
});

describe('directory filters (spec §5)', () => {
  const abebe = { full_name: 'Abebe Bekele', subject: 'math', grade_from: 1, grade_to: 6 };
  const hana = { full_name: 'Hana Tesfaye', subject: 'Chemistry', grade_from: 9, grade_to: 12 };
  const yonas = { full_name: 'Yonas Alemu', subject: 'Python', grade_from: 'n/a', grade_to: null };
  const tutors = [abebe, hana, yonas];

  it('search: lowercased full_name or subject contains the lowercased text', () => {
    expect(matchesSearch(abebe, 'ABEBE')).toBe(true);
    expect(matchesSearch(abebe, 'bek')).toBe(true);
    expect(matchesSearch(hana, 'chem')).toBe(true);
    expect(matchesSearch(hana, 'CHEMISTRY')).toBe(true);
    expect(matchesSearch(hana, 'math')).toBe(false);
    expect(matchesSearch(hana, '')).toBe(true);
    expect(matchesSearch({}, 'a')).toBe(false);
  });
  it('search does not trim: the text is compared as typed', () => {
    expect(matchesSearch(abebe, 'abebe ')).toBe(true); // "abebe bekele" contains "abebe "
    expect(matchesSearch(abebe, ' abebe')).toBe(false);
  });
  it('subject: none chosen, or the mapped category equals the chosen one', () => {
    expect(matchesSubject(abebe, null)).toBe(true);
    expect(matchesSubject(abebe, 'Mathematics')).toBe(true);
    expect(matchesSubject(abebe, 'Sciences')).toBe(false);
    expect(matchesSubject(hana, 'Sciences')).toBe(true);
  });
  it('grade: none chosen, or grade_from <= grade <= grade_to (bounds included)', () => {
    expect(matchesGrade(abebe, null)).toBe(true);
    expect(matchesGrade(abebe, 1)).toBe(true);
    expect(matchesGrade(abebe, 6)).toBe(true);
    expect(matchesGrade(abebe, 7)).toBe(false);
    expect(matchesGrade(hana, 8)).toBe(false);
  });
  it('grade: a non-numeric grade_from counts as 1 and grade_to as 12', () => {
    expect(gradeRange(yonas)).toEqual({ from: 1, to: 12 });
    expect(gradeRange({ grade_from: '3', grade_to: '8' })).toEqual({ from: 3, to: 8 });
    expect(gradeRange({ grade_from: '', grade_to: undefined })).toEqual({ from: 1, to: 12 });
    expect(matchesGrade(yonas, 12)).toBe(true);
    expect(matchesGrade(yonas, 13)).toBe(false);
  });
  it('all three must hold', () => {
    expect(filterTutors(tutors, { search: '', subject: null, grade: null })).toEqual(tutors);
    expect(filterTutors(tutors, { search: '', subject: null, grade: 10 })).toEqual([hana, yonas]);
    expect(filterTutors(tutors, { search: 'a', subject: 'Sciences', grade: 10 })).toEqual([hana]);
    expect(filterTutors(tutors, { search: 'yonas', subject: 'Sciences', grade: null })).toEqual([]);
  });
});

describe('grade options (spec §5)', () => {
  it('is the sorted union of max(1, from)..max(that, to) without duplicates', () => {
    expect(
      gradeOptions([
        { grade_from: 5, grade_to: 8 },
        { grade_from: 3, grade_to: 6 },
      ]),
    ).toEqual([3, 4, 5, 6, 7, 8]);
  });
  it('starts at 1 for a KG (0) start, and uses the start alone when the end is lower', () => {
    expect(gradeOptions([{ grade_from: 0, grade_to: 2 }])).toEqual([1, 2]);
    expect(gradeOptions([{ grade_from: 7, grade_to: 4 }])).toEqual([7]);
  });
  it('uses the defaults 1 and 12 for non-numeric values', () => {
    expect(gradeOptions([{ grade_from: 'x', grade_to: 'y' }])).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12,
    ]);
    expect(gradeOptions([{ grade_from: 10 }])).toEqual([10, 11, 12]);
  });
  it('is empty without tutors', () => {
    expect(gradeOptions([])).toEqual([]);
  });
});

describe('ratings (spec §5, §9)', () => {
  it('rounds the stars and clamps them between 0 and 5', () => {
    expect(starCount(4.4)).toBe(4);
    expect(starCount(4.5)).toBe(5);
    expect(starCount(7)).toBe(5);
    expect(starCount(-2)).toBe(0);
    expect(starCount(undefined)).toBe(0);
    expect(starCount('3.6')).toBe(4);
  });
  it('shows the rating to one decimal', () => {
    expect(formatRating(4.66)).toBe('4.7');
    expect(formatRating(5)).toBe('5.0');
    expect(formatRating(0)).toBe('0.0');
    expect(formatRating(null)).toBe('0.0');
    expect(formatRating(9)).toBe('5.0');
  });
});

describe('card texts and fallbacks (spec §2)', () => {
  it('cuts the bio at 100 characters plus an ellipsis', () => {
    const long = 'a'.repeat(99) + 'bcdef';
    expect(bioPreview(long)).toBe('a'.repeat(99) + 'b...');
    expect(bioPreview(long)).toHaveLength(103);
  });
  it('shows a bio of 100 characters or fewer whole', () => {
    expect(bioPreview('x'.repeat(100))).toBe('x'.repeat(100));
    expect(bioPreview('Patient and kind.')).toBe('Patient and kind.');
  });
  it("falls back to 'No bio available', 'Unnamed Tutor' and 'Not specified'", () => {
    expect(bioPreview('')).toBe('No bio available');
    expect(bioPreview(null)).toBe('No bio available');
    expect(displayName('  ')).toBe('Unnamed Tutor');
    expect(displayName(undefined)).toBe('Unnamed Tutor');
    expect(displayName('Meron Haile')).toBe('Meron Haile');
    expect(displayEducation('')).toBe('Not specified');
    expect(displayEducation('Addis Ababa University')).toBe('Addis Ababa University');
  });
  it('keeps the spec texts', () => {
    expect(directoryMessages.heading).toBe('Meet Our Expert Tutors');
    expect(directoryMessages.subtitle).toBe('Find the perfect mentor for your learning journey');
    expect(directoryMessages.searchPlaceholder).toBe('Search tutors...');
    expect(directoryMessages.gradeOption(7)).toBe('Grade 7');
    expect(directoryMessages.loading).toBe('Loading tutors...');
    expect(directoryMessages.empty).toBe('No tutors found matching your criteria.');
    expect(directoryMessages.resetFilters).toBe('Reset Filters');
  });
});

describe('?subject= preselect (spec §2, case-insensitive)', () => {
  it('matches a category by name or slug in any case', () => {
    expect(categoryFromQuery('sciences')).toBe('Sciences');
    expect(categoryFromQuery('MATHEMATICS')).toBe('Mathematics');
    expect(categoryFromQuery('Coding')).toBe('Coding');
  });
  it('accepts a subject the map knows, and nothing else', () => {
    expect(categoryFromQuery('Math')).toBe('Mathematics');
    expect(categoryFromQuery('history')).toBeNull();
    expect(categoryFromQuery('')).toBeNull();
    expect(categoryFromQuery(null)).toBeNull();
  });
});
