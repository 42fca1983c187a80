import { z } from 'zod';
import { registerBodySchema } from '../accounts/contracts.ts';
import { availabilityInputSchema } from '../tutors/contract.ts';
import { checkKinds } from './checks.ts';

export { checkKinds, checkLabels, orderChecks, type CheckKind } from './checks.ts';

/**
 * Applying to teach and vetting (issue 27 items 1–2, DESIGN §1.13). Texts a person reads are here once, for the
 * form and the server.
 */
export const applicationStatuses = ['submitted', 'changes_requested', 'approved', 'rejected'] as const;
export type ApplicationStatus = (typeof applicationStatuses)[number];
export const documentKinds = ['identity', 'police_clearance', 'certificate'] as const;
export type DocumentKind = (typeof documentKinds)[number];
export const decisions = ['approve', 'reject', 'request_changes'] as const;

export const documentLabels: Record<DocumentKind, string> = {
  identity: 'Identity (Fayda or passport)',
  police_clearance: 'Police clearance',
  certificate: 'Certificates',
};
/** What an application still needs before it can be approved. */
export const missingItems = [
  'email_verified',
  'photo',
  'identity',
  'police_clearance',
  'certificate',
] as const;
export type MissingItem = (typeof missingItems)[number];

export const tutoringMessages = {
  subjectsRequired: 'Choose at least one subject.',
  subjectUnknown: 'Choose subjects from the list.',
  languagesRequired: 'Name at least one language you teach in.',
  gradeOrder: 'The first grade must not be above the last.',
  rateRequired: 'Enter your hourly rate in dollars.',
  rateCents: 'Use at most two decimals.',
  birrNotOffered: 'None of your subjects is offered in birr: leave the birr rate empty.',
  availabilityRequired: 'Add at least one weekly time when you can teach.',
  bioShort: 'Tell families about yourself in at least 50 characters.',
  phoneInvalid: 'Enter a valid phone number.',
  cityRequired: 'City is required.',
  educationRequired: 'Education is required.',
  notEditable: 'This application has been decided and can no longer be changed.',
  noApplication: 'You have no application: your profile was created by the office.',
  notFound: 'Application not found.',
  documentNotFound: 'Document not found.',
  documentType: 'Upload a PDF, JPEG, PNG or WebP file.',
  documentTooLarge: 'The file is larger than 5 MB.',
  documentLimit: 'An application holds at most 10 documents: delete one first.',
  documentKind: 'Choose what the document is.',
  alreadyDecided: 'This application has already been decided.',
  reasonRequired: 'Give the applicant a reason (at least 5 characters).',
  approveNeedsVerified: 'The applicant has not confirmed their e-mail address yet.',
  approveNeedsIdentity: 'Check the applicant’s identity (Fayda or passport) before approving.',
  submitted:
    'Thank you! We have sent a link to your e-mail address: open it to confirm the address, then sign in to follow your application.',
} as const;
const m = tutoringMessages;

const text = (min: number, max: number, required: string) =>
  z.string({ error: required }).trim().min(min, required).max(max);

/** The application's fields, as the applicant writes them (and edits them while it is open). */
export const applicationFieldsSchema = z
  .object({
    first_name: text(1, 100, 'First name is required.'),
    last_name: text(1, 100, 'Last name is required.'),
    phone: z
      .string({ error: m.phoneInvalid })
      .trim()
      .regex(/^\+?[0-9 ()-]{7,20}$/, m.phoneInvalid),
    city: text(1, 100, m.cityRequired),
    subject_ids: z
      .array(z.number().int().positive(), { error: m.subjectsRequired })
      .min(1, m.subjectsRequired)
      .max(5, 'Choose at most 5 subjects.'),
    grade_from: z.number().int().min(0).max(12),
    grade_to: z.number().int().min(0).max(12),
    languages: z
      .array(z.string().trim().min(1).max(40), { error: m.languagesRequired })
      .min(1, m.languagesRequired)
      .max(6, 'Name at most 6 languages.'),
    education: text(1, 2000, m.educationRequired),
    years_of_experience: z.number().int().min(0).max(60),
    hourly_rate: z
      .number({ error: m.rateRequired })
      .positive(m.rateRequired)
      .max(500, 'The hourly rate can be at most $500.')
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.rateCents),
    hourly_rate_etb: z
      .number()
      .positive('Enter a birr rate above zero, or leave it empty.')
      .max(100_000)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, m.rateCents)
      .nullable(),
    availability: availabilityInputSchema,
    bio: z.string().trim().min(50, m.bioShort).max(3000),
    teaching_style: z.string().trim().max(2000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.grade_from > v.grade_to)
      ctx.addIssue({ code: 'custom', path: ['grade_to'], message: m.gradeOrder });
    if (Object.values(v.availability).every((w) => w.length === 0))
      ctx.addIssue({ code: 'custom', path: ['availability'], message: m.availabilityRequired });
  });
