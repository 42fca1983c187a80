import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { MAP_EMBED_PREFIX } from '@tibeb/domain/site/contracts';
import { bookingPolicyLabels, type BookingPolicy } from '@tibeb/domain/bookings/lifecycle';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Field } from '../../../components/ui/field.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSaveSettings, useSettings, type AdminSettings } from '../api/settings.ts';
import type { Translate } from '../../../lib/translate-message.ts';
import { translateFieldError } from '../../../lib/translate-message.ts';

const contactFields = (t: Translate) =>
  [
    { key: 'address', label: t('Address'), type: 'text', max: 300 },
    { key: 'phone', label: t('Phone'), type: 'tel', max: 40 },
    { key: 'email', label: t('E-mail'), type: 'email', max: 254 },
    { key: 'map_embed_url', label: t('Map (OpenStreetMap embed address)'), type: 'url', max: 1000 },
  ] as const;

/** The earnings policy (issue 27, decision 237): commission, dispute window, smallest payout. */
const earningsFields = [
  {
    key: 'commission_percent',
    label: 'Commission (%)',
    help: 'The platform’s share of each lesson’s price, unless a tutor has their own.',
    step: 0.01,
  },
  {
    key: 'dispute_window_days',
    label: 'Dispute window (days)',
    help: 'How long after a lesson its earning stays pending before it can be paid out.',
    step: 1,
  },
  {
    key: 'payout_minimum_etb',
    label: 'Smallest payout (birr)',
    help: 'A tutor is paid in a run only when the available balance reaches this amount.',
    step: 1,
  },
] as const;

