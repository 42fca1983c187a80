import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { AttendanceForm } from './attendance-form.tsx';

const sessionId = '11111111-2222-4333-8444-555555555555';

function setup(answer: () => Response) {
  const calls: unknown[] = [];
  server.use(
    http.post(`/api/bookings/sessions/${sessionId}/attendance/`, async ({ request }) => {
      calls.push(await request.json());
      return answer();
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <AttendanceForm sessionId={sessionId} studentName="Liya Kebede" />
    </QueryClientProvider>,
  );
  return calls;
}

describe('AttendanceForm', () => {
  it("sends the lifecycle's attendance call with the status and the note", async () => {
    const calls = setup(() => HttpResponse.json({}));
    const user = userEvent.setup();
    await user.click(screen.getByLabelText('No-show'));
    await user.type(screen.getByLabelText('Progress note for the family (optional)'), '  Did not join.  ');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    await expect.poll(() => calls).toEqual([{ status: 'no_show', note: 'Did not join.' }]);
  });

  it("shows the server's refusal", async () => {
    setup(() => HttpResponse.json({ detail: 'This session has not started yet.' }, { status: 409 }));
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('This session has not started yet.');
  });

  it('asks and answers in Amharic for a tutor who reads Amharic', async () => {
    await changeLanguage('am');
    const calls = setup(() => HttpResponse.json({}));
    const user = userEvent.setup();
    expect(screen.getByRole('group', { name: 'Liya Kebede ተገኝቷል?' })).toBeInTheDocument();
    await user.click(screen.getByLabelText('ተገኝቷል'));
    await user.click(screen.getByRole('button', { name: 'መገኘትን አስቀምጥ' }));
    await expect.poll(() => calls).toEqual([{ status: 'attended' }]);
  });
});
