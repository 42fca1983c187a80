import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { readVerifyLink } from './teach.helpers.ts';

/** What the family journeys share: a new family's sign-up, a demo payment, a booking due for renewal. */

export type NewFamily = { username: string; email: string; password: string };

/** Signs up and confirms the family's address, as a new family does. */
export async function signUpFamily(page: Page, family: NewFamily) {
  await page.goto('/signup');
  await page.locator('#main').getByLabel('Username').fill(family.username);
  await page.locator('#main').getByLabel('Email').fill(family.email);
  await page.getByLabel('Password', { exact: true }).fill(family.password);
  await page.getByLabel('Confirm password').fill(family.password);
  await page.getByRole('button', { name: 'Sign up' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'We have sent a link' })).toBeVisible();
  await page.goto(await readVerifyLink(family.email));
  await page.getByRole('button', { name: 'Confirm my email address' }).click();
  await expect(page.getByText('Your email address is confirmed.')).toBeVisible();
}

/** Pays a held reservation through the demo provider's page and answers its (confirmed) summary. */
export async function payWithDemo(
  request: APIRequestContext,
  created: { id: string; amount: number },
  payer: { fullName: string; email: string },
) {
  const checkout = await request.post('/api/payments/create-checkout-session/', {
    data: {
      reservation_id: created.id,
      full_name: payer.fullName,
      email: payer.email,
      amount: created.amount,
    },
  });
  const paymentId = /checkout\/([0-9a-f-]{36})\/$/.exec((await checkout.json()).checkout_url)![1];
  await request.post(`/api/payments/demo/checkout/${paymentId}/pay/`, { maxRedirects: 0 });
  const summary = (await (await request.get(`/api/reservations/reservations/${created.id}/`)).json()) as {
    status: string;
    sessions: { id: string; date: string }[];
  };
  expect(summary.status).toBe('confirmed');
  return summary;
}

type PublicTutor = { id: number; subject: string };

/**
 * A paid one-hour booking 2 to 6 days ahead with a free tutor (tried from the end of `choose(tutors)`), its last
 * three weeks cancelled for credit by the signed-in family (`headers`): its paid weeks end within the renewal
 * window. Answers the reservation and its tutor.
 */
export async function bookingDueForRenewal(
  request: APIRequestContext,
  family: { email: string; headers: Record<string, string> },
  choose: (tutors: PublicTutor[]) => PublicTutor[] = (tutors) => tutors,
) {
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as PublicTutor[];
  const from = Date.now() + 2 * 86_400_000;
  const days = [0, 1, 2, 3, 4].map((i) => new Date(from + i * 86_400_000).toISOString().slice(0, 10));
  for (const tutor of choose(tutors).slice().reverse()) {
    for (const day of days) {
      const [year, month] = day.split('-').map(Number);
      const available = (
        await (
          await request.get(
            `/api/reservations/available/?tutor_id=${tutor.id}&year=${year}&month=${month}&duration_minutes=60&only_future=1`,
          )
        ).json()
      ).available as Record<string, string[]>;
      const time = available[day]?.at(-1);
      if (!time) continue;
      const booked = await request.post('/api/reservations/reservations/', {
        data: {
          tutor: tutor.id,
          date: day,
          time,
          duration_hours: 1,
          full_name: 'Selam Tadesse',
          email: family.email,
          phone: '+251 911 000 111',
          guardian_relationship: 'Mother',
          subject: tutor.subject,
          student_full_name: 'Abel Tadesse',
          student_grade: 'Grade 5',
        },
      });
      if (booked.status() !== 201) continue;
      const created = (await booked.json()) as { id: string; amount: number };
      const summary = await payWithDemo(request, created, { fullName: 'Selam Tadesse', email: family.email });
      const cancel = await request.post(`/api/bookings/sessions/${summary.sessions[1]!.id}/cancel/`, {
        data: { scope: 'series', outcome: 'credit' },
        headers: family.headers,
      });
      expect(cancel.status()).toBe(200);
      return { reservationId: created.id, tutorId: tutor.id };
    }
  }
  throw new Error('no free slot 2 to 6 days ahead');
}

/** Who books: the wizard's contact and student fields. */
export type Booker = { fullName: string; email: string; phone: string; student: string };

const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/**
 * A reservation made through the API, as the wizard would, at a random free slot of a random published tutor,
 * in a month `monthsAhead` to `monthsAhead + 4` months after `from` (far from the journeys that book this week).
 */
export async function reserveAtRandom(
  request: APIRequestContext,
  booker: Booker,
  opts: { from?: Date; monthsAhead?: number; attempts?: number } = {},
) {
  const tutors = (await (await request.get('/api/tutors/public/')).json()) as PublicTutor[];
  let last = '';
  for (let attempt = 0; attempt < (opts.attempts ?? 8); attempt++) {
    const tutor = pick(tutors);
    const when = new Date(opts.from ?? Date.now());
    when.setUTCMonth(when.getUTCMonth() + (opts.monthsAhead ?? 3) + Math.floor(Math.random() * 5), 1);
    const q = `tutor_id=${tutor.id}&year=${when.getUTCFullYear()}&month=${when.getUTCMonth() + 1}&duration_minutes=60&only_future=1`;
    const available = (await (await request.get(`/api/reservations/available/?${q}`)).json())
      .available as Record<string, string[]>;
    const dates = Object.entries(available).filter(([, times]) => times.length > 0);
    if (dates.length === 0) {
      last = `tutor ${tutor.id}: no free date`;
      continue;
    }
    const [date, times] = pick(dates);
    const res = await request.post('/api/reservations/reservations/', {
      data: {
        tutor: tutor.id,
        date,
        time: pick(times),
        duration_hours: 1,
        full_name: booker.fullName,
        email: booker.email,
        phone: booker.phone,
        guardian_relationship: 'Mother',
        subject: tutor.subject,
        student_full_name: booker.student,
        student_grade: 'Grade 5',
      },
    });
    if (res.status() === 201) return (await res.json()) as { id: string; amount: number };
    last = `${res.status()} ${await res.text()}`;
  }
  throw new Error(`no free slot found for an API reservation (${last})`);
}
