import { screen, waitFor, within } from '@testing-library/react';
import { planOccurrences } from '@tibeb/domain/bookings/plan';
import { monthDates, slotsInWindows, weekdayOf } from '@tibeb/domain/bookings/slots';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import amharic from '../../../locales/am/booking.json';
import { server } from '../../../test/msw-server.ts';
import { bookingDynamicKeys } from '../utils/translate.ts';
import { now, renderWizard, wizardTutor } from './wizard.test-helpers.tsx';

// A journey through three steps: slower than a unit test on a loaded machine.
vi.setConfig({ testTimeout: 30_000 });

const tutor = wizardTutor({ mon: [{ start: '16:00', end: '18:00' }] });

/** The tutor teaches on Mondays 16:00–18:00; the server prices the plan at $20 an hour. */
function useApi() {
  server.use(
    http.get('/api/tutors/public/7/', () => HttpResponse.json(tutor)),
    http.get('/api/reservations/available/', ({ request }) => {
      const p = new URL(request.url).searchParams;
      const available: Record<string, string[]> = {};
      for (const date of monthDates(Number(p.get('year')), Number(p.get('month')))) {
        available[date] =
          weekdayOf(date) === 'mon' && date > now
            ? slotsInWindows(tutor.availability.mon, Number(p.get('duration_minutes')))
            : [];
      }
      return HttpResponse.json({ available });
    }),
    http.post('/api/reservations/preview/', async ({ request }) => {
      const body = (await request.json()) as { date: string; time: string; duration_hours: number };
      const sessions = planOccurrences({
        date: body.date,
        days: [weekdayOf(body.date)],
        daysTimes: { [weekdayOf(body.date)]: body.time },
      }).map((o) => ({ ...o, start: `${o.date}T${o.time}:00+03:00`, status: 'planned' }));
      const cents = sessions.length * 2000 * body.duration_hours;
      return HttpResponse.json({
        sessions,
        amount: cents / 100,
        amount_cents: cents,
        currency: 'USD',
        currency_options: [{ currency: 'USD', hourly_rate_cents: 2000, amount_cents: cents }],
        tutor: { id: 7, full_name: tutor.full_name },
        subject: 'Chemistry',
        duration_hours: body.duration_hours,
        time_zone: 'Africa/Addis_Ababa',
      });
    }),
  );
}

const am = amharic as Record<string, string>;

