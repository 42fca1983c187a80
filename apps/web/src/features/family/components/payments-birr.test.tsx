import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { render, screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { server } from '../../../test/msw-server.ts';
import { PaymentHistory } from './payment-history.tsx';
import { ReceiptPage } from './receipt-page.tsx';

const birrPayment = {
  id: '0b5c6a1e-2f3d-4c5b-8a9e-1f2d3c4b5a69',
  reservation_id: 'r1',
  receipt_number: 'TT-0B5C6A1E2F',
  provider: 'chapa',
  status: 'partially_refunded',
  amount_cents: 360000,
  refunded_cents: 90000,
  currency: 'ETB',
  paid_at: '2026-03-02T10:00:00.000Z',
  created_at: '2026-03-02T09:55:00.000Z',
  subject: 'Coding',
  tutor_name: 'Yonas Alemu',
  student_name: 'Biruk',
};

function renderAt(element: ReactNode, path: string, url: string) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter([{ path, element }], { initialEntries: [url] });
  render(
    <QueryClientProvider client={client}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
}

/** A payment made in birr through Chapa (issue 18 §3) reads as birr wherever the family sees it. */
describe("the family's payments in birr", () => {
  it('lists the amount and the refund in ETB', async () => {
    server.use(http.get('/api/student/payments/', () => HttpResponse.json([birrPayment])));
    renderAt(<PaymentHistory />, '/student/payments', '/student/payments');
    expect(await screen.findByText('ETB 3,600.00')).toBeInTheDocument();
    expect(screen.getByText(/ETB 900\.00 refunded/)).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });

  it('writes the receipt in ETB', async () => {
    server.use(
      http.get(`/api/student/payments/${birrPayment.id}/receipt/`, () =>
        HttpResponse.json({
          ...birrPayment,
          family: { name: 'Tsion Alemu', email: 'tsion@example.com' },
          credit_applied_cents: 0,
          total_cents: 360000,
          duration_minutes: 60,
          time_zone: 'Africa/Addis_Ababa',
          sessions: [{ starts_at: '2026-03-09T06:30:00.000Z', status: 'scheduled' }],
        }),
      ),
    );
    renderAt(<ReceiptPage id={birrPayment.id} />, '/student/receipts', '/student/receipts');
    expect(await screen.findAllByText('ETB 3,600.00')).toHaveLength(2);
    expect(screen.getByText('ETB 900.00')).toBeInTheDocument();
    expect(screen.queryByText(/\$/)).not.toBeInTheDocument();
  });
});