export type ApplicationFields = z.infer<typeof applicationFieldsSchema>;
export type ApplicationFieldsInput = z.input<typeof applicationFieldsSchema>;

/** POST /api/tutor-applications/ (anonymous): the fields, the account's e-mail and password, a honeypot. */
export const applicationCreateSchema = z.intersection(
  applicationFieldsSchema,
  z.object({
    email: registerBodySchema.shape.email,
    password: registerBodySchema.shape.password,
    /** Left empty by people; filled by bots. */
    website: z.string().max(200).optional(),
    locale: z.enum(['en', 'am']).optional(),
  }),
);
export type ApplicationCreate = z.infer<typeof applicationCreateSchema>;
export const applicationCreatedSchema = z.object({
  id: z.string(),
  status: z.literal('submitted'),
  detail: z.string(),
});

export const documentSchema = z.object({
  id: z.string(),
  kind: z.enum(documentKinds),
  file_name: z.string(),
  content_type: z.string(),
  size_bytes: z.number().int(),
  created_at: z.string(),
  url: z.string(),
});
export type ApplicationDocument = z.infer<typeof documentSchema>;

const storedFields = z.object({
  first_name: z.string(),
  last_name: z.string(),
  phone: z.string(),
  city: z.string(),
  subject_ids: z.array(z.number().int()),
  grade_from: z.number().int(),
  grade_to: z.number().int(),
  languages: z.array(z.string()),
  education: z.string(),
  years_of_experience: z.number().int(),
  hourly_rate: z.number(),
  hourly_rate_etb: z.number().nullable(),
  availability: z.record(z.string(), z.array(z.object({ start: z.string(), end: z.string() }))),
  bio: z.string(),
  teaching_style: z.string(),
});
export type StoredApplicationFields = z.infer<typeof storedFields>;

/** GET/PUT /api/tutor/application/: the applicant's own view. */
export const ownApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  decision_reason: z.string(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  editable: z.boolean(),
  missing: z.array(z.enum(missingItems)),
  email: z.string(),
  email_verified: z.boolean(),
  photo_url: z.string(),
  fields: storedFields,
  documents: z.array(documentSchema),
  checks: z.array(z.object({ kind: z.enum(checkKinds), checked_at: z.string() })),
});
export type OwnApplication = z.infer<typeof ownApplicationSchema>;

export const documentUploadKindSchema = z.enum(documentKinds, { error: m.documentKind });

// ---- Admin ----
export const adminApplicationListQuerySchema = z.object({
  status: z.enum(applicationStatuses).optional(),
  page: z.coerce.number().int().min(1).max(10_000).optional(),
});
export const ADMIN_APPLICATIONS_PAGE_SIZE = 20;
export const adminApplicationListSchema = z.object({
  count: z.number().int(),
  results: z.array(
    z.object({
      id: z.string(),
      status: z.enum(applicationStatuses),
      full_name: z.string(),
      email: z.string(),
      city: z.string(),
      subjects: z.array(z.string()),
      submitted_at: z.string(),
      decided_at: z.string().nullable(),
      documents_count: z.number().int(),
      email_verified: z.boolean(),
    }),
  ),
});
export type AdminApplicationList = z.infer<typeof adminApplicationListSchema>;

export const adminApplicationSchema = z.object({
  id: z.string(),
  status: z.enum(applicationStatuses),
  decision_reason: z.string(),
  submitted_at: z.string(),
  decided_at: z.string().nullable(),
  decided_by: z.string().nullable(),
  tutor_id: z.number().int(),
  user_id: z.string(),
  email: z.string(),
  email_verified: z.boolean(),
  photo_url: z.string(),
  missing: z.array(z.enum(missingItems)),
  fields: storedFields,
  subjects: z.array(z.object({ id: z.number().int(), name: z.string(), birr: z.boolean() })),
  documents: z.array(documentSchema),
  checks: z.array(
    z.object({
      kind: z.enum(checkKinds),
      checked_at: z.string(),
      checked_by: z.string().nullable(),
      note: z.string(),
    }),
  ),
  history: z.array(
    z.object({ action: z.string(), at: z.string(), by: z.string().nullable(), reason: z.string() }),
  ),
});
export type AdminApplication = z.infer<typeof adminApplicationSchema>;

export const decisionBodySchema = z
  .object({
    decision: z.enum(decisions, { error: 'Choose approve, request changes or reject.' }),
    reason: z.string().trim().max(2000).default(''),
    checks: z
      .array(z.object({ kind: z.enum(checkKinds), note: z.string().trim().max(500).default('') }))
      .max(4)
      .default([]),
  })
  .superRefine((v, ctx) => {
    if (v.decision !== 'approve' && v.reason.length < 5)
      ctx.addIssue({ code: 'custom', path: ['reason'], message: m.reasonRequired });
  });
export type DecisionBody = z.infer<typeof decisionBodySchema>;
export type DecisionInput = z.input<typeof decisionBodySchema>;
