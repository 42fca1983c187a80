import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { TeachPage } from './teach-page.tsx';

const subject = (id: number, name: string, etb: number | null) => ({
  id,
  name,
  slug: name.toLowerCase(),
  category: 'Mathematics',
  price_per_hour: 20,
  price_per_hour_etb: etb,
  is_active: true,
  description: '',
  level: '',
});

const subjects = () =>
  server.use(
    http.get('/api/subjects/public/', () =>
      HttpResponse.json([subject(1, 'Mathematics', 900), subject(2, 'Physics', null)]),
    ),
  );

async function fillValid(user: ReturnType<typeof userEvent.setup>) {
  await user.type(screen.getByLabelText('First name'), 'Abebe');
  await user.type(screen.getByLabelText('Last name'), 'Kebede');
  await user.type(screen.getByLabelText('Phone'), '+251911234567');
  await user.type(screen.getByLabelText('City'), 'Addis Ababa');
  await user.type(screen.getByLabelText('Email'), 'abebe@example.com');
  await user.type(screen.getByLabelText('Password'), 'teach2026');
  await user.click(await screen.findByRole('checkbox', { name: /Physics/ }));
  await user.type(screen.getByLabelText('Languages you teach in'), 'Amharic, English');
  await user.type(screen.getByLabelText('Education'), 'BSc Physics, Addis Ababa University');
  await user.type(
    screen.getByLabelText('About you for families'),
    'I have taught physics to grades 9 to 12 for six years and love experiments.',
  );
  await user.type(screen.getByLabelText('Hourly rate (USD)'), '15');
  await user.click(screen.getByRole('button', { name: /Add times on Monday/ }));
}

// The form has some twenty fields: typing them all in jsdom takes seconds on a busy two-core machine.
describe('TeachPage', { timeout: 30_000 }, () => {
  it('says why teach here (birr payouts to banks, telebirr, CBE Birr), how it works in four steps', async () => {
    subjects();
    renderWithProviders(<TeachPage />);
    expect(screen.getByRole('heading', { name: 'Paid in birr, to your bank or wallet' })).toBeInTheDocument();
    expect(screen.getByText(/telebirr or CBE Birr/)).toBeInTheDocument();
    const how = screen.getByRole('heading', { name: 'How it works' }).parentElement!;
    expect(within(how).getAllByRole('listitem')).toHaveLength(4);
  });

  it('checks the answers with the shared contract before sending anything', async () => {
    subjects();
    let posted = false;
    server.use(
      http.post('/api/tutor-applications/', () => {
        posted = true;
        return HttpResponse.json({}, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<TeachPage />);
    await screen.findByRole('checkbox', { name: /Physics/ });
    await user.click(screen.getByRole('button', { name: 'Send my application' }));
    expect(await screen.findByText('Choose at least one subject.')).toBeInTheDocument();
    expect(screen.getByText('Tell families about yourself in at least 50 characters.')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(posted).toBe(false);
  });

  it('counts the bio against its limit, and the count is read with the box (decision 255)', async () => {
    subjects();
    const user = userEvent.setup();
    renderWithProviders(<TeachPage />);
    const bio = await screen.findByLabelText('About you for families');
    await user.click(bio);
    await user.paste('x'.repeat(300));
    expect(screen.getByText('300/3000')).toBeInTheDocument();
    expect(bio).toHaveAccessibleDescription('300/3000');
    expect(bio).toHaveAttribute('maxLength', '3000');
  });

  it('offers the birr rate only when a chosen subject is priced in birr', async () => {
    subjects();
    const user = userEvent.setup();
    renderWithProviders(<TeachPage />);
    await user.click(await screen.findByRole('checkbox', { name: /Physics/ }));
    expect(screen.queryByLabelText('Hourly rate in birr (optional)')).not.toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /Mathematics/ }));
    expect(screen.getByLabelText('Hourly rate in birr (optional)')).toBeInTheDocument();
  });

  it('sends the application and then says to open the e-mail link and sign in', async () => {
    subjects();
    let body: Record<string, unknown> = {};
    server.use(
      http.post('/api/tutor-applications/', async ({ request }) => {
        body = (await request.json()) as Record<string, unknown>;
        return HttpResponse.json({ id: 'a', status: 'submitted', detail: 'ok' }, { status: 201 });
      }),
    );
    const user = userEvent.setup();
    renderWithProviders(<TeachPage />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send my application' }));
    expect(await screen.findByText('Thank you! Your application is in.')).toBeInTheDocument();
    expect(screen.getByText(/We have sent a link to abebe@example.com/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(body).toMatchObject({
      first_name: 'Abebe',
      subject_ids: [2],
      languages: ['Amharic', 'English'],
      hourly_rate: 15,
      hourly_rate_etb: null,
      email: 'abebe@example.com',
      website: '',
      availability: expect.objectContaining({ mon: [{ start: '09:00', end: '12:00' }] }),
    });
  });

  it('shows the server’s field messages next to the fields', async () => {
    subjects();
    server.use(
      http.post('/api/tutor-applications/', () =>
        HttpResponse.json(
          { detail: 'Invalid input.', phone: ['Enter a valid phone number.'] },
          { status: 400 },
        ),
      ),
    );
    const user = userEvent.setup();
    renderWithProviders(<TeachPage />);
    await fillValid(user);
    await user.click(screen.getByRole('button', { name: 'Send my application' }));
    expect(await screen.findByText('Enter a valid phone number.')).toBeInTheDocument();
    expect(screen.getByLabelText('Phone')).toHaveAttribute('aria-invalid', 'true');
  });
});
