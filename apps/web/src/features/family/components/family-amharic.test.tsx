import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  renewalMessages,
  type FamilyOverview as Overview,
  type FamilySession,
  type RenewalOffer,
} from '@tibeb/domain/family/contracts';
import { changeLanguage } from '../../../lib/i18n.ts';
import amharic from '../../../locales/am/family.json';
import { server } from '../../../test/msw-server.ts';
import { familyDynamicKeys } from '../utils/translate.ts';
import { FamilyOverview } from './family-overview.tsx';
import { FamilySettings } from './family-settings.tsx';

const start = new Date(Date.now() + 3 * 24 * 3_600_000);
const session = (inTime: boolean): FamilySession => ({
  id: 's1',
  reservation_id: 'r1',
  starts_at: start.toISOString(),
  ends_at: new Date(start.getTime() + 3_600_000).toISOString(),
  status: 'scheduled',
  time_zone: 'Africa/Addis_Ababa',
  duration_minutes: 60,
  subject: 'Mathematics',
  student_name: 'Nahom Alemayehu',
  tutor_id: 1,
  tutor_name: 'Abebe Bekele',
  currency: 'USD',
  room: {
    url: null,
    audio_url: null,
    opens_at: new Date(start.getTime() - 15 * 60_000).toISOString(),
    provider: 'jitsi',
  },
  terms: {
    in_time: inTime,
    notice_hours: 12,
    free_until: new Date(start.getTime() - 12 * 3_600_000).toISOString(),
    value_cents: 2500,
    series_count: 2,
    series_value_cents: 5000,
  },
});

const overview = (upcoming: FamilySession[]): Overview => ({
  family: { name: 'Marta Alemayehu', email: 'student@tibeb.example', time_zone: 'America/New_York' },
  credit: [{ currency: 'USD', amount_cents: 1500 }],
  upcoming,
});

function renderIn(element: ReactNode) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <MemoryRouter>{element}</MemoryRouter>
    </QueryClientProvider>,
  );
}

const am = amharic as Record<string, string>;

