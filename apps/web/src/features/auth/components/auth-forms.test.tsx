import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { LoginDialog } from './login-dialog.tsx';
import { LoginForm } from './login-form.tsx';
import { SignupForm } from './signup-form.tsx';
import { VerifyEmailForm } from './verify-email-form.tsx';

const jwt = (claims: object) => `h.${btoa(JSON.stringify(claims)).replace(/=+$/, '')}.s`;

function wrap(ui: ReactNode) {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/']}>
        <Routes>
          <Route path="/" element={ui} />
          <Route path="/admin/dashboard" element={<p>admin dashboard</p>} />
          <Route path="/login" element={<p>the sign-in page</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

describe('the Sign In dialog (spec §4, §5)', () => {
  it('refuses a non-admin without storing anything', async () => {
    let revoked = '';
    server.use(
      http.post('/api/accounts/login/', () =>
        HttpResponse.json({ access: jwt({ role: 'Student' }), refresh: 'r1', role: 'student' }),
      ),
      http.post('/api/accounts/logout/', async ({ request }) => {
        revoked = ((await request.json()) as { refresh: string }).refresh;
        return new HttpResponse(null, { status: 204 });
      }),
    );
    wrap(<LoginDialog open onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Username'), 'student');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Access denied: Only admins can log in.');
    expect(localStorage.getItem('access_token')).toBeNull();
    await expect.poll(() => revoked).toBe('r1');
  });

  it('shows families and tutors the way to /login: with the links, then right under the refusal', async () => {
    server.use(
      http.post('/api/accounts/login/', () =>
        HttpResponse.json({ access: jwt({ role: 'tutor' }), refresh: 'r3', role: 'tutor' }),
      ),
      http.post('/api/accounts/logout/', () => new HttpResponse(null, { status: 204 })),
    );
    let closed = 0;
    wrap(<LoginDialog open onClose={() => (closed += 1)} />);
    const way = () => screen.getByRole('link', { name: 'Families and tutors: sign in here' });
    expect(way()).toHaveAttribute('href', '/login');
    // Before any refusal it waits below the fields: the username stays the first field to fill.
    expect(screen.getByLabelText('Username').compareDocumentPosition(way())).toBe(
      Node.DOCUMENT_POSITION_FOLLOWING,
    );

    await userEvent.type(screen.getByLabelText('Username'), 'hana.tesfaye');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    const alert = await screen.findByRole('alert');
    // The spec's text stays exactly as it is; the one link moves right under it.
    expect(alert).toHaveTextContent(/^Access denied: Only admins can log in\.$/);
    expect(screen.getAllByRole('link', { name: 'Families and tutors: sign in here' })).toHaveLength(1);
    expect(alert.nextElementSibling).toBe(way());

    await changeLanguage('am');
    expect(await screen.findByRole('link', { name: 'ቤተሰቦችና አስጠኚዎች፦ እዚህ ይግቡ' })).toBe(
      alert.nextElementSibling,
    );
    await changeLanguage('en');

    await userEvent.click(way());
    expect(closed).toBe(1);
    expect(await screen.findByText('the sign-in page')).toBeInTheDocument();
  });

  it('disables the button while submitting, then stores the session and goes to /admin/dashboard', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/accounts/login/', async () => {
        await gate;
        return HttpResponse.json({ access: jwt({ role: 'staff' }), refresh: 'r2', role: 'staff' });
      }),
    );
    wrap(<LoginDialog open onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Username'), 'sara');
    await userEvent.type(screen.getByLabelText('Password'), 'demo1234');
    await userEvent.click(screen.getByRole('button', { name: /Sign In/ }));
    expect(screen.getByRole('button', { name: /Sign In/ })).toBeDisabled();
    expect(screen.getByLabelText('Signing in')).toBeInTheDocument();
    release();
    expect(await screen.findByText('admin dashboard')).toBeInTheDocument();
    expect(localStorage.getItem('role')).toBe('staff');
    expect(localStorage.getItem('refresh_token')).toBe('r2');
  });

  it("shows the server's detail, or 'Login failed' without an answer", async () => {
    server.use(
      http.post('/api/accounts/login/', () =>
        HttpResponse.json({ detail: 'Invalid credentials' }, { status: 401 }),
      ),
    );
    wrap(<LoginDialog open onClose={() => {}} />);
    await userEvent.type(screen.getByLabelText('Username'), 'x');
    await userEvent.type(screen.getByLabelText('Password'), 'y');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    server.use(http.post('/api/accounts/login/', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByText('Login failed')).toBeInTheDocument();
  });
});

