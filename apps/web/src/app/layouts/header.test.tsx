import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../provider.tsx';
import { Header } from './header.tsx';

// Records when the Sign In dialog's code is loaded (decision 245: not with the page, only when asked for).
const loaded = vi.hoisted(() => ({ dialog: false }));
vi.mock('../../features/auth/components/login-dialog.tsx', async (importOriginal) => {
  loaded.dialog = true;
  return importOriginal();
});

function renderHeader() {
  const router = createMemoryRouter([{ path: '/', element: <Header /> }]);
  return render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
}

describe('the public header', () => {
  it("loads the Sign In dialog's code when a visitor asks to sign in, and opens it", async () => {
    renderHeader();
    const signIn = screen.getByRole('button', { name: 'Sign In' });
    expect(loaded.dialog).toBe(false);

    await userEvent.click(signIn);

    const dialog = await screen.findByRole('dialog', { name: 'Sign In' });
    expect(loaded.dialog).toBe(true);
    expect(dialog).toHaveAttribute('open');
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Sign In' })).not.toBeInTheDocument();
  });
});
