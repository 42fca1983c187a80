import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../provider.tsx';
import { AreaLayout } from './area-layout.tsx';

function renderArea() {
  const router = createMemoryRouter(
    [{ path: '/admin/dashboard', element: <AreaLayout area="admin">screen</AreaLayout> }],
    { initialEntries: ['/admin/dashboard'] },
  );
  return render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('the areas’ top bar', () => {
  it('has the language switch, and choosing Amharic turns the area into Amharic', async () => {
    renderArea();
    const banner = screen.getByRole('banner');
    expect(within(banner).getByText('Welcome back,')).toBeInTheDocument();
    const sidebar = screen.getByRole('navigation', { name: 'Sidebar' });
    expect(within(sidebar).getByRole('link', { name: 'Reservations' })).toBeInTheDocument();

    const select = within(banner).getByRole('combobox', { name: 'Language' });
    await userEvent.selectOptions(select, 'am');

    expect(await within(banner).findByText('እንኳን ደህና መጡ፣')).toBeInTheDocument();
    expect(within(banner).getByText('አስተዳዳሪ')).toBeInTheDocument();
    expect(within(banner).getByRole('link', { name: 'የእኔ መገለጫ' })).toHaveAttribute('href', '/admin/profile');
    const amharicSidebar = screen.getByRole('navigation', { name: /./ });
    expect(within(amharicSidebar).getByRole('link', { name: 'የተያዙ ትምህርቶች' })).toHaveAttribute(
      'href',
      '/admin/reservation',
    );
    expect(within(amharicSidebar).queryByRole('link', { name: 'Reservations' })).toBeNull();
    expect(document.documentElement.lang).toBe('am');
  });
});
