import { guardianRelationships, type BookingFormValues } from '@tibeb/domain/bookings/form';
import { bookingLimits, bookingMessages, gradeOptions } from '@tibeb/domain/bookings/messages';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { inputStyles } from '../../../components/ui/button-styles.ts';
import type { BookingSubject } from '../api/get-booking-subjects.ts';
import { FormField, Section } from './form-field.tsx';

export type SubjectChoice =
  | { mode: 'tutor'; subjectName: string }
  | {
      mode: 'subject';
      subjects: BookingSubject[] | undefined;
      loading: boolean;
      failed: boolean;
      onSubjectChange: (slug: string) => void;
    };

type Props = {
  register: UseFormRegister<BookingFormValues>;
  errors: FieldErrors<BookingFormValues>;
  subject: SubjectChoice;
  differentPayer: boolean;
};

/** Step 1 (spec §2–3): parent/guardian, address, optional secondary contact and payer, student, confirmation. */
export function ContactStudentStep({ register, errors, subject, differentPayer }: Props) {
  const { t } = useTranslation('booking');
  const invalid = (name: keyof BookingFormValues) => (errors[name] ? true : undefined);
  const text = (
    name: keyof BookingFormValues,
    label: string,
    opts: { type?: string; autoComplete?: string; optional?: boolean; className?: string } = {},
  ) => (
    <FormField id={`bk-${name}`} label={label} optional={opts.optional} className={opts.className}>
      <input
        id={`bk-${name}`}
        type={opts.type ?? 'text'}
        autoComplete={opts.autoComplete}
        aria-invalid={invalid(name)}
        className={inputStyles}
        {...register(name)}
      />
    </FormField>
  );

  return (
    <div className="space-y-5">
      <Section title={t('Parent / guardian')}>
        {text('full_name', t('Full name'), { autoComplete: 'name' })}
        {text('email', t('Email'), { type: 'email', autoComplete: 'email' })}
        {text('phone', t('Phone'), { type: 'tel', autoComplete: 'tel' })}
        <FormField id="bk-guardian_relationship" label={t('Relationship to student')}>
          <select
            id="bk-guardian_relationship"
            className={inputStyles}
            aria-invalid={invalid('guardian_relationship')}
            {...register('guardian_relationship')}
          >
            <option value="">{t('Select relationship')}</option>
            {guardianRelationships.map((r) => (
              <option key={r} value={r}>
                {t(r)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField id="bk-comms_preference" label={t('Preferred contact method')} optional>
          <select id="bk-comms_preference" className={inputStyles} {...register('comms_preference')}>
            <option value="">{t('No preference')}</option>
            <option value="email">{t('Email')}</option>
            <option value="phone">{t('Phone')}</option>
            <option value="whatsapp">{t('WhatsApp')}</option>
          </select>
        </FormField>
        {subject.mode === 'tutor' ? (
          <FormField id="bk-subject" label={t('Subject')} hint={t('Set by the tutor you chose.')}>
            <input
              id="bk-subject"
              readOnly
              value={subject.subjectName}
              aria-describedby="bk-subject-hint"
              className={`${inputStyles} bg-stone-100`}
            />
          </FormField>
        ) : (
          <FormField id="bk-subject" label={t('Subject')}>
            <select
              id="bk-subject"
              className={inputStyles}
              aria-invalid={invalid('subject')}
              disabled={subject.loading}
              {...register('subject', {
                onChange: (e: { target: { value: string } }) => subject.onSubjectChange(e.target.value),
              })}
            >
              <option value="">
                {t(subject.loading ? bookingMessages.loadingSubjects : bookingMessages.selectSubject)}
              </option>
              {(subject.subjects ?? []).map((s) => (
                <option key={s.slug} value={s.slug}>
                  {s.name}
                </option>
              ))}
            </select>
            {subject.failed && (
              <p className="mt-1 text-sm text-red-700">{t(bookingMessages.subjectsLoadFailed)}</p>
            )}
          </FormField>
        )}
        {text('subject_level', t('Subject level'), { optional: true })}
      </Section>

      <Section title={t('Address')}>
        {text('address_line1', t('Address line 1'), { autoComplete: 'address-line1', optional: true })}
        {text('address_line2', t('Address line 2'), { autoComplete: 'address-line2', optional: true })}
        {text('city', t('City'), { autoComplete: 'address-level2', optional: true })}
        {text('state', t('State / region'), { autoComplete: 'address-level1', optional: true })}
        {text('postal_code', t('Postal code'), { autoComplete: 'postal-code', optional: true })}
        {text('country', t('Country'), { autoComplete: 'country-name', optional: true })}
      </Section>

      <Section
        title={t('Secondary contact')}
        description={t('Optional: someone we can reach if we cannot reach you.')}
      >
        {text('secondary_contact_name', t('Name'), { optional: true })}
        {text('secondary_contact_email', t('Email'), { type: 'email', optional: true })}
        {text('secondary_contact_phone', t('Phone'), { type: 'tel', optional: true })}
      </Section>

      <Section title={t('Payment owner')}>
        <div className="sm:col-span-2">
          <label className="flex items-start gap-3 text-sm text-stone-800">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 accent-brand-700"
              {...register('use_different_payer')}
            />
            <span>{t('Someone else will pay (a different payer)')}</span>
          </label>
        </div>
        {differentPayer && (
          <>
            {text('payment_owner_name', t('Payment owner name'))}
            {text('payment_owner_email', t('Payment owner email'), { type: 'email' })}
          </>
        )}
      </Section>

      <Section title={t('Student')}>
        {text('student_name', t('Student full name'))}
        <FormField id="bk-grade_level" label={t('Grade')}>
          <select
            id="bk-grade_level"
            className={inputStyles}
            aria-invalid={invalid('grade_level')}
            {...register('grade_level')}
          >
            <option value="">{t('Select grade')}</option>
            {gradeOptions.map((g) => (
              <option key={g} value={g}>
                {t(g)}
              </option>
            ))}
          </select>
        </FormField>
        <FormField
          id="bk-student_age"
          label={t('Age')}
          hint={t('Grade, age or date of birth: one is enough.')}
        >
          <input
            id="bk-student_age"
            type="number"
            inputMode="numeric"
            min={bookingLimits.studentAgeMin}
            max={bookingLimits.studentAgeMax}
            step={1}
            aria-invalid={invalid('student_age')}
            aria-describedby="bk-student_age-hint"
            className={inputStyles}
            {...register('student_age')}
          />
        </FormField>
        {text('student_dob', t('Date of birth'), { type: 'date', optional: true })}
        {text('student_school', t('School'), { optional: true })}
        {text('student_email', t('Student email'), { type: 'email', optional: true })}
        {text('student_phone', t('Student phone'), { type: 'tel', optional: true })}
        <div className="sm:col-span-2">
          <label className="flex items-start gap-3 text-sm text-stone-800">
            <input
              type="checkbox"
              className="mt-0.5 h-5 w-5 accent-brand-700"
              aria-invalid={invalid('confirm_info')}
              {...register('confirm_info')}
            />
            <span>{t('I confirm the student information above is accurate.')}</span>
          </label>
        </div>
      </Section>
    </div>
  );
}
