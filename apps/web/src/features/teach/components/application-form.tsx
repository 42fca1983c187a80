import { Fragment, useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { availabilityDays, type Availability } from '@tibeb/domain/tutors/contract';
import {
  applicationCreateSchema,
  applicationFieldsSchema,
  type ApplicationFields,
  type StoredApplicationFields,
} from '@tibeb/domain/tutoring/contracts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateError, translateFieldError } from '../../../lib/translate-message.ts';
import { useTeachSubjects } from '../api/get-subjects.ts';
import { WeekEditor } from './week-editor.tsx';
import { Form } from '../../../components/ui/form.tsx';

/** The account part of a new application (the public form only). */
export type ApplicationAccount = { email: string; password: string; website: string };

type Values = {
  first_name: string;
  last_name: string;
  phone: string;
  city: string;
  subject_ids: number[];
  grade_from: string;
  grade_to: string;
  languages: string;
  education: string;
  years_of_experience: string;
  hourly_rate: string;
  hourly_rate_etb: string;
  availability: Availability;
  bio: string;
  teaching_style: string;
  email: string;
  password: string;
  website: string;
};

const emptyWeek = (): Availability =>
  Object.fromEntries(availabilityDays.map((d) => [d, []])) as unknown as Availability;

const fromStored = (f?: StoredApplicationFields): Values => ({
  first_name: f?.first_name ?? '',
  last_name: f?.last_name ?? '',
  phone: f?.phone ?? '',
  city: f?.city ?? '',
  subject_ids: f?.subject_ids ?? [],
  grade_from: String(f?.grade_from ?? 1),
  grade_to: String(f?.grade_to ?? 12),
  languages: f?.languages.join(', ') ?? '',
  education: f?.education ?? '',
  years_of_experience: String(f?.years_of_experience ?? 0),
  hourly_rate: f ? String(f.hourly_rate) : '',
  hourly_rate_etb: f?.hourly_rate_etb == null ? '' : String(f.hourly_rate_etb),
  availability: { ...emptyWeek(), ...(f?.availability as Partial<Availability> | undefined) },
  bio: f?.bio ?? '',
  teaching_style: f?.teaching_style ?? '',
  email: '',
  password: '',
  website: '',
});

const num = (s: string) => (s.trim() === '' ? undefined : Number(s));

/** The values as the contract reads them (numbers, the languages as a list). */
const toInput = (v: Values) => ({
  first_name: v.first_name,
  last_name: v.last_name,
  phone: v.phone,
  city: v.city,
  subject_ids: v.subject_ids,
  grade_from: Number(v.grade_from),
  grade_to: Number(v.grade_to),
  languages: v.languages
    .split(',')
    .map((l) => l.trim())
    .filter(Boolean),
  education: v.education,
  years_of_experience: num(v.years_of_experience) ?? 0,
  hourly_rate: num(v.hourly_rate),
  hourly_rate_etb: num(v.hourly_rate_etb) ?? null,
  availability: v.availability,
  bio: v.bio,
  teaching_style: v.teaching_style,
});

type Errors = Partial<Record<keyof Values | 'detail', string>>;

const issuesToErrors = (issues: z.core.$ZodIssue[]): Errors => {
  const out: Errors = {};
  for (const issue of issues) {
    const key = String(issue.path[0] ?? 'detail') as keyof Errors;
    out[key] ??= issue.message;
  }
  return out;
};

const grades = Array.from({ length: 13 }, (_, g) => g);

/**
 * The application's fields (decision 234), checked with the shared contract before they are sent: on /teach with
 * the account's e-mail and password (and a honeypot people never see), in the tutor area to edit an open
 * application. `readOnly` shows a decided application's answers without controls to change them.
 */
export function ApplicationForm({
  mode,
  initial,
  readOnly = false,
  onSubmit,
  submitLabel: label,
}: {
  mode: 'create' | 'edit';
  initial?: StoredApplicationFields | undefined;
  readOnly?: boolean;
  onSubmit: (fields: ApplicationFields, account: ApplicationAccount) => Promise<void>;
  /** The submit button's text (already translated); by default the mode's own. */
  submitLabel?: string;
}) {
  const { t } = useTranslation('teach');
  const submitLabel = label ?? (mode === 'create' ? t('Send my application') : t('Save my answers'));
  const prefix = useId().replace(/:/g, '');
  const subjects = useTeachSubjects();
  const [values, setValues] = useState<Values>(() => fromStored(initial));
  const [errors, setErrors] = useState<Errors>({});
  const [sending, setSending] = useState(false);
  const [saved, setSaved] = useState(false);

  const set = <K extends keyof Values>(key: K, value: Values[K]) => {
    setSaved(false);
    setValues((v) => ({ ...v, [key]: value }));
  };
  const chosen = (subjects.data ?? []).filter((s) => values.subject_ids.includes(s.id));
  const birrOffered = chosen.some((s) => s.price_per_hour_etb != null);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (readOnly) return;
    setSaved(false);
    const input = { ...toInput(values), ...(birrOffered ? {} : { hourly_rate_etb: null }) };
    const parsed =
      mode === 'create'
        ? applicationCreateSchema.safeParse({
            ...input,
            email: values.email,
            password: values.password,
            website: values.website,
          })
        : applicationFieldsSchema.safeParse(input);
    if (!parsed.success) {
      setErrors(issuesToErrors(parsed.error.issues));
      return;
    }
    setErrors({});
    setSending(true);
    try {
      await onSubmit(applicationFieldsSchema.parse(input), {
        email: values.email,
        password: values.password,
        website: values.website,
      });
      if (mode === 'edit') setSaved(true);
    } catch (err) {
      if (err instanceof ApiError) {
        const fields = Object.fromEntries(
          // In the interface's language by their codes (shown through t(), which leaves them as they are).
          Object.keys(err.fieldErrors).map((k) => [k, translateFieldError(t, err, k) ?? '']),
        ) as Errors;
        setErrors({ ...fields, detail: translateError(t, err) });
      } else {
        setErrors({ detail: t('The application could not be sent. Check your connection and try again.') });
      }
    } finally {
      setSending(false);
    }
  };

  const id = (name: string) => `${prefix}-${name}`;
  const a11y = (name: keyof Values) => ({
    id: id(name),
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `${id(name)}-error` : undefined,
    disabled: readOnly,
  });
  const field = (name: keyof Values, label: string, control: ReactNode, hint?: string) => (
    <div className="min-w-0">
      <label htmlFor={id(name)} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {hint && <p className="mb-1 text-sm text-stone-600">{hint}</p>}
      {control}
      {errors[name] && (
        <p id={`${id(name)}-error`} className="mt-1 text-sm text-red-700 [overflow-wrap:anywhere]">
          {t(errors[name] ?? '')}
        </p>
      )}
    </div>
  );
  const text = (name: keyof Values, label: string, extra: Record<string, unknown> = {}, hint?: string) =>
    field(
      name,
      label,
      <input
        {...a11y(name)}
        {...extra}
        className={inputStyles}
        value={values[name] as string}
        onChange={(e) => set(name, e.target.value as never)}
      />,
      hint,
    );
  /** A text box; with `max`, the server's limit, held by the box and counted under it (decision 255). */
  const area = (name: keyof Values, label: string, rows: number, hint?: string, max?: number) => {
    const length = (values[name] as string).length;
    const described = [a11y(name)['aria-describedby'], max ? `${id(name)}-count` : undefined].filter(Boolean);
    return field(
      name,
      label,
      <>
        <textarea
          {...a11y(name)}
          aria-describedby={described.length > 0 ? described.join(' ') : undefined}
          rows={rows}
          maxLength={max}
          className={inputStyles}
          value={values[name] as string}
          onChange={(e) => set(name, e.target.value as never)}
        />
        {max && <CharCount id={`${id(name)}-count`} length={length} max={max} />}
      </>,
      hint,
    );
  };

  return (
    <Form onSubmit={(e) => void submit(e)} noValidate className="min-w-0 space-y-6" aria-label={submitLabel}>
      <fieldset className="grid min-w-0 gap-4 sm:grid-cols-2">
        <legend className="mb-2 text-lg font-semibold text-stone-900">{t('About you')}</legend>
        {text('first_name', t('First name'), { autoComplete: 'given-name' })}
        {text('last_name', t('Last name'), { autoComplete: 'family-name' })}
        {text('phone', t('Phone'), { autoComplete: 'tel', type: 'tel', inputMode: 'tel' })}
        {text('city', t('City'), { autoComplete: 'address-level2' })}
        {mode === 'create' && (
          <>
            {text('email', t('Email'), { autoComplete: 'email', type: 'email' })}
            {text(
              'password',
              t('Password'),
              { autoComplete: 'new-password', type: 'password' },
              t(
                'At least 8 characters, with a letter and a number. You sign in with it to follow your application.',
              ),
            )}
          </>
        )}
      </fieldset>
      {mode === 'create' && (
        // A honeypot: hidden from people and from screen readers; bots fill it.
        <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
          <label htmlFor={id('website')}>Website</label>
          <input
            id={id('website')}
            tabIndex={-1}
            autoComplete="off"
            value={values.website}
            onChange={(e) => set('website', e.target.value)}
          />
        </div>
      )}

      <fieldset className="min-w-0 space-y-4">
        <legend className="mb-2 text-lg font-semibold text-stone-900">{t('What you teach')}</legend>
        <div>
          <fieldset
            aria-describedby={errors.subject_ids ? `${id('subject_ids')}-error` : undefined}
            className="min-w-0"
          >
            <legend className="mb-1 text-sm font-medium text-stone-800">{t('Subjects (up to 5)')}</legend>
            <p className="mb-2 text-sm text-stone-600">{t('The first one you tick is your main subject.')}</p>
            {subjects.isPending && <p className="text-sm text-stone-600">{t('Loading subjects…')}</p>}
            {subjects.isError && (
              <Alert tone="error">
                {t('The subjects could not be loaded. Reload the page to try again.')}
              </Alert>
            )}
            <ul className="grid gap-2 sm:grid-cols-2">
              {(subjects.data ?? []).map((s) => (
                <li key={s.id}>
                  <label className="flex items-start gap-2 text-sm [overflow-wrap:anywhere]">
                    <input
                      type="checkbox"
                      className="mt-1"
                      disabled={readOnly}
                      checked={values.subject_ids.includes(s.id)}
                      onChange={(e) =>
                        set(
                          'subject_ids',
                          e.target.checked
                            ? [...values.subject_ids, s.id]
                            : values.subject_ids.filter((x) => x !== s.id),
                        )
                      }
                    />
                    <span>
                      {s.name}
                      {values.subject_ids[0] === s.id && (
                        <span className="ml-1 text-stone-600">({t('main subject')})</span>
                      )}
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>
          {errors.subject_ids && (
            <p id={`${id('subject_ids')}-error`} className="mt-1 text-sm text-red-700">
              {t(errors.subject_ids)}
            </p>
          )}
        </div>
        <div className="grid gap-4 sm:grid-cols-2">
          {(['grade_from', 'grade_to'] as const).map((name) => (
            <Fragment key={name}>
              {field(
                name,
                name === 'grade_from' ? t('From grade') : t('To grade'),
                <select
                  {...a11y(name)}
                  className={inputStyles}
                  value={values[name]}
                  onChange={(e) => set(name, e.target.value)}
                >
                  {grades.map((g) => (
                    <option key={g} value={g}>
                      {g === 0 ? t('KG') : t('Grade {{n}}', { n: g })}
                    </option>
                  ))}
                </select>,
              )}
            </Fragment>
          ))}
        </div>
        {text(
          'languages',
          t('Languages you teach in'),
          {},
          t('Separate them with commas, e.g. English, Amharic, Afaan Oromoo, Tigrigna.'),
        )}
      </fieldset>

      <fieldset className="min-w-0 space-y-4">
        <legend className="mb-2 text-lg font-semibold text-stone-900">{t('Experience')}</legend>
        {area('education', t('Education'), 3, t('Degrees, diplomas and where you studied.'))}
        {text('years_of_experience', t('Years of teaching experience'), {
          type: 'number',
          min: 0,
          max: 60,
          inputMode: 'numeric',
        })}
        {area(
          'bio',
          t('About you for families'),
          5,
          t('At least 50 characters. Families read it on your profile.'),
          3000,
        )}
        {area('teaching_style', t('How you teach (optional)'), 3, undefined, 2000)}
      </fieldset>

      <fieldset className="min-w-0 space-y-4">
        <legend className="mb-2 text-lg font-semibold text-stone-900">{t('Rate and times')}</legend>
        {text(
          'hourly_rate',
          t('Hourly rate (USD)'),
          { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' },
          t('What a family pays for an hour with you, before our commission.'),
        )}
        {birrOffered &&
          text(
            'hourly_rate_etb',
            t('Hourly rate in birr (optional)'),
            { type: 'number', min: 0, step: '0.01', inputMode: 'decimal' },
            t('For families paying in birr. Leave it empty to use the subject’s birr price.'),
          )}
        <div>
          <p className="mb-1 text-sm font-medium text-stone-800" id={id('availability')}>
            {t('When you can teach each week (EAT)')}
          </p>
          <WeekEditor
            idPrefix={id('week')}
            value={values.availability}
            disabled={readOnly}
            onChange={(week) => set('availability', week)}
          />
          {errors.availability && (
            <p className="mt-1 text-sm text-red-700" role="alert">
              {t(errors.availability)}
            </p>
          )}
        </div>
      </fieldset>

      {errors.detail && <Alert tone="error">{errors.detail}</Alert>}
      {Object.keys(errors).length > 0 && !errors.detail && (
        <Alert tone="error">{t('Some answers need a change: see the messages under the fields.')}</Alert>
      )}
      {saved && <Alert tone="success">{t('Your changes are saved.')}</Alert>}
      {!readOnly && (
        <button type="submit" className={`${buttonStyles.primary} w-full sm:w-auto`} disabled={sending}>
          {sending ? t('Sending…') : submitLabel}
        </button>
      )}
    </Form>
  );
}
