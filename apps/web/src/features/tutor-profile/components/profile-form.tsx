import { useTranslation } from 'react-i18next';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import type { PublicTutorListItem } from '@tibeb/domain/tutors/contract';
import type { TutorProfile } from '@tibeb/domain/tutors/profile';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { useSubjects } from '../api/get-subjects.ts';
import { useTutorAccounts } from '../api/get-tutor-accounts.ts';
import { useSaveProfile, type ProfileBody } from '../api/save-profile.ts';
import type { ProfileScope } from '../api/scope.ts';
import { SaveProblem } from './problem.tsx';
import { translateError, translateFieldError } from '../../../lib/translate-message.ts';
import { publishingMessages } from '@tibeb/domain/tutors/publishing';

type Draft = {
  full_name: string;
  subject: string;
  subject_id: string;
  grade_from: string;
  grade_to: string;
  bio: string;
  education: string;
  years_of_experience: string;
  teaching_style: string;
  hourly_rate: string;
  meeting_url: string;
  user_id: string;
  /** The trial lesson (decision 273): '' none, '30' or '45' minutes; its prices as typed. */
  trial_minutes: string;
  trial_price: string;
  trial_price_etb: string;
};

const emptyDraft: Draft = {
  full_name: '',
  subject: '',
  subject_id: '',
  grade_from: '1',
  grade_to: '12',
  bio: '',
  education: '',
  years_of_experience: '0',
  teaching_style: '',
  hourly_rate: '',
  meeting_url: '',
  user_id: '',
  trial_minutes: '',
  trial_price: '0',
  trial_price_etb: '',
};

function draftOf(p: TutorProfile): Draft {
  return {
    full_name: p.full_name,
    subject: p.subject,
    subject_id: p.subject_id === null ? '' : String(p.subject_id),
    grade_from: String(p.grade_from),
    grade_to: String(p.grade_to),
    bio: p.bio,
    education: p.education,
    years_of_experience: String(p.years_of_experience),
    teaching_style: p.teaching_style,
    hourly_rate: String(p.hourly_rate),
    meeting_url: p.meeting_url,
    user_id: p.user_id ?? '',
    trial_minutes: p.trial ? String(p.trial.minutes) : '',
    trial_price: p.trial ? String(p.trial.price) : '0',
    trial_price_etb: p.trial?.price_etb == null ? '' : String(p.trial.price_etb),
  };
}

/** The trial offer a draft sends (decision 273): none, or its length and prices (empty price: free). */
function trialOf(d: Draft) {
  if (d.trial_minutes !== '30' && d.trial_minutes !== '45') return null;
  return {
    minutes: Number(d.trial_minutes) as 30 | 45,
    price: d.trial_price.trim() === '' ? 0 : Number(d.trial_price),
    price_etb: d.trial_price_etb.trim() === '' ? null : Number(d.trial_price_etb),
  };
}

const grades = Array.from({ length: 13 }, (_, g) => g);
const gradeLabel = (g: number, t: (key: string, o?: Record<string, unknown>) => string) =>
  g === 0 ? t('KG') : t('Grade {{grade}}', { grade: g });

export type TutorProfileFormProps = {
  scope: ProfileScope;
  /** The saved profile; left out on the admin's Add screen. */
  profile?: TutorProfile;
  /** Shows the draft as the directory shows it (card and Details dialog); the page supplies it. */
  renderPreview?: (tutor: PublicTutorListItem) => ReactNode;
  onSaved?: (profile: TutorProfile) => void;
};

function Field({
  label,
  hint,
  error,
  children,
  id,
}: {
  label: string;
  hint?: string | undefined;
  /** The field's error, already in the interface's language: shown under it as `<id>-error`. */
  error?: string | undefined;
  children: ReactNode;
  id: string;
}) {
  const { t } = useTranslation('tutor');
  return (
    <div className="min-w-0 space-y-1">
      <label htmlFor={id} className="block text-sm font-medium text-stone-800">
        {t(label)}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="text-sm break-words text-red-700">
          {error}
        </p>
      )}
      {hint && (
        <p id={`${id}-hint`} className="text-xs text-stone-600">
          {t(hint)}
        </p>
      )}
    </div>
  );
}

