/**
 * The vetting checks a tutor can pass (issue 27) and what families read for each: without zod, so that the directory
 * and a tutor's page show them without loading the contracts (decision 278).
 */
export const checkKinds = ['identity', 'police_clearance', 'qualifications', 'interview'] as const;
export type CheckKind = (typeof checkKinds)[number];

/** What families read for each check passed (nothing else from the documents is shown). */
export const checkLabels: Record<CheckKind, string> = {
  identity: 'ID checked',
  police_clearance: 'Police clearance',
  qualifications: 'Qualifications checked',
  interview: 'Interviewed',
};

/** The checks in the order families read them. */
export const orderChecks = (kinds: readonly string[]): CheckKind[] =>
  checkKinds.filter((k) => kinds.includes(k));
