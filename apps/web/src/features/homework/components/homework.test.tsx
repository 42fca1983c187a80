import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Homework } from '@tibeb/domain/homework/contracts';
import type { TutorSession } from '@tibeb/domain/sessions/tutor-area';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { FamilyHomework } from './family-homework.tsx';
import { localToday } from './homework-dialog.tsx';
import { TutorSessionHomework } from './tutor-session-homework.tsx';

const sessionId = '11111111-2222-4333-8444-555555555555';
const hwId = '22222222-2222-4333-8444-555555555555';
const fileId = '33333333-2222-4333-8444-555555555555';

const homework = (over: Partial<Homework> = {}): Homework => ({
  id: hwId,
  session_id: sessionId,
  reservation_id: '44444444-2222-4333-8444-555555555555',
  session_starts_at: '2030-03-04T07:00:00.000Z',
  student_name: 'Liya Tesfaye',
  subject: 'Mathematics',
  tutor_name: 'Abebe Kebede',
  text: 'Exercises 1–10 on page 42.',
  due_on: '2030-03-11',
  attachment: {
    id: fileId,
    name: 'Fractions worksheet.pdf',
    content_type: 'application/pdf',
    size_bytes: 250_000,
    url: `/api/homework/${hwId}/file/`,
  },
  tutor_note: '',
  done_at: null,
  created_at: '2030-03-04T08:00:00.000Z',
  updated_at: '2030-03-04T08:00:00.000Z',
  ...over,
});

const session = { id: sessionId, status: 'scheduled', student_name: 'Liya Tesfaye' } as TutorSession;

describe('the family’s homework on Progress', () => {
  it('shows the work, its file, due date, status and the tutor’s note, and marks it done', async () => {
    let current = homework({ tutor_note: 'Check question 7 again.' });
    const calls: unknown[] = [];
    server.use(
      http.get('/api/student/homework/', () => HttpResponse.json([current])),
      http.post(`/api/student/homework/${hwId}/done/`, async ({ request }) => {
        calls.push(await request.json());
        current = { ...current, done_at: '2030-03-05T10:00:00.000Z' };
        return HttpResponse.json(current);
      }),
    );
    renderWithProviders(<FamilyHomework />);
    const item = await screen.findByText('Exercises 1–10 on page 42.');
    const card = item.closest('li')!;
    expect(within(card).getByText(/Liya Tesfaye · Mathematics · Abebe Kebede/)).toBeInTheDocument();
    expect(
      within(card).getByRole('button', { name: 'Download Fractions worksheet.pdf (244 KB)' }),
    ).toBeInTheDocument();
    expect(within(card).getByText(/Due/)).toBeInTheDocument();
    expect(within(card).getByText('Check question 7 again.')).toBeInTheDocument();
    expect(within(card).getByText('Not done yet')).toBeInTheDocument();
    await userEvent.setup().click(within(card).getByRole('button', { name: 'Mark as done' }));
    await expect.poll(() => calls).toEqual([{ done: true }]);
    expect(await within(card).findByRole('button', { name: 'Mark as not done' })).toBeInTheDocument();
    expect(within(card).getByText('Marked done')).toBeInTheDocument();
  });

  it('says when there is none', async () => {
    server.use(http.get('/api/student/homework/', () => HttpResponse.json([])));
    renderWithProviders(<FamilyHomework />);
    expect(await screen.findByText('No homework yet: the tutor’s homework shows here.')).toBeInTheDocument();
  });
});

describe('the tutor sets homework on a lesson', () => {
  it('opens a dialog, checks the fields, refuses a wrong file type, and sends text and due date', async () => {
    const sent: unknown[] = [];
    server.use(
      http.get('/api/tutor/homework/', () => HttpResponse.json([])),
      http.post(`/api/tutor/sessions/${sessionId}/homework/`, async ({ request }) => {
        sent.push(await request.json());
        return HttpResponse.json(homework(), { status: 201 });
      }),
    );
    renderWithProviders(<TutorSessionHomework session={session} />);
    const user = userEvent.setup({ applyAccept: false });
    await user.click(screen.getByRole('button', { name: 'Set homework for Liya Tesfaye' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Set homework' }));
    expect(within(dialog).getByText('Please write the homework.')).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Homework'), 'Read chapter 3.');
    await user.type(within(dialog).getByLabelText('Due date'), localToday());
    await user.upload(
      within(dialog).getByLabelText(/Attach a file/),
      new File(['MZ'], 'virus.exe', { type: 'application/x-msdownload' }),
    );
    expect(within(dialog).getByText('Attach a JPEG, PNG or WebP image, or a PDF.')).toHaveAttribute(
      'role',
      'alert',
    );
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/Attach a file/), big);
    expect(within(dialog).getByText('The file is larger than 5 MB.')).toHaveAttribute('role', 'alert');
    await user.click(within(dialog).getByRole('button', { name: 'Set homework' }));
    await expect
      .poll(() => sent)
      .toEqual([{ text: 'Read chapter 3.', due_on: localToday(), attachment_id: null }]);
  });

  it('shows the homework done, saves a note, and offers no change once done', async () => {
    const notes: unknown[] = [];
    server.use(
      http.get('/api/tutor/homework/', () =>
        HttpResponse.json([homework({ done_at: '2030-03-05T10:00:00.000Z' })]),
      ),
      http.put(`/api/tutor/homework/${hwId}/note/`, async ({ request }) => {
        notes.push(await request.json());
        return HttpResponse.json(homework({ tutor_note: 'Well done.' }));
      }),
    );
    renderWithProviders(<TutorSessionHomework session={session} />);
    expect(await screen.findByText('Marked done')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Change' })).not.toBeInTheDocument();
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Your note on this homework (the family sees it)'), 'Well done.');
    await user.click(screen.getByRole('button', { name: 'Save note' }));
    await expect.poll(() => notes).toEqual([{ tutor_note: 'Well done.' }]);
    expect(await screen.findByText('Note saved.')).toBeInTheDocument();
  });

  it('offers nothing on a cancelled lesson', () => {
    renderWithProviders(<TutorSessionHomework session={{ ...session, status: 'cancelled' }} />);
    expect(screen.queryByRole('button', { name: /Set homework/ })).not.toBeInTheDocument();
  });
});