describe('the booking wizard in Amharic', () => {
  it('step 1: title, steps, labels and every step 1 message in Amharic', async () => {
    await changeLanguage('am');
    useApi();
    const { user } = renderWizard();
    expect(screen.getByRole('heading', { level: 1, name: 'የማስጠናት ክፍለ ጊዜ ይያዙ' })).toBeInTheDocument();
    const steps = screen.getByRole('navigation', { name: 'የቦታ ማስያዝ ደረጃዎች' });
    expect(within(steps).getByText('እውቂያ እና ተማሪ').closest('li')).toHaveAttribute('aria-current', 'step');
    expect(within(steps).getByText('መርሐ ግብር')).toBeInTheDocument();
    expect(within(steps).getByText('ማረጋገጫ')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByLabelText('የትምህርት ዓይነት')).toHaveValue('Chemistry'));
    expect(screen.getByRole('group', { name: 'ወላጅ / አሳዳጊ' })).toBeInTheDocument();
    expect(screen.getByLabelText('ሙሉ ስም')).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'እናት' })).toHaveValue('Mother');
    expect(screen.getByRole('option', { name: '7ኛ ክፍል' })).toHaveValue('Grade 7');
    expect(screen.getByRole('group', { name: 'የወር ግምታዊ ወጪ' })).toHaveTextContent('ሰዓት × ቆይታ × 4 ሳምንት');

    await user.click(screen.getByRole('button', { name: 'ቀጣይ' }));
    const alert = await screen.findByRole('alert');
    for (const message of [
      'የወላጅ/አሳዳጊ ሙሉ ስም ያስፈልጋል።',
      'ትክክለኛ የወላጅ/አሳዳጊ ኢሜይል ያስፈልጋል።',
      'ከተማሪው ጋር ያለው ዝምድና ያስፈልጋል።',
      'የተማሪውን ክፍል፣ ዕድሜ ወይም የትውልድ ቀን ያስገቡ።',
      'እባክዎ የተማሪው መረጃ ትክክል መሆኑን ያረጋግጡ።',
    ]) {
      expect(alert).toHaveTextContent(message);
    }
    expect(alert).not.toHaveTextContent(/[A-Za-z]/);
  });

  it('steps 2 and 3: the calendar, days and times, the plan and the amount, and a refusal in Amharic', async () => {
    await changeLanguage('am');
    useApi();
    const { user } = renderWizard();
    await waitFor(() => expect(screen.getByLabelText('የትምህርት ዓይነት')).toHaveValue('Chemistry'));
    const typeInto = async (label: string, text: string) => {
      await user.click(screen.getByLabelText(label));
      await user.paste(text);
    };
    await typeInto('ሙሉ ስም', 'Hana Tesfaye');
    await typeInto('ኢሜይል', 'hana@example.com');
    await typeInto('ስልክ', '+251 911 000 000');
    await user.selectOptions(screen.getByLabelText('ከተማሪው ጋር ያለዎት ዝምድና'), 'Mother');
    await typeInto('የተማሪው ሙሉ ስም', 'Liya Tesfaye');
    await user.selectOptions(screen.getByLabelText('ክፍል'), 'Grade 7');
    await user.click(screen.getByLabelText(/የተማሪው መረጃ ትክክል መሆኑን አረጋግጣለሁ/));
    await user.click(screen.getByRole('button', { name: 'ቀጣይ' }));

    await screen.findByRole('heading', { level: 2, name: 'መርሐ ግብር' });
    expect(screen.getByText('የመጀመሪያው ክፍለ ጊዜ ቀን')).toBeInTheDocument();
    const calendar = screen.getByTestId('booking-calendar');
    expect(within(calendar).getByRole('columnheader', { name: 'ሰኞ' })).toBeInTheDocument();
    expect(within(calendar).getByRole('columnheader', { name: 'እሑድ' })).toBeInTheDocument();
    await waitFor(() => expect(calendar).toHaveAttribute('aria-busy', 'false'));
    await user.click(screen.getByRole('button', { name: 'የሚቀጥለው ወር' }));
    await waitFor(() => expect(calendar).toHaveAttribute('aria-busy', 'false'));
    const open = within(calendar)
      .getAllByRole('button')
      .find((b) => !b.hasAttribute('disabled'))!;
    expect(open).toHaveAccessibleName(/, 3 ክፍት ሰዓቶች$/);
    await user.click(open);
    expect(screen.getByRole('checkbox', { name: 'ሰኞ' })).toBeChecked();
    const time = screen.getByLabelText('ሰኞ የሚጀምርበት ሰዓት');
    expect(within(time).getByRole('option', { name: 'ሰዓት ይምረጡ' })).toBeInTheDocument();
    await user.selectOptions(time, '16:00');
    await user.click(screen.getByRole('button', { name: 'ቀጣይ' }));

    await screen.findByRole('heading', { level: 2, name: 'ማረጋገጫ' });
    const planned = await screen.findByRole('list', { name: 'የታቀዱ ክፍለ ጊዜዎች' });
    expect(within(planned).getAllByRole('listitem')).toHaveLength(4);
    const amount = await screen.findByRole('region', { name: 'የሚከፈለው መጠን' });
    expect(amount).toHaveTextContent('$80.00');
    expect(amount).toHaveTextContent('$20.00/ሰዓት × 1 ሰ × 4 ክፍለ ጊዜ');
    expect(screen.getByText('ከላይ የተጠቀሰው ወላጅ/አሳዳጊ')).toBeInTheDocument();
    expect(screen.getByText('እናት')).toBeInTheDocument();
    expect(screen.getByTestId('mini-cost')).toHaveTextContent('$80.00');
    expect(screen.getByRole('button', { name: 'ቦታ ማስያዙን ያረጋግጡ' })).toBeEnabled();
    expect(screen.getByRole('button', { name: 'ይመለሱ' })).toBeEnabled();

    // The server's refusal is read by its code and values, whatever its English says.
    server.use(
      http.post('/api/reservations/reservations/', () =>
        HttpResponse.json(
          { detail: 'Not so soon, please.', code: 'too_soon', params: { hours: 24 } },
          { status: 400 },
        ),
      ),
    );
    await user.click(screen.getByRole('button', { name: 'ቦታ ማስያዙን ያረጋግጡ' }));
    const refusal = await screen.findByRole('alert');
    expect(refusal).toHaveTextContent('እባክዎ ከአሁን ቢያንስ 24 ሰዓት በኋላ ያለ ሰዓት ይምረጡ።');
    expect(refusal).not.toHaveTextContent(/[A-Za-z]/);
  });

  it('has an Amharic entry for every message and choice the wizard shows from packages/domain', () => {
    expect(bookingDynamicKeys.filter((key) => !am[key])).toEqual([]);
  });
});
