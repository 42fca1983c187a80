import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ListToolbar } from './list-toolbar.tsx';
import { pageCount, useListParams } from './use-list-params.ts';

/** A list screen's toolbar and pager wired to the address, as the admin lists wire them. */
function Screen() {
  const list = useListParams();
  const paging = list.paging(45, 20);
  const location = useLocation();
  return (
    <>
      <ListToolbar
        search={list.search({
          id: 'q',
          label: 'Search users',
          placeholder: 'Name or e-mail',
          button: 'Search',
        })}
        filters={[
          list.filter('role', {
            type: 'select',
            id: 'role',
            label: 'Role',
            options: [
              { value: '', label: 'All roles' },
              { value: 'tutor', label: 'Tutor' },
            ],
          }),
          list.filter('from', {
            type: 'date',
            id: 'from',
            label: 'From',
            invalid: list.get('from') > list.get('to') && list.get('to') !== '',
          }),
        ]}
        actions={<button type="button">Export CSV</button>}
        count={list.page === 2 ? '45 users' : undefined}
      />
      <button type="button" onClick={() => paging.onPage(paging.page + 1)}>
        Next page
      </button>
      <output aria-label="pages">{paging.pages}</output>
      <output aria-label="address">{location.search}</output>
    </>
  );
}

const address = () => screen.getByRole('status', { name: 'address' });

describe('the one list toolbar', () => {
  it('searches (trimmed) and filters through the address, and any change goes back to page 1', async () => {
    const user = userEvent.setup();
    render(
      <MemoryRouter initialEntries={['/admin/users?q=meron&page=2']}>
        <Screen />
      </MemoryRouter>,
    );
    const search = screen.getByRole('searchbox', { name: 'Search users' });
    expect(search).toHaveValue('meron');
    expect(screen.getByRole('search')).toContainElement(search);
    expect(screen.getByText('45 users')).toHaveAttribute('aria-live', 'polite');
    expect(screen.getByRole('status', { name: 'pages' })).toHaveTextContent('3');
    await user.clear(search);
    await user.type(search, '  abel  {Enter}');
    expect(address()).toHaveTextContent('?q=abel');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), 'tutor');
    expect(address()).toHaveTextContent('?q=abel&role=tutor');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(address()).toHaveTextContent('?q=abel&role=tutor&page=2');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Role' }), '');
    expect(address()).toHaveTextContent(/^\?q=abel$/);
    await user.clear(search);
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(address()).toHaveTextContent(/^$/);
    expect(screen.getByLabelText('From')).toHaveAttribute('type', 'date');
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeInTheDocument();
  });

  it('counts the pages of a list, at least one', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
