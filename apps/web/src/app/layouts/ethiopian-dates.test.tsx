import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../provider.tsx';
import { Header } from './header.tsx';
import { useDates } from '../../lib/dates.ts';
import { changeLanguage } from '../../lib/i18n.ts';

// Monday 12 January 2026, 16:05 in Addis Ababa: Tir 4, 2018.
const instant = '2026-01-12T13:05:00Z';

function SessionDate() {
  const dates = useDates();
  return <p data-testid="when">{dates.format(instant, 'day', 'Africa/Addis_Ababa')}</p>;
}

function renderWithHeader() {
  const router = createMemoryRouter([
    {
      path: '/',
      element: (
        <>
          <Header />
          <SessionDate />
        </>
      ),
    },
  ]);
  return render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('Ethiopian dates in the header and useDates', () => {
  it('writes English dates as before, without the Ethiopian date unless asked', () => {
    renderWithHeader();
    expect(screen.getByTestId('when')).toHaveTextContent(/^Mon, 12 Jan 2026$/);
  });

  it('adds the Ethiopian date when an English visitor ticks "Ethiopian dates", and remembers it', async () => {
    renderWithHeader();
    const toggle = screen.getByRole('checkbox', { name: 'Ethiopian dates' });
    expect(toggle).not.toBeChecked();

    await userEvent.click(toggle);

    expect(screen.getByTestId('when')).toHaveTextContent('Mon, 12 Jan 2026 (Tir 4, 2018)');
    expect(localStorage.getItem('tibeb.ethiopianDates')).toBe('1');

    await userEvent.click(toggle);
    expect(screen.getByTestId('when')).toHaveTextContent(/^Mon, 12 Jan 2026$/);
    expect(localStorage.getItem('tibeb.ethiopianDates')).toBeNull();
  });

  it('starts with the remembered choice', () => {
    localStorage.setItem('tibeb.ethiopianDates', '1');
    renderWithHeader();
    expect(screen.getByRole('checkbox', { name: 'Ethiopian dates' })).toBeChecked();
    expect(screen.getByTestId('when')).toHaveTextContent('(Tir 4, 2018)');
  });

  it('always shows the Ethiopian date in Amharic, with Amharic names, and offers no toggle there', async () => {
    renderWithHeader();
    await act(() => changeLanguage('am'));
    expect(await screen.findByTestId('when')).toHaveTextContent('ሰኞ፣ ጃንዋሪ 12 2026 (ጥር 4 2018)');
    expect(screen.queryByRole('checkbox', { name: /Ethiopian dates|የኢትዮጵያ/ })).toBeNull();
  });
});
