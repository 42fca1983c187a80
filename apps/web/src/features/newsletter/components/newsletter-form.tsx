import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { siteMessages } from '@tibeb/domain/site/messages';
import { ApiError } from '../../../lib/api-client.ts';
import { translateMessage, type Problem } from '../../../lib/translate-message.ts';
import { useSubscribeNewsletter } from '../api/subscribe-newsletter.ts';
import { Form } from '../../../components/ui/form.tsx';

/**
 * The footer's newsletter box (spec §1, §5: e-mail required and of e-mail type). The browser checks the
 * address first; the server's field message is shown when it disagrees.
 */
export function NewsletterForm() {
  const { t } = useTranslation('public');
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<{ tone: 'ok' | 'error'; text: Problem } | null>(null);
  const mutation = useSubscribeNewsletter();

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setMessage(null);
    try {
      const res = await mutation.mutateAsync({ email: email.trim() });
      setMessage({ tone: 'ok', text: res.detail });
      setEmail('');
    } catch (err) {
      // The address's own message, else the answer (by its code); a failure of the server says only that.
      const text =
        err instanceof ApiError
          ? (err.fieldErrors.email?.[0] ?? (err.status < 500 ? err : siteMessages.newsletterFailed))
          : siteMessages.newsletterFailed;
      setMessage({ tone: 'error', text });
    }
  }

  const sending = mutation.isPending;
  return (
    <Form onSubmit={onSubmit} aria-labelledby="newsletter-title">
      <h2 id="newsletter-title" className="font-semibold text-white">
        {t('Newsletter')}
      </h2>
      <p className="mt-1 text-sm">{t('Study tips, new tutors and special offers, once a month.')}</p>
      <div className="mt-3 flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          {t('Email address')}
        </label>
        {/* w-0: the box takes the row's free space; its own width (wider in the Ethiopic font) must not widen the
            footer on phones. */}
        <input
          id="newsletter-email"
          type="email"
          required
          autoComplete="email"
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          aria-describedby={message ? 'newsletter-message' : undefined}
          aria-invalid={message?.tone === 'error' ? true : undefined}
          className="w-0 min-w-0 flex-1 rounded-lg border border-stone-500 bg-stone-800 px-3 py-2 text-white placeholder:text-stone-400 focus:outline-none focus:ring-2 focus:ring-accent-400"
        />
        <button
          type="submit"
          disabled={sending}
          className="rounded-lg bg-accent-400 px-4 py-2 font-semibold text-stone-900 hover:bg-accent-500 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-accent-400 disabled:opacity-60"
        >
          {sending ? t('Subscribing...') : t('Subscribe')}
        </button>
      </div>
      <p
        id="newsletter-message"
        role="status"
        className={`mt-2 min-h-5 text-sm ${message?.tone === 'error' ? 'text-red-300' : 'text-emerald-300'}`}
      >
        {message ? translateMessage(t, message.text) : null}
      </p>
    </Form>
  );
}
