import { zodResolver } from '@hookform/resolvers/zod';
import { useState, type ReactNode } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { contactMessageInput, type ContactMessageInput } from '@tibeb/domain/site/contracts';
import { siteLimits, siteMessages } from '@tibeb/domain/site/messages';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { CharCount } from '../../../components/ui/char-count.tsx';
import { useCreateContactMessage } from '../api/create-contact-message.ts';
import { Form } from '../../../components/ui/form.tsx';

const empty: ContactMessageInput = { name: '', email: '', message: '' };

/** The contact form (spec §3, §4, §5, §8): all fields required; 'Sending...' while posting; cleared on success. */
export function ContactForm() {
  const { t } = useTranslation('public');
  const [outcome, setOutcome] = useState<'success' | 'error' | null>(null);
  const mutation = useCreateContactMessage();
  const {
    register,
    handleSubmit,
    reset,
    control,
    formState: { errors },
  } = useForm<ContactMessageInput>({ resolver: zodResolver(contactMessageInput), defaultValues: empty });

  const onSubmit = handleSubmit(async (values) => {
    setOutcome(null);
    try {
      await mutation.mutateAsync(values);
      reset(empty);
      setOutcome('success');
    } catch (err) {
      console.error(err);
      setOutcome('error');
    }
  });

  const messageText = useWatch({ control, name: 'message' }) ?? '';
  const sending = mutation.isPending;
  const field = (name: keyof ContactMessageInput, label: string, input: ReactNode) => (
    <div>
      <label htmlFor={`contact-${name}`} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      {input}
      {errors[name] && (
        <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700">
          {t(errors[name]?.message ?? '')}
        </p>
      )}
    </div>
  );
  const a11y = (name: keyof ContactMessageInput) => ({
    id: `contact-${name}`,
    'aria-invalid': errors[name] ? true : undefined,
    'aria-describedby': errors[name] ? `contact-${name}-error` : undefined,
  });

  return (
    <Form onSubmit={onSubmit} noValidate className="space-y-4" aria-labelledby="contact-form-title">
      <h2 id="contact-form-title" className="text-xl font-bold text-stone-900">
        {t('Send us a message')}
      </h2>
      {outcome === 'success' && <Alert tone="success">{t(siteMessages.contactSuccess)}</Alert>}
      {outcome === 'error' && <Alert tone="error">{t(siteMessages.contactFailure)}</Alert>}
      {field(
        'name',
        t('Name'),
        <input
          {...a11y('name')}
          {...register('name')}
          autoComplete="name"
          required
          className={inputStyles}
        />,
      )}
      {field(
        'email',
        t('Email'),
        <input
          {...a11y('email')}
          {...register('email')}
          type="email"
          autoComplete="email"
          required
          className={inputStyles}
        />,
      )}
      {field(
        'message',
        t('Message'),
        <>
          <textarea
            {...a11y('message')}
            aria-describedby={[errors.message && 'contact-message-error', 'contact-message-count']
              .filter(Boolean)
              .join(' ')}
            {...register('message')}
            rows={6}
            required
            className={inputStyles}
          />
          <CharCount
            id="contact-message-count"
            length={messageText.length}
            max={siteLimits.messageMaxLength}
          />
        </>,
      )}
      <button type="submit" disabled={sending} className={`${buttonStyles.primary} w-full sm:w-auto`}>
        {sending ? t(siteMessages.contactSending) : t(siteMessages.contactSend)}
      </button>
    </Form>
  );
}
