import { useState, type FormEvent } from 'react';
import { api, ApiError } from '../../../lib/api-client.ts';

/** The footer's newsletter box (spec §1, §5: e-mail required and of e-mail type). */
export function NewsletterForm() {
  const [email, setEmail] = useState('');
  const [state, setState] = useState<{ tone: 'idle' | 'sending' | 'ok' | 'error'; text: string }>({
    tone: 'idle',
    text: '',
  });

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    setState({ tone: 'sending', text: '' });
    try {
      const res = await api.post<{ detail: string }>('/newsletter/', { email });
      setState({ tone: 'ok', text: res.detail });
      setEmail('');
    } catch (err) {
      setState({
        tone: 'error',
        text: err instanceof ApiError ? err.message : 'Could not subscribe. Please try again.',
      });
    }
  }

  return (
    <form onSubmit={onSubmit} aria-labelledby="newsletter-title">
      <p id="newsletter-title" className="font-semibold text-white">
        Newsletter
      </p>
      <p className="mt-1 text-sm">Study tips and new tutors, once a month.</p>
      <div className="mt-3 flex gap-2">
        <label htmlFor="newsletter-email" className="sr-only">
          Email address
        </label>
        <input
          id="newsletter-email"
          type="email"
          required
          placeholder="you@example.com"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          className="min-w-0 flex-1 rounded-lg border border-stone-600 bg-stone-800 px-3 py-2 text-white placeholder:text-stone-400"
        />
        <button
          type="submit"
          disabled={state.tone === 'sending'}
          className="rounded-lg bg-accent-400 px-4 py-2 font-semibold text-stone-900 hover:bg-accent-500 disabled:opacity-60"
        >
          Subscribe
        </button>
      </div>
      {state.text && (
        <p
          role="status"
          className={`mt-2 text-sm ${state.tone === 'error' ? 'text-red-300' : 'text-emerald-300'}`}
        >
          {state.text}
        </p>
      )}
    </form>
  );
}
