import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import LoginPage from './login.tsx';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';

function renderLoginPage() {
  const client = new QueryClient({ defaultOptions: { mutations: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/login', element: <LoginPage /> },
      { path: '/student/dashboard', element: <p>family dashboard</p> },
    ],
    { initialEntries: ['/login'] },
  );
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

describe('the sign-in page in Amharic', () => {
  it('labels the form in Amharic and shows the server’s answer in Amharic by its code', async () => {
    server.use(
      http.post('/api/accounts/login/', () =>
        HttpResponse.json(
          { detail: accountMessages.invalidCredentials, code: 'invalid_credentials' },
          { status: 401 },
        ),
      ),
    );
    await act(() => changeLanguage('am'));
    renderLoginPage();
    expect(screen.getByRole('heading', { level: 1, name: 'ይግቡ' })).toBeInTheDocument();
    expect(document.title).toBe('ይግቡ | Tibeb Tutoring');
    expect(screen.getByText('ቤተሰቦች፣ አስጠኚዎች እና ሠራተኞች እዚህ ይገባሉ።')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'የይለፍ ቃልዎን ረስተዋል?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'የቤተሰብ መለያ ይፍጠሩ' })).toHaveAttribute('href', '/signup');

    await userEvent.type(screen.getByLabelText('የተጠቃሚ ስም'), 'family');
    await userEvent.type(screen.getByLabelText('የይለፍ ቃል'), 'wrong-password1');
    await userEvent.click(screen.getByRole('button', { name: 'ይግቡ' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('የተጠቃሚ ስም ወይም የይለፍ ቃል ትክክል አይደለም');
  });

  it('is back in English when the visitor switches back', async () => {
    await act(() => changeLanguage('am'));
    await act(() => changeLanguage('en'));
    renderLoginPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(document.title).toBe('Sign in | Tibeb Tutoring');
    expect(screen.getByLabelText('Username')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign In' })).toBeInTheDocument();
  });
});
