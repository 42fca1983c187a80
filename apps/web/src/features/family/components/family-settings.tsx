import { useState, type FormEvent, type ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import {
  communicationLabels,
  communicationPreferences,
  type FamilySettings as Settings,
} from '@tibeb/domain/family/contracts';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translateAnswer, translateFieldError } from '../../../lib/translate-message.ts';
import { useGetSettings } from '../api/get-settings.ts';
import { useUpdateSettings } from '../api/update-settings.ts';
import { QueryState } from './query-state.tsx';
import { browserZone } from './time.ts';
import { FieldErrorText } from '../../../components/ui/field.tsx';

/** Every zone the browser knows, with the detected one and the saved one always among them. */
const zones = (...always: string[]): string[] => {
  const intl = Intl as unknown as { supportedValuesOf?: (k: string) => string[] };
  const known = intl.supportedValuesOf?.('timeZone') ?? ['Africa/Addis_Ababa'];
  return [...new Set([...always.filter(Boolean), ...known])].sort();
};

function PreferencesForm({ initial }: { initial: Settings }) {
  const { t } = useTranslation('family');
  const [v, setV] = useState(initial);
  const save = useUpdateSettings();
  const detected = browserZone();
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    save.mutate({
      first_name: v.first_name,
      last_name: v.last_name,
      time_zone: v.time_zone,
      communication_preference: v.communication_preference,
      reminders_enabled: v.reminders_enabled,
    });
  };
  return (
    <form onSubmit={onSubmit} className="space-y-4" aria-labelledby="prefs-heading">
      <h2 id="prefs-heading" className="text-lg font-semibold text-stone-900">
        {t('You and how we reach you')}
      </h2>
      <div className="grid gap-4 sm:grid-cols-2">
        <label className="block">
          <span className="mb-1 block font-medium">{t('First name')}</span>
          <input
            className={inputStyles}
            value={v.first_name}
            onChange={(e) => setV({ ...v, first_name: e.target.value })}
            autoComplete="given-name"
          />
        </label>
        <label className="block">
          <span className="mb-1 block font-medium">{t('Last name')}</span>
          <input
            className={inputStyles}
            value={v.last_name}
            onChange={(e) => setV({ ...v, last_name: e.target.value })}
            autoComplete="family-name"
          />
        </label>
      </div>
      <div>
        <label className="block">
          <span className="mb-1 block font-medium">{t('Time zone')}</span>
          <select
            className={inputStyles}
            value={v.time_zone}
            aria-describedby="zone-help zone-error"
            onChange={(e) => setV({ ...v, time_zone: e.target.value })}
          >
            <option value="">
              {t("This device's zone ({{zone}})", { zone: detected.replace(/_/g, ' ') })}
            </option>
            {zones(detected, initial.time_zone).map((z) => (
              <option key={z} value={z}>
                {z.replace(/_/g, ' ')}
              </option>
            ))}
          </select>
        </label>
        <p id="zone-help" className="mt-1 text-sm text-stone-600">
          {t('Detected on this device: {{zone}}. Lesson times show in EAT and in this zone.', {
            zone: detected.replace(/_/g, ' '),
          })}
          {v.time_zone !== detected && (
            <>
              {' '}
              <button
                type="button"
                className="font-medium text-brand-700 underline"
                onClick={() => setV({ ...v, time_zone: detected })}
              >
                {t('Use {{zone}}', { zone: detected.replace(/_/g, ' ') })}
              </button>
            </>
          )}
        </p>
        <FieldErrorText id="zone-error">{translateFieldError(t, save.error, 'time_zone')}</FieldErrorText>
      </div>
      <fieldset>
        <legend className="mb-1 font-medium">{t('Preferred way to reach you')}</legend>
        <div className="flex flex-wrap gap-x-6 gap-y-2">
          {communicationPreferences.map((p) => (
            <label key={p} className="flex items-center gap-2">
              <input
                type="radio"
                name="communication"
                checked={v.communication_preference === p}
                onChange={() => setV({ ...v, communication_preference: p })}
              />
              {t(communicationLabels[p])}
            </label>
          ))}
        </div>
      </fieldset>
      <div>
        <label className="flex items-center gap-2">
          <input
            type="checkbox"
            checked={v.reminders_enabled}
            aria-describedby="reminders-help"
            onChange={(e) => setV({ ...v, reminders_enabled: e.target.checked })}
          />
          {t('Send me lesson reminders')}
        </label>
        <p id="reminders-help" className="mt-1 text-sm text-stone-600">
          {t(
            "24 hours and 1 hour before each lesson, the way you prefer (SMS and WhatsApp go to the booking's phone number). You can also stop them from any reminder.",
          )}
        </p>
      </div>
      {save.isSuccess && <Alert tone="success">{t('Your settings were saved.')}</Alert>}
      {save.error && !Object.keys(errors).length && (
        <Alert tone="error">{translateAnswer(t, save.error) ?? t('Please try again.')}</Alert>
      )}
      <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
        {t('Save settings')}
      </button>
    </form>
  );
}

/**
 * Settings (issue 15 item 7): time zone (detected, changeable), communication preference, and the account's
 * password form, which the page passes in (`passwordForm`: the accounts' own form).
 */
export function FamilySettings({ passwordForm }: { passwordForm: ReactNode }) {
  const { t } = useTranslation('family');
  const query = useGetSettings();
  return (
    <QueryState query={query}>
      {(s) => (
        <div className="max-w-3xl space-y-8">
          <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
            <PreferencesForm initial={s} />
          </div>
          <div className="rounded-xl border border-stone-200 bg-white p-4 shadow-sm sm:p-6">
            <p className="mb-4 text-sm text-stone-600">
              <Trans
                t={t}
                i18nKey="Signed in as <email>{{email}}</email>. Changing the password signs you out everywhere."
                values={{ email: s.email }}
                components={{ email: <span className="break-all font-medium" /> }}
              />
            </p>
            {passwordForm}
          </div>
        </div>
      )}
    </QueryState>
  );
}
