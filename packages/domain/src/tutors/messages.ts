/** The tutor directory's user-facing texts (spec §2 "Tutor directory"), in one place for the web and its tests. */
export const directoryMessages = {
  heading: 'Meet Our Expert Tutors',
  subtitle: 'Find the perfect mentor for your learning journey',
  searchPlaceholder: 'Search tutors...',
  allGrades: 'All Grades',
  gradeOption: (grade: number) => `Grade ${grade}`,
  allSubjects: 'All Subjects',
  loading: 'Loading tutors...',
  empty: 'No tutors found matching your criteria.',
  resetFilters: 'Reset Filters',
  // Card and details fallbacks (spec §2).
  unnamedTutor: 'Unnamed Tutor',
  noBio: 'No bio available',
  educationNotSpecified: 'Not specified',
  book: 'Book',
  details: 'Details',
  // Details dialog (spec §2).
  aboutMe: 'About Me',
  education: 'Education',
  experience: 'Experience',
  teachingStyle: 'Teaching Style',
  hourlyRate: 'Hourly Rate',
  bookSession: 'Book Session',
  close: 'Close',
} as const;
