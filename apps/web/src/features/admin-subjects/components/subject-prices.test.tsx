import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { subjectEtbRateMessage } from '@tibeb/domain/subjects/contract';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { server } from '../../../test/msw-server.ts';
import { SubjectPrices } from './subject-prices.tsx';

const subjects = [
  {
    id: 1,
    name: 'Mathematics',
    slug: 'mathematics',
    category: 'Mathematics',
    price_per_hour: 20,
    price_per_hour_etb: null,
    is_active: true,
    description: '',
    level: '',
  },
  {
    id: 2,
    name: 'Coding',
    slug: 'coding',
    category: 'Coding',
    price_per_hour: 25,
    price_per_hour_etb: 1400,
    is_active: true,
    description: '',
    level: '',
  },
];

function renderPrices() {
  const patches: { id: string; body: Record<string, unknown> }[] = [];
  server.use(
    http.get('/api/admin/subjects/', () => HttpResponse.json(subjects)),
    http.patch('/api/admin/subjects/:id/', async ({ params, request }) => {
      const body = (await request.json()) as Record<string, unknown>;
      patches.push({ id: String(params.id), body });
      if (body.price_per_hour_etb === 99999999) {
        return HttpResponse.json(
          { detail: subjectEtbRateMessage, errors: { price_per_hour_etb: [subjectEtbRateMessage] } },
          { status: 400 },
        );
      }
      const subject = subjects.find((s) => s.id === Number(params.id))!;
      return HttpResponse.json({ ...subject, ...body });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <SubjectPrices />
    </QueryClientProvider>,
  );
  return { patches, user: userEvent.setup() };
}

const row = (name: string) => screen.getByRole('form', { name: `Prices of ${name}` });

describe("the admin's subject prices (issue 18 §3)", () => {
  it('lists each subject with its dollar and birr prices per hour', async () => {
    renderPrices();
    expect(await screen.findByRole('heading', { name: 'Subject prices' })).toBeInTheDocument();
    await screen.findByRole('form', { name: 'Prices of Mathematics' });
    expect(within(row('Mathematics')).getByLabelText('USD per hour')).toHaveValue(20);
    expect(within(row('Mathematics')).getByLabelText('Birr per hour')).toHaveValue(null);
    expect(within(row('Mathematics')).getByLabelText('Birr per hour')).toHaveAccessibleDescription(
      'Empty: dollars only.',
    );
    expect(within(row('Coding')).getByLabelText('Birr per hour')).toHaveValue(1400);
  });

  it('sets a birr price, and clears one to offer dollars only', async () => {
    const { patches, user } = renderPrices();
    await screen.findByRole('form', { name: 'Prices of Mathematics' });
    const birr = within(row('Mathematics')).getByLabelText('Birr per hour');
    await user.type(birr, '750');
    await user.click(within(row('Mathematics')).getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(within(row('Mathematics')).getByRole('status')).toHaveTextContent('Saved.'));
    expect(patches[0]).toEqual({ id: '1', body: { price_per_hour: 20, price_per_hour_etb: 750 } });

    await user.clear(within(row('Coding')).getByLabelText('Birr per hour'));
    await user.click(within(row('Coding')).getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(patches).toHaveLength(2));
    expect(patches[1]).toEqual({ id: '2', body: { price_per_hour: 25, price_per_hour_etb: null } });
  });

  it('refuses a bad price before sending, and shows the server’s message by the field', async () => {
    const { patches, user } = renderPrices();
    await screen.findByRole('form', { name: 'Prices of Mathematics' });
    const birr = within(row('Mathematics')).getByLabelText('Birr per hour');
    await user.type(birr, '-5');
    await user.click(within(row('Mathematics')).getByRole('button', { name: 'Save prices' }));
    expect(await within(row('Mathematics')).findByText(subjectEtbRateMessage)).toBeInTheDocument();
    expect(birr).toHaveAttribute('aria-invalid', 'true');
    expect(patches).toHaveLength(0);

    await user.clear(birr);
    await user.type(birr, '99999999');
    await user.click(within(row('Mathematics')).getByRole('button', { name: 'Save prices' }));
    await waitFor(() => expect(patches).toHaveLength(1));
    expect(await within(row('Mathematics')).findByText(subjectEtbRateMessage)).toBeInTheDocument();
    expect(within(row('Mathematics')).getByRole('status')).toHaveTextContent('');
  });
});
