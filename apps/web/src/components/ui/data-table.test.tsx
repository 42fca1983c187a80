import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DataTable, NameAndEmail, type Column } from './data-table.tsx';

type Person = { id: string; name: string; email: string; amount: number };

const people: Person[] = [
  { id: 'a', name: 'Hana Tesfaye', email: 'hana.tesfaye.with.a.very.long.address@example.com', amount: 80 },
  { id: 'b', name: 'Dawit Alemu', email: 'dawit@example.com', amount: 35 },
];

const columns: Column<Person>[] = [
  { header: 'Family', cell: (p) => <NameAndEmail name={p.name} email={p.email} /> },
  { header: 'Amount', cell: (p) => `$${p.amount}`, end: true },
  { header: 'Actions', hideHeader: true, cell: (p) => <a href={`/p/${p.id}`}>View {p.name}</a> },
];

describe('the one list table', () => {
  it('is a table named by its caption: a heading row, then a row per record, each cell labelled for phones', () => {
    render(
      <DataTable
        caption="Payments"
        columns={columns}
        rows={people}
        rowKey={(p) => p.id}
        rowTestId="payment-row"
        empty="No payments."
      />,
    );
    const table = screen.getByRole('table', { name: 'Payments' });
    const [head, hana, dawit, ...more] = within(table).getAllByRole('row');
    expect(more).toHaveLength(0);
    expect(
      within(head!)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Family', 'Amount', 'Actions']);
    // A column of actions is named for screen readers only.
    expect(within(head!).getByText('Actions')).toHaveClass('sr-only');
    expect(hana).toHaveTextContent('Hana Tesfaye');
    expect(within(dawit!).getByRole('link', { name: 'View Dawit Alemu' })).toHaveAttribute('href', '/p/b');
    expect(screen.getAllByTestId('payment-row')).toHaveLength(2);
    // On a phone each cell shows its column's name beside the value (`data-label`, read by the CSS).
    expect(
      within(hana!)
        .getAllByRole('cell')
        .map((td) => td.dataset.label),
    ).toEqual(['Family', 'Amount', 'Actions']);
    // A long e-mail address may break anywhere rather than widen the screen.
    expect(within(hana!).getByText(people[0]!.email)).toHaveClass('break-all');
  });

  it('says it is loading, that the list could not be read, or that it is empty, instead of the table', () => {
    const props = { caption: 'Users', columns, rowKey: (p: Person) => p.id, empty: 'No users found.' };
    const { rerender } = render(<DataTable {...props} rows={undefined} loading loadingLabel="Loading..." />);
    expect(screen.getByRole('status')).toHaveTextContent('Loading...');
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    rerender(<DataTable {...props} rows={undefined} error="We could not load the users." />);
    expect(screen.getByRole('alert')).toHaveTextContent('We could not load the users.');
    rerender(<DataTable {...props} rows={[]} />);
    expect(screen.getByText('No users found.')).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });

  it('pages under the rows with the shared pager, and offers the way back from past the last page', async () => {
    const onPage = vi.fn();
    const props = { caption: 'Users', columns, rowKey: (p: Person) => p.id, empty: 'No users found.' };
    const { rerender } = render(
      <DataTable {...props} rows={people} paging={{ page: 1, pages: 3, total: '45 users', onPage }} />,
    );
    const pager = screen.getByRole('navigation', { name: 'Pagination' });
    expect(pager).toHaveTextContent('Page 1 of 3 · 45 users');
    expect(within(pager).getByRole('button', { name: 'Prev' })).toBeDisabled();
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPage).toHaveBeenCalledWith(2);
    rerender(<DataTable {...props} rows={[]} paging={{ page: 4, pages: 3, onPage }} />);
    await userEvent.click(screen.getByRole('button', { name: 'Prev' }));
    expect(onPage).toHaveBeenLastCalledWith(3);
    rerender(<DataTable {...props} rows={[]} paging={{ page: 1, pages: 1, onPage }} />);
    expect(screen.queryByRole('navigation')).not.toBeInTheDocument();
  });
});