function Form({ settings }: { settings: AdminSettings }) {
  const { t } = useTranslation('admin');
  const save = useSaveSettings();
  const [contact, setContact] = useState({ ...settings.contact });
  const [siteName, setSiteName] = useState(settings.site.name);
  const [policy, setPolicy] = useState(
    () =>
      Object.fromEntries(Object.entries(settings.policy).map(([k, v]) => [k, String(v)])) as Record<
        keyof BookingPolicy,
        string
      >,
  );
  const [earnings, setEarnings] = useState(
    () =>
      Object.fromEntries(Object.entries(settings.earnings).map(([k, v]) => [k, String(v)])) as Record<
        keyof AdminSettings['earnings'],
        string
      >,
  );
  const [saved, setSaved] = useState(false);
  const errors = save.error instanceof ApiError ? save.error.fieldErrors : {};
  // The server's messages (site and booking policy checks) in the interface's language, as sent when not known.
  const errorOf = (key: string) =>
    translateFieldError(t, save.error, `contact.${key}`) ?? translateFieldError(t, save.error, key);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    save.mutate(
      {
        contact,
        site: { name: siteName },
        policy: Object.fromEntries(
          Object.entries(policy).map(([k, v]) => [k, v.trim() === '' ? Number.NaN : Number(v)]),
        ) as BookingPolicy,
        earnings: Object.fromEntries(
          Object.entries(earnings).map(([k, v]) => [k, v.trim() === '' ? Number.NaN : Number(v)]),
        ) as AdminSettings['earnings'],
      },
      { onSuccess: () => setSaved(true) },
    );
  };

  return (
    <form onSubmit={onSubmit} className="max-w-2xl space-y-5" noValidate>
      <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-4">
        <legend className="px-1 font-semibold">{t('Contact page')}</legend>
        {contactFields(t).map((f) => {
          const id = `settings-${f.key}`;
          const error = errorOf(f.key);
          return (
            <Field key={f.key} id={id} label={f.label} error={error}>
              <input
                id={id}
                type={f.type}
                className={inputStyles}
                maxLength={f.max}
                value={contact[f.key]}
                onChange={(e) => setContact((c) => ({ ...c, [f.key]: e.target.value }))}
                aria-invalid={error ? true : undefined}
                aria-describedby={
                  error ? `${id}-error` : f.key === 'map_embed_url' ? `${id}-hint` : undefined
                }
              />
              {f.key === 'map_embed_url' && (
                <p id={`${id}-hint`} className="mt-1 break-all text-sm text-stone-600">
                  {t('OpenStreetMap → Share → HTML: the address that starts with {{prefix}}', {
                    prefix: MAP_EMBED_PREFIX,
                  })}
                </p>
              )}
            </Field>
          );
        })}
      </fieldset>
      <fieldset className="space-y-2 rounded-xl border border-stone-200 bg-white p-4">
        <legend className="px-1 font-semibold">{t('Site')}</legend>
        <label htmlFor="settings-site-name" className="mb-1 block text-sm font-medium">
          {t('Site name')}
        </label>
        <input
          id="settings-site-name"
          className={inputStyles}
          maxLength={80}
          value={siteName}
          onChange={(e) => setSiteName(e.target.value)}
        />
        {(errors['site.name'] ?? errors.name) && (
          <p className="mt-1 text-sm text-red-700">{errorOf('site.name') ?? errorOf('name')}</p>
        )}
      </fieldset>
      <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-4">
        <legend className="px-1 font-semibold">{t('Booking policy')}</legend>
        {(Object.keys(bookingPolicyLabels) as (keyof BookingPolicy)[]).map((key) => {
          const id = `settings-policy-${key}`;
          const error = errorOf(`policy.${key}`);
          return (
            <Field key={key} id={id} label={t(bookingPolicyLabels[key].label)} error={error}>
              <input
                id={id}
                type="number"
                inputMode="numeric"
                step={1}
                className={`${inputStyles} max-w-40`}
                value={policy[key]}
                onChange={(e) => setPolicy((p) => ({ ...p, [key]: e.target.value }))}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
              />
              <p id={`${id}-help`} className="mt-1 text-sm text-stone-600">
                {t(bookingPolicyLabels[key].help)}
              </p>
            </Field>
          );
        })}
      </fieldset>
      <fieldset className="space-y-4 rounded-xl border border-stone-200 bg-white p-4">
        <legend className="px-1 font-semibold">{t('Earnings and payouts')}</legend>
        {earningsFields.map((f) => {
          const id = `settings-earnings-${f.key}`;
          const error = errorOf(`earnings.${f.key}`);
          return (
            <Field key={f.key} id={id} label={t(f.label)} error={error}>
              <input
                id={id}
                type="number"
                inputMode={f.step === 1 ? 'numeric' : 'decimal'}
                step={f.step}
                min={0}
                className={`${inputStyles} max-w-40`}
                value={earnings[f.key]}
                onChange={(e) => setEarnings((p) => ({ ...p, [f.key]: e.target.value }))}
                aria-invalid={error ? true : undefined}
                aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
              />
              <p id={`${id}-help`} className="mt-1 text-sm text-stone-600">
                {t(f.help)}
              </p>
            </Field>
          );
        })}
      </fieldset>
      <div aria-live="polite">
        {saved && <Alert tone="success">{t('Settings saved. The contact page shows them now.')}</Alert>}
        {save.isError && !Object.keys(errors).length && (
          <Alert tone="error">{t('The settings could not be saved.')}</Alert>
        )}
        {Object.keys(errors).length > 0 && (
          <Alert tone="error">{t('Please correct the marked fields.')}</Alert>
        )}
      </div>
      <button type="submit" className={buttonStyles.primary} disabled={save.isPending}>
        {save.isPending ? t('Saving…') : t('Save settings')}
      </button>
    </form>
  );
}

/** Settings: the contact details and map shown on /contact, and the site's name. */
export function SettingsForm() {
  const { t } = useTranslation('admin');
  const settings = useSettings();
  if (settings.isPending) return <Spinner label={t('Loading settings...')} />;
  if (settings.isError)
    return <Alert tone="error">{t('We could not load the settings. Please try again.')}</Alert>;
  return <Form settings={settings.data} />;
}