describe('the sign-in page form', () => {
  it('after wrong credentials, says a new sign-up must confirm its address first (decision 220)', async () => {
    server.use(
      http.post('/api/accounts/login/', () =>
        HttpResponse.json(
          { detail: accountMessages.invalidCredentials, code: 'invalid_credentials' },
          { status: 401 },
        ),
      ),
    );
    wrap(<LoginForm mode="any" onSuccess={() => {}} />);
    expect(screen.queryByText(accountMessages.loginUnconfirmedHint)).toBeNull();
    await userEvent.type(screen.getByLabelText('Username'), 'new_family');
    await userEvent.type(screen.getByLabelText('Password'), 'selam2025');
    await userEvent.click(screen.getByRole('button', { name: 'Sign In' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Invalid credentials');
    expect(screen.getByText(accountMessages.loginUnconfirmedHint)).toBeInTheDocument();

    await changeLanguage('am');
    expect(
      await screen.findByText('አሁን ተመዝግበዋል? መጀመሪያ አድራሻዎን ለማረጋገጥ በኢሜይል የላክንልዎን አገናኝ ይክፈቱ።'),
    ).toBeInTheDocument();
    await changeLanguage('en');
  });
});

describe('the signup form (spec §4, §5, §8)', () => {
  async function fill(password: string, confirm: string) {
    await userEvent.type(screen.getByLabelText('Username'), 'abebe');
    await userEvent.type(screen.getByLabelText('Email'), 'abebe@example.com');
    await userEvent.type(screen.getByLabelText('Password'), password);
    await userEvent.type(screen.getByLabelText('Confirm password'), confirm);
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
  }

  it("says 'Passwords don't match.' without calling the server", async () => {
    wrap(<SignupForm />);
    await fill('abc12345', 'abc12346');
    expect(await screen.findByRole('alert')).toHaveTextContent("Passwords don't match.");
  });

  it("shows 'Registering...' while sending, then the success text and clears the fields", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((r) => (release = r));
    server.use(
      http.post('/api/accounts/register/', async () => {
        await gate;
        return HttpResponse.json({ detail: accountMessages.registrationCheckEmail }, { status: 201 });
      }),
    );
    wrap(<SignupForm />);
    await fill('abc12345', 'abc12345');
    expect(screen.getByRole('button', { name: 'Registering...' })).toBeDisabled();
    release();
    expect(
      await screen.findByText(
        'Registration successful! We have sent a link to your e-mail address: open it to confirm the address, then you can log in.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('');
  });

  it('shows the first field error, and the network error text', async () => {
    server.use(
      http.post('/api/accounts/register/', () =>
        HttpResponse.json({ errors: { email: ['A user with that email already exists.'] } }, { status: 400 }),
      ),
    );
    wrap(<SignupForm />);
    await fill('abc12345', 'abc12345');
    expect(await screen.findByRole('alert')).toHaveTextContent('A user with that email already exists.');
    server.use(http.post('/api/accounts/register/', () => HttpResponse.error()));
    await userEvent.click(screen.getByRole('button', { name: 'Sign up' }));
    expect(await screen.findByText('Network error. Please try again later.')).toBeInTheDocument();
  });
});

describe('the e-mail verification page', () => {
  it('confirms the address with the link token only when the person presses the button', async () => {
    let sent: unknown = null;
    server.use(
      http.post('/api/accounts/verify-email/', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json({ detail: accountMessages.emailVerified });
      }),
    );
    wrap(<VerifyEmailForm token="tok-1" />);
    expect(sent).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByText(accountMessages.emailVerified)).toBeInTheDocument();
    expect(sent).toEqual({ token: 'tok-1' });
    expect(screen.getByRole('link', { name: 'Go to sign in' })).toHaveAttribute('href', '/login');
  });

  it('says when the link is used or expired', async () => {
    server.use(
      http.post('/api/accounts/verify-email/', () =>
        HttpResponse.json({ detail: accountMessages.resetLinkInvalid }, { status: 400 }),
      ),
    );
    wrap(<VerifyEmailForm token="old" />);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm my email address' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(accountMessages.resetLinkInvalid);
    expect(screen.getByRole('link', { name: 'Get a new link by email' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });

  it('says in Amharic why the link failed, by the answer’s code whatever its English says', async () => {
    server.use(
      http.post('/api/accounts/verify-email/', () =>
        HttpResponse.json({ detail: 'Token no good.', code: 'reset_link_invalid' }, { status: 400 }),
      ),
    );
    await changeLanguage('am');
    wrap(<VerifyEmailForm token="old" />);
    await userEvent.click(screen.getByRole('button', { name: 'የኢሜይል አድራሻዬን አረጋግጥ' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ይህ አገናኝ ልክ አይደለም ወይም ጊዜው አልፎበታል። እባክዎ አዲስ ይጠይቁ።');
    expect(alert).not.toHaveTextContent('Token no good.');
    expect(screen.getByRole('link', { name: 'አዲስ አገናኝ በኢሜይል ያግኙ' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
  });
});
