import { screen, within } from '@testing-library/react';
import { skipReasons } from '@tibeb/domain/bookings/lifecycle-messages';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import amharic from '../../../locales/am/payments.json';
import { server } from '../../../test/msw-server.ts';
import { paymentDynamicKeys } from '../utils/translate.ts';
import { PaymentCancelled } from './payment-cancelled.tsx';
import { PaymentDetails } from './payment-details.tsx';
import { PaymentResult } from './payment-result.tsx';
import { renderAt, reservation } from './test-utils.tsx';

const am = amharic as Record<string, string>;

describe('the payment pages in Amharic', () => {
  it('the payment page: its fields, the sessions it covers, the badges and the buttons', async () => {
    await changeLanguage('am');
    server.use(
      http.get(`/api/reservations/reservations/${reservation.id}/`, () => HttpResponse.json(reservation)),
    );
    renderAt(<PaymentDetails state={null} reservationIdParam={reservation.id} />, '/payment', [
      `/payment?reservation_id=${reservation.id}`,
    ]);
    expect(screen.getByRole('heading', { name: 'የክፍያ ዝርዝሮች' })).toBeInTheDocument();
    const covered = await screen.findByRole('region', { name: 'ይህ ክፍያ የሚሸፍናቸው ክፍለ ጊዜዎች (2)' });
    expect(covered.querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByLabelText('ሙሉ ስም')).toHaveValue('Hana Tesfaye');
    expect(screen.getByLabelText('መጠን (የአሜሪካ ዶላር)')).toHaveValue('$80.00');
    expect(screen.getByLabelText('የማስያዣ ቁጥር')).toHaveValue(reservation.id);
    const badges = screen.getByRole('list', { name: 'የክፍያ ደኅንነት' });
    expect(within(badges).getByText('የካርድ መረጃ የሚያዘው በStripe ነው')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'ደኅንነቱ በተጠበቀ ሁኔታ ይክፈሉ' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'ይመለሱ' })).toBeEnabled();
  });

  it('the success page: the title, the sessions booked and why one was skipped', async () => {
    await changeLanguage('am');
    server.use(
      http.get('/api/payments/status/', () =>
        HttpResponse.json({
          status: 'paid',
          session_id: 'cs_1',
          provider: 'demo',
          paid_at: '2026-01-05T10:00:00.000Z',
          reservation: {
            ...reservation,
            status: 'confirmed',
            sessions: reservation.sessions.map((s) => ({ ...s, status: 'scheduled' })),
            skipped: [{ date: '2026-01-26', time: '16:00', reason: skipReasons.clash }],
          },
        }),
      ),
    );
    renderAt(<PaymentResult sessionId="cs_1" />, '/payment-success', ['/payment-success?session_id=cs_1']);
    expect(await screen.findByRole('heading', { level: 1, name: 'ክፍያው ተሳክቷል!' })).toBeInTheDocument();
    expect(screen.getByText(/^ከAbebe Kebede ጋር። ማረጋገጫ ወደ hana@example\.com ተልኳል።$/)).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'የያዟቸው ክፍለ ጊዜዎች' }).querySelectorAll('li')).toHaveLength(2);
    expect(screen.getByRole('region', { name: 'በራሱ የተዘለሉ' })).toHaveTextContent('ከሌላ ቀጠሮ ጋር ይጋጫል።');
    expect(screen.getByRole('link', { name: 'ወደ መነሻ ገጽ ይመለሱ' })).toHaveAttribute('href', '/');
  });

  it('the cancel page', async () => {
    await changeLanguage('am');
    renderAt(<PaymentCancelled />, '/payment-cancel', ['/payment-cancel']);
    expect(screen.getByRole('heading', { level: 1, name: 'ክፍያው ተሰርዟል' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'እንደገና ይሞክሩ' })).toHaveAttribute('href', '/tutors');
  });

  it('has an Amharic entry for every payment message the family can see', () => {
    expect(paymentDynamicKeys.filter((key) => !am[key])).toEqual([]);
  });
});
