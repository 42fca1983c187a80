import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { server } from '../../test/msw-server.ts';
import { AppProvider } from '../provider.tsx';
import { Header } from './header.tsx';

function renderHeader() {
  const router = createMemoryRouter([{ path: '/', element: <Header /> }]);
  return render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('language switch', () => {
  it('switches the header to Amharic, sets <html lang> and remembers the choice', async () => {
    renderHeader();
    const main = screen.getByRole('navigation', { name: 'Main' });
    expect(within(main).getByRole('link', { name: 'Home' })).toBeInTheDocument();
    expect(document.documentElement.lang).toBe('en');

    await userEvent.selectOptions(screen.getByLabelText('Language', { selector: '#language-desktop' }), 'am');

    const amharicNav = await screen.findByRole('navigation', { name: 'ዋና' });
    expect(within(amharicNav).getByRole('link', { name: 'መነሻ' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'የትምህርት ዓይነት ይፈልጉ' })).toHaveAttribute('href', '/tutors');
    expect(document.documentElement.lang).toBe('am');
    expect(localStorage.getItem('tibeb.language')).toBe('am');
  });

  it('tells the account when a signed-in person switches, so e-mails follow', async () => {
    localStorage.setItem('access_token', 'token');
    localStorage.setItem('role', 'student');
    let sent: unknown = null;
    server.use(
      http.put('/api/accounts/locale/', async ({ request }) => {
        sent = await request.json();
        return new HttpResponse(null, { status: 204 });
      }),
    );
    renderHeader();
    await userEvent.selectOptions(screen.getByLabelText('Language', { selector: '#language-desktop' }), 'am');
    await expect.poll(() => sent).toEqual({ locale: 'am' });
  });
});