describe('the family area in Amharic', () => {
  beforeAll(() => {
    HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
      this.setAttribute('open', '');
    };
    HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
      this.removeAttribute('open');
    };
  });

  it('the overview: credit, the next session with its countdown and both zones, payments', async () => {
    await changeLanguage('am');
    server.use(
      http.get('/api/student/overview/', () => HttpResponse.json(overview([session(true)]))),
      http.get('/api/student/renewals/', () => HttpResponse.json([])),
      http.get('/api/student/payments/', () => HttpResponse.json([])),
    );
    renderIn(<FamilyOverview />);
    const card = await screen.findByTestId('family-session');
    expect(card).toHaveTextContent('Mathematics ከAbebe Bekele ጋር');
    expect(card).toHaveTextContent('ለNahom Alemayehu');
    expect(within(card).getByText(/^በ(2|3) ቀን ከ\d+ ሰ ውስጥ$/)).toBeInTheDocument();
    expect(card).toHaveTextContent('በእርስዎ ሰዓት (New York)');
    expect(card).toHaveTextContent(/የትምህርቱ ሊንክ .+ ላይ ይታያል።/);
    expect(card).toHaveTextContent(/^.*እስከ .+ ድረስ በነፃ መቀየር ይቻላል/);
    expect(screen.getByText('ክሬዲትዎ')).toBeInTheDocument();
    expect(screen.getByTestId('credit-balance')).toHaveTextContent('$15.00');
    expect(screen.getByRole('heading', { name: 'የሚመጡ ክፍለ ጊዜዎች' })).toBeInTheDocument();
    expect(await screen.findByText('እስካሁን ክፍያ የለም።')).toBeInTheDocument();

    await userEvent.click(within(card).getByRole('button', { name: 'ይሰርዙ' }));
    const dialog = screen.getByRole('dialog', { name: 'ክፍለ ጊዜ ይሰርዙ' });
    await userEvent.click(within(dialog).getByLabelText('ይህን እና የተከታታዩን ቀሪ ክፍለ ጊዜዎች (2 ክፍለ ጊዜዎች)'));
    const terms = within(dialog).getByTestId('cancel-terms');
    expect(terms).toHaveTextContent('ነፃ፦ የሚሰርዙት ክፍለ ጊዜው ከመጀመሩ ቢያንስ 12 ሰዓት በፊት ነው።');
    expect(terms).toHaveTextContent('$50.00 አሁኑኑ እንደ ክሬዲት ይመለሳል');
    expect(within(dialog).getByRole('button', { name: '2 ክፍለ ጊዜዎችን ይሰርዙ' })).toBeEnabled();
    expect(within(dialog).getByRole('button', { name: 'ይቆይ' })).toBeEnabled();
  });

  it('settings: the form, the zone help and the reach choices in Amharic', async () => {
    await changeLanguage('am');
    server.use(
      http.get('/api/student/settings/', () =>
        HttpResponse.json({
          first_name: 'Marta',
          last_name: 'Alemayehu',
          email: 'student@tibeb.example',
          time_zone: 'Africa/Addis_Ababa',
          communication_preference: 'whatsapp',
          reminders_enabled: true,
        }),
      ),
    );
    renderIn(<FamilySettings passwordForm={<p>password form</p>} />);
    expect(await screen.findByRole('heading', { name: 'እርስዎ እና የምናገኝዎበት መንገድ' })).toBeInTheDocument();
    expect(screen.getByLabelText('ስም')).toHaveValue('Marta');
    expect(screen.getByRole('radio', { name: 'ዋትስአፕ' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'የስልክ ጥሪ ወይም አጭር መልዕክት' })).not.toBeChecked();
    const signedIn = screen.getByText(
      (_, el) => el?.tagName === 'P' && (el.textContent ?? '').startsWith('በstudent@tibeb.example ገብተዋል።'),
    );
    expect(signedIn).toHaveTextContent('የይለፍ ቃሉን መቀየር ከሁሉም ቦታ ያስወጣዎታል።');
    expect(screen.getByText('student@tibeb.example')).toHaveClass('break-all');
    expect(screen.getByRole('button', { name: 'ቅንብሮቹን ያስቀምጡ' })).toBeEnabled();
  });

  it('credit per currency, a renewal in birr, and why another is offered in dollars, in Amharic', async () => {
    await changeLanguage('am');
    const renewal = (subject: string, tutor: string): RenewalOffer => ({
      reservation_id: subject,
      tutor_id: 1,
      tutor_name: tutor,
      subject,
      student_name: 'Nahom Alemayehu',
      time_zone: 'Africa/Addis_Ababa',
      paid_until: start.toISOString(),
      sessions: [{ date: '2026-12-01', time: '17:00', start: '2026-12-01T14:00:00.000Z', status: 'planned' }],
      currency: 'ETB',
      currency_notice: null,
      amount_cents: 112500,
      credit_cents: 45000,
      charge_cents: 67500,
      problem: null,
    });
    server.use(
      http.get('/api/student/overview/', () =>
        HttpResponse.json({
          ...overview([]),
          credit: [
            { currency: 'USD', amount_cents: 1200 },
            { currency: 'ETB', amount_cents: 45000 },
          ],
        }),
      ),
      http.get('/api/student/renewals/', () =>
        HttpResponse.json([
          renewal('Mathematics', 'Abebe Bekele'),
          {
            ...renewal('Chemistry', 'Selam Bekele'),
            currency: 'USD',
            currency_notice: renewalMessages.birrNotOffered,
            amount_cents: 2500,
            credit_cents: 1200,
            charge_cents: 1300,
          },
        ]),
      ),
      http.get('/api/student/payments/', () => HttpResponse.json([])),
    );
    renderIn(<FamilyOverview />);
    expect(await screen.findByTestId('credit-balance')).toHaveTextContent(/^\$12\.00 እና ETB 450\.00$/);
    expect(
      screen.getByText('የብር ክሬዲት በብር በሚከፈሉ ቦታ ማስያዣዎች ላይ፣ የዶላር ክሬዲት ደግሞ በዶላር በሚከፈሉ ቦታ ማስያዣዎች ላይ ይውላል።'),
    ).toBeInTheDocument();
    const birr = await screen.findByRole('listitem', { name: 'Mathematicsን ከAbebe Bekele ጋር ያድሱ' });
    expect(birr).toHaveTextContent('ክሬዲትዎ፣ በቅድሚያ የሚውል−ETB 450.00');
    expect(birr).toHaveTextContent('በቻፓ በብር የሚከፈልETB 675.00');
    const dollars = screen.getByRole('listitem', { name: 'Chemistryን ከSelam Bekele ጋር ያድሱ' });
    expect(dollars).toHaveTextContent(
      'ለዚህ የትምህርት ዓይነት በብር መክፈል ከእንግዲህ አይቀርብም፤ ስለዚህ ይህ እድሳት በአሜሪካ ዶላር፣ በካርድ የሚከፈል ሆኖ ቀርቧል።',
    );
    expect(dollars).toHaveTextContent('በካርድ የሚከፈል$13.00');
    expect(dollars).not.toHaveTextContent('Payment in birr');
  });

  it('has an Amharic entry for every message and label the family screens show as a value', () => {
    expect(familyDynamicKeys.filter((key) => !am[key])).toEqual([]);
  });
});