/** An administrator's choice among `options` (unknown while they load), the first one empty. */
function ChoiceField({
  label,
  id,
  hint,
  value,
  none,
  options,
  onChange,
  error,
}: {
  label: string;
  id: string;
  hint: string;
  error?: string | undefined;
  value: string;
  /** The empty choice's text ('None'). */
  none: string;
  options: { value: string; label: string }[] | undefined;
  onChange: (value: string) => void;
}) {
  return (
    <Field label={label} id={id} hint={hint} error={error}>
      <select
        id={id}
        className={inputStyles}
        value={value}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error ${id}-hint` : `${id}-hint`}
        onChange={(e) => onChange(e.target.value)}
      >
        <option value="">{none}</option>
        {options?.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </Field>
  );
}

/**
 * The public profile editor with a live preview. An administrator edits every field; a tutor edits the texts
 * and the meeting link (subject, grades and rate are shown read-only: the administrators set them). Publishing is
 * not a field here: a new tutor is a draft, published from its checklist once complete (decision 265).
 */
export function TutorProfileForm({ scope, profile, renderPreview, onSaved }: TutorProfileFormProps) {
  const { t } = useTranslation('tutor');
  const isAdmin = scope.area === 'admin';
  const [draft, setDraft] = useState<Draft>(profile ? draftOf(profile) : emptyDraft);
  const [saved, setSaved] = useState(false);
  // The trial offer as last saved: a save sends `trial` only when it differs (decision 273).
  const [savedTrial, setSavedTrial] = useState(() => (profile ? trialOf(draftOf(profile)) : null));
  const [localErrors, setLocalErrors] = useState<Record<string, string>>({});
  const save = useSaveProfile(scope);
  const subjects = useSubjects(isAdmin);
  const accounts = useTutorAccounts(isAdmin);
  const id = useId();

  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => {
    setSaved(false);
    setLocalErrors((errors) => Object.fromEntries(Object.entries(errors).filter(([k]) => k !== key)));
    setDraft((d) => ({ ...d, [key]: value }));
  };
  // Field errors under their fields, in the interface's language by their codes (issue 31 item 3): the form's own
  // check first (an empty rate), then the server's answer.
  const errorOf = (key: string) => localErrors[key] ?? translateFieldError(t, save.error, key);
  const describedBy = (key: string, ...others: (string | false)[]) =>
    [errorOf(key) && `${id}-${key}-error`, ...others].filter(Boolean).join(' ') || undefined;
  const text = (key: keyof Draft) => ({
    id: `${id}-${key}`,
    value: draft[key] as string,
    onChange: (e: { target: { value: string } }) => set(key, e.target.value as never),
    'aria-invalid': errorOf(key) ? true : undefined,
    'aria-describedby': describedBy(key),
  });

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    // An empty rate is not a free tutor: it is asked for, never sent as 0 (issue 31 item 5).
    if (isAdmin && !(Number(draft.hourly_rate) > 0)) {
      const message = publishingMessages.rateRequired;
      setLocalErrors({ hourly_rate: translateError(t, { message, code: 'rate_required' }) });
      // The field is above the button: it comes into view with its error read out.
      document.getElementById(`${id}-hourly_rate`)?.focus();
      return;
    }
    setLocalErrors({});
    const trialChanged = JSON.stringify(trialOf(draft)) !== JSON.stringify(savedTrial);
    const common = {
      full_name: draft.full_name,
      bio: draft.bio,
      education: draft.education,
      years_of_experience: Number(draft.years_of_experience) || 0,
      teaching_style: draft.teaching_style,
      meeting_url: draft.meeting_url,
      // The trial lesson offered, or none (decision 273), sent only when it changed.
      ...(trialChanged ? { trial: trialOf(draft) } : {}),
    };
    const body: ProfileBody = isAdmin
      ? {
          ...common,
          subject: draft.subject,
          subject_id: draft.subject_id ? Number(draft.subject_id) : null,
          grade_from: Number(draft.grade_from),
          grade_to: Number(draft.grade_to),
          hourly_rate: Number(draft.hourly_rate),
          user_id: draft.user_id || null,
        }
      : common;
    save.mutate(body, {
      onSuccess: (p) => {
        setSaved(true);
        setSavedTrial(trialOf(draftOf(p)));
        onSaved?.(p);
      },
    });
  };

  const category =
    subjects.data?.find((s) => String(s.id) === draft.subject_id)?.category ?? profile?.category ?? null;
  const preview: PublicTutorListItem = {
    id: profile?.id ?? 0,
    checks: profile?.checks ?? [],
    full_name: draft.full_name,
    subject: draft.subject,
    subject_id: draft.subject_id ? Number(draft.subject_id) : null,
    category,
    grade_from: Number(draft.grade_from),
    grade_to: Number(draft.grade_to),
    bio: draft.bio,
    education: draft.education,
    years_of_experience: Number(draft.years_of_experience) || 0,
    teaching_style: draft.teaching_style,
    hourly_rate: Number(draft.hourly_rate) || 0,
    average_rating: profile?.average_rating ?? 0,
    total_reviews: profile?.total_reviews ?? 0,
    profile_image: profile?.profile_image ?? '',
    time_zone: profile?.time_zone ?? 'Africa/Addis_Ababa',
    trial: profile?.trial ?? null,
  };
  const readOnly = !isAdmin;
  const gradeOptions = grades.map((g) => (
    <option key={g} value={g}>
      {gradeLabel(g, t)}
    </option>
  ));

  return (
    <div className="grid gap-6 lg:grid-cols-[minmax(0,1fr)_22rem]">
      <form
        onSubmit={onSubmit}
        className="min-w-0 space-y-4 rounded-xl border border-stone-200 bg-white p-4 sm:p-6"
        noValidate
      >
        <div className="grid gap-4 sm:grid-cols-2">
          <Field label="Full name" id={`${id}-full_name`} error={errorOf('full_name')}>
            <input
              {...text('full_name')}
              className={inputStyles}
              required
              maxLength={120}
              autoComplete="off"
            />
          </Field>
          <Field
            label="Subject (as shown)"
            id={`${id}-subject`}
            error={errorOf('subject')}
            hint={readOnly ? 'Set by the administrators.' : undefined}
          >
            <input
              {...text('subject')}
              className={inputStyles}
              required
              maxLength={80}
              readOnly={readOnly}
              aria-describedby={describedBy('subject', readOnly && `${id}-subject-hint`)}
            />
          </Field>
          {isAdmin && (
            <ChoiceField
              label="Catalogue subject"
              id={`${id}-subject_id`}
              error={errorOf('subject_id')}
              hint="Sets the directory's category filter."
              value={draft.subject_id}
              none={t('None')}
              options={subjects.data?.map((s) => ({
                value: String(s.id),
                label: `${s.name} (${s.category})`,
              }))}
              onChange={(value) => {
                const chosen = subjects.data?.find((s) => String(s.id) === value);
                set('subject_id', value);
                if (chosen && !draft.subject) set('subject', chosen.name);
              }}
            />
          )}
          <Field
            label="Hourly rate (USD)"
            id={`${id}-hourly_rate`}
            error={errorOf('hourly_rate')}
            hint={readOnly ? 'Set by the administrators.' : undefined}
          >
            <input
              {...text('hourly_rate')}
              type="number"
              min={0}
              max={10000}
              step="0.01"
              inputMode="decimal"
              className={inputStyles}
              required
              readOnly={readOnly}
            />
          </Field>
          <Field label="From grade" id={`${id}-grade_from`} error={errorOf('grade_from')}>
            <select {...text('grade_from')} className={inputStyles} disabled={readOnly}>
              {gradeOptions}
            </select>
          </Field>
          <Field label="To grade" id={`${id}-grade_to`} error={errorOf('grade_to')}>
            <select {...text('grade_to')} className={inputStyles} disabled={readOnly}>
              {gradeOptions}
            </select>
          </Field>
          <Field
            label="Years of experience"
            id={`${id}-years_of_experience`}
            error={errorOf('years_of_experience')}
          >
            <input {...text('years_of_experience')} type="number" min={0} max={80} className={inputStyles} />
          </Field>
          <Field label="Education" id={`${id}-education`} error={errorOf('education')}>
            <input {...text('education')} className={inputStyles} maxLength={300} />
          </Field>
        </div>
        <Field label="Bio" id={`${id}-bio`} error={errorOf('bio')}>
          <textarea
            {...text('bio')}
            className={inputStyles}
            rows={4}
            maxLength={4000}
            aria-describedby={describedBy('bio', `${id}-bio-count`)}
          />
          <CharCount id={`${id}-bio-count`} length={draft.bio.length} max={4000} />
        </Field>
        <Field label="Teaching style" id={`${id}-teaching_style`} error={errorOf('teaching_style')}>
          <textarea
            {...text('teaching_style')}
            className={inputStyles}
            rows={3}
            maxLength={2000}
            aria-describedby={describedBy('teaching_style', `${id}-teaching_style-count`)}
          />
          <CharCount id={`${id}-teaching_style-count`} length={draft.teaching_style.length} max={2000} />
        </Field>
        <Field
          label="Own meeting link"
          id={`${id}-meeting_url`}
          error={errorOf('meeting_url')}
          hint="Optional, https://… Left empty, every session gets its own online room."
        >
          <input
            {...text('meeting_url')}
            type="url"
            className={inputStyles}
            maxLength={300}
            aria-describedby={describedBy('meeting_url', `${id}-meeting_url-hint`)}
          />
        </Field>
        <fieldset className="min-w-0 space-y-3 rounded-lg border border-stone-200 p-4">
          <legend className="px-1 text-sm font-semibold text-stone-900">{t('Trial lesson')}</legend>
          <p className="text-xs text-stone-600">
            {t(
              'A short first lesson families can book from the directory card and the tutor page, once per family.',
            )}
          </p>
          <div className="grid gap-4 sm:grid-cols-3">
            <Field label="Offer a trial lesson" id={`${id}-trial_minutes`} error={errorOf('trial.minutes')}>
              <select {...text('trial_minutes')} className={inputStyles}>
                <option value="">{t('No trial lesson')}</option>
                <option value="30">{t('{{minutes}} minutes', { minutes: 30 })}</option>
                <option value="45">{t('{{minutes}} minutes', { minutes: 45 })}</option>
              </select>
            </Field>
            {draft.trial_minutes !== '' && (
              <>
                <Field
                  label="Trial price (USD)"
                  id={`${id}-trial_price`}
                  error={errorOf('trial.price')}
                  hint="0 = free."
                >
                  <input
                    {...text('trial_price')}
                    type="number"
                    min={0}
                    max={10000}
                    step="0.01"
                    inputMode="decimal"
                    className={inputStyles}
                    aria-describedby={describedBy('trial.price', `${id}-trial_price-hint`)}
                  />
                </Field>
                <Field
                  label="Trial price in birr"
                  id={`${id}-trial_price_etb`}
                  error={errorOf('trial.price_etb')}
                  hint="Optional, for families paying in birr."
                >
                  <input
                    {...text('trial_price_etb')}
                    type="number"
                    min={0}
                    step="0.01"
                    inputMode="decimal"
                    className={inputStyles}
                    aria-describedby={describedBy('trial.price_etb', `${id}-trial_price_etb-hint`)}
                  />
                </Field>
              </>
            )}
          </div>
        </fieldset>
        {isAdmin && (
          <ChoiceField
            label="Tutor account"
            id={`${id}-user_id`}
            error={errorOf('user_id')}
            hint="The account the tutor signs in with to edit this profile and see the schedule."
            value={draft.user_id}
            none={t('No account linked')}
            options={accounts.data?.results.map((u) => ({
              value: u.id,
              label: `${u.username} (${u.email})`,
            }))}
            onChange={(value) => set('user_id', value)}
          />
        )}
        <SaveProblem
          error={save.error}
          shown={[...Object.keys(draft), 'trial.minutes', 'trial.price', 'trial.price_etb']}
        />
        {saved && <Alert tone="success">{t('Saved. The directory shows the change now.')}</Alert>}
        <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
          {save.isPending ? t('Saving…') : profile ? t('Save profile') : t('Create tutor')}
        </button>
      </form>
      {renderPreview && (
        <section aria-label={t('Preview')} className="min-w-0 space-y-2">
          <h2 className="text-sm font-semibold tracking-wide text-stone-600 uppercase">
            {t('Preview in the directory')}
          </h2>
          {renderPreview(preview)}
        </section>
      )}
    </div>
  );
}
