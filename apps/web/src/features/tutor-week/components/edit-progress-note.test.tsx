import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { ProgressNote } from '@tibeb/domain/bookings/progress-notes';
import { changeLanguage } from '../../../lib/i18n.ts';
import { server } from '../../../test/msw-server.ts';
import { EditProgressNote } from './edit-progress-note.tsx';

const sessionId = '11111111-2222-4333-8444-555555555555';
const url = `/api/bookings/sessions/${sessionId}/progress-note/`;

const note = (over: Partial<ProgressNote> = {}): ProgressNote => ({
  id: '99999999-2222-4333-8444-555555555555',
  session_id: sessionId,
  note: 'Fractions: well done.',
  created_at: '2030-03-01T10:00:00.000Z',
  edited_at: null,
  editable_until: '2030-03-08T10:00:00.000Z',
  editable: true,
  ...over,
});

function setup(current: ProgressNote, answer: () => Response = () => HttpResponse.json(current)) {
  const calls: { method: string; body: unknown }[] = [];
  server.use(
    http.get(url, () => HttpResponse.json(current)),
    http.patch(url, async ({ request }) => {
      calls.push({ method: 'PATCH', body: await request.json() });
      return answer();
    }),
    http.delete(url, () => {
      calls.push({ method: 'DELETE', body: null });
      return new HttpResponse(null, { status: 204 });
    }),
  );
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  render(
    <QueryClientProvider client={client}>
      <EditProgressNote sessionId={sessionId} />
    </QueryClientProvider>,
  );
  return calls;
}

describe('the tutor corrects a progress note', () => {
  it('sends the corrected text, trimmed', async () => {
    const calls = setup(note());
    const user = userEvent.setup();
    await user.click(screen.getByText('Correct or withdraw the note'));
    const box = await screen.findByLabelText('Progress note for the family');
    expect(box).toHaveValue('Fractions: well done.');
    await user.clear(box);
    await user.type(box, '  Decimals: well done.  ');
    await user.click(screen.getByRole('button', { name: 'Save the corrected note' }));
    await expect.poll(() => calls).toEqual([{ method: 'PATCH', body: { note: 'Decimals: well done.' } }]);
    expect(await screen.findByRole('status')).toHaveTextContent('Note corrected.');
  });

  it('withdraws it only after asking; Keep it closes the question without withdrawing', async () => {
    const calls = setup(note());
    const user = userEvent.setup();
    await user.click(screen.getByText('Correct or withdraw the note'));
    await user.click(await screen.findByRole('button', { name: 'Withdraw the note' }));
    expect(screen.getByRole('dialog', { name: 'Withdraw this progress note?' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(screen.queryByRole('button', { name: 'Keep it' })).not.toBeInTheDocument();
    expect(calls).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Withdraw the note' }));
    const dialog = screen.getByRole('dialog', { name: 'Withdraw this progress note?' });
    await user.click(dialog.querySelector('button')!);
    await expect.poll(() => calls).toEqual([{ method: 'DELETE', body: null }]);
  });

  it('says why a note older than 7 days can no longer change, and offers no form', async () => {
    setup(note({ editable: false }));
    const user = userEvent.setup();
    await user.click(screen.getByText('Correct or withdraw the note'));
    expect(
      await screen.findByText(
        'A note can be corrected or withdrawn for 7 days after it was written; this one is older.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it("shows the server's refusal in Amharic by its code", async () => {
    await changeLanguage('am');
    setup(note(), () =>
      HttpResponse.json(
        { detail: 'Too late.', code: 'edit_window_closed', params: { days: 7 } },
        { status: 409 },
      ),
    );
    const user = userEvent.setup();
    await user.click(screen.getByText('ማስታወሻውን ያርሙ ወይም ያንሱ'));
    await user.click(await screen.findByRole('button', { name: 'የታረመውን ማስታወሻ ያስቀምጡ' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('ለ7 ቀናት');
    expect(alert).not.toHaveTextContent('Too late.');
  });
});
