import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { User } from '@tibeb/domain/accounts/contracts';
import { accountMessages } from '@tibeb/domain/accounts/messages';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { UserView } from './user-view.tsx';
import { UsersList } from './users-list.tsx';

const user = (over: Partial<User>): User => ({
  id: 'u1',
  username: 'meron',
  email: 'meron@example.com',
  role: 'admin',
  first_name: 'Meron',
  last_name: 'Tadesse',
  phone: '',
  is_active: true,
  has_password: true,
  last_login_at: null,
  created_at: '2026-09-11T09:00:00Z',
  ...over,
});

describe('Manage Users in Amharic', () => {
  it("names roles as the sign-in pages do ('auth') and the rest in 'admin'", async () => {
    server.use(
      http.get('/api/admin/users/', () =>
        HttpResponse.json({
          count: 2,
          page: 1,
          page_size: 20,
          results: [user({}), user({ id: 'u2', username: 'abel', role: 'student', is_active: false })],
        }),
      ),
    );
    await changeLanguage('am');
    renderWithProviders(<UsersList />);

    const table = await screen.findByRole('table', { name: 'ተጠቃሚዎች' });
    const [, first, second] = within(table).getAllByRole('row');
    expect(first).toHaveTextContent('meron');
    expect(first).toHaveTextContent('አስተዳዳሪ');
    expect(first).toHaveTextContent('ንቁ');
    expect(second).toHaveTextContent('ተማሪ');
    expect(second).toHaveTextContent('የቦዘነ');
    expect(within(second!).getByRole('link', { name: /^ተመልከት\s*abel$/ })).toHaveAttribute(
      'href',
      '/admin/users/u2/view',
    );
    const role = screen.getByRole('combobox', { name: 'ሚና' });
    expect(within(role).getByRole('option', { name: 'ዋና አስተዳዳሪ' })).toBeInTheDocument();
    expect(screen.getByText('ገጽ 1 ከ1 · 2 ተጠቃሚዎች')).toBeInTheDocument();
    expect(screen.queryByText(/^(admin|student|Active)$/)).not.toBeInTheDocument();
  });

  it("shows the server's refusal of a deactivation in Amharic, and the creation date with the Ethiopian date", async () => {
    server.use(
      http.get('/api/admin/users/:id/', () => HttpResponse.json(user({}))),
      http.delete('/api/admin/users/:id/', () =>
        HttpResponse.json({ detail: accountMessages.lastAdmin, code: 'last_admin' }, { status: 409 }),
      ),
    );
    await changeLanguage('am');
    const userAction = userEvent.setup();
    renderWithProviders(<UserView id="u1" />);

    // 11 September 2026 is Meskerem 1, 2019 (Enkutatash).
    expect(await screen.findByText(/መስከረም 1 2019/)).toBeInTheDocument();
    await userAction.click(screen.getByRole('button', { name: 'አቦዝን' }));
    const dialog = screen.getByRole('dialog', { name: 'ይህ ተጠቃሚ ይቦዝን?' });
    expect(dialog).toHaveTextContent('meron ከእንግዲህ መግባት አይችልም።');
    await userAction.click(within(dialog).getByRole('button', { name: 'አቦዝን' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('የመጨረሻውን አስተዳዳሪ ማስወገድ አይቻልም።');
  });
});
