import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FaqAccordion } from './faq-accordion.tsx';

const settings = (hours: number, weeks: number) => ({
  contact: { address: '', phone: '', email: '', map_embed_url: '' },
  site: { name: 'Tibeb Tutoring' },
  policy_words: { cancellation_notice_hours: hours, hold_minutes: 30, weeks_per_payment: weeks },
});

/** Decision 254: the FAQ states the notice and the weeks per payment the policy settings give. */
describe('FAQ numbers', () => {
  afterEach(() => changeLanguage('en'));

  it('says the policy’s notice and weeks, in English', async () => {
    server.use(http.get('/api/settings/public/', () => HttpResponse.json(settings(36, 6))));
    await changeLanguage('en');
    renderWithProviders(<FaqAccordion />);
    expect(
      await screen.findByText(/Please cancel at least 36 hours in advance so that your tutor can plan\./),
    ).toBeInTheDocument();
    expect(screen.getByText(/The first payment covers the first 6 weeks/)).toBeInTheDocument();
    expect(
      screen.getByText(/Sessions cancelled at least 36 hours in advance are credited/),
    ).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('24 hours');
  });

  it('says them in Amharic too', async () => {
    server.use(http.get('/api/settings/public/', () => HttpResponse.json(settings(12, 4))));
    await changeLanguage('am');
    renderWithProviders(<FaqAccordion />);
    expect(await screen.findByText(/እባክዎ ቢያንስ 12 ሰዓት አስቀድመው ይሰርዙ።/)).toBeInTheDocument();
    expect(screen.getByText(/የመጀመሪያ 4 ሳምንታት/)).toBeInTheDocument();
    expect(document.body).not.toHaveTextContent('{{');
  });
});
