/**
 * The four directory categories (spec §9: "Four subject categories"), in the order of the subject buttons.
 * Kept free of zod so the directory page does not ship the schema library.
 */
export const subjectCategories = ['Mathematics', 'Sciences', 'Languages', 'Coding'] as const;
export type SubjectCategory = (typeof subjectCategories)[number];
