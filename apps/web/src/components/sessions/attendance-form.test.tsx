import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AttendanceForm, type AttendanceMark, type AttendanceTexts } from './attendance-form.tsx';

const texts: AttendanceTexts = {
  form: 'Attendance of Liya',
  question: 'Did Liya attend?',
  attended: 'Attended',
  noShow: 'No-show',
  note: 'Progress note',
  submit: 'Save attendance',
  pending: 'Saving...',
};

describe('the one attendance form', () => {
  it('is a named form: attended by default, a blank note left out', async () => {
    const onSubmit = vi.fn<(mark: AttendanceMark) => Promise<unknown>>(() => Promise.resolve());
    const user = userEvent.setup();
    render(<AttendanceForm texts={texts} onSubmit={onSubmit} describeError={() => 'No'} />);
    const form = screen.getByRole('form', { name: 'Attendance of Liya' });
    expect(screen.getByRole('group', { name: 'Did Liya attend?' })).toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Attended' })).toBeChecked();
    await user.type(screen.getByLabelText('Progress note'), '   ');
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(onSubmit).toHaveBeenCalledWith({ status: 'attended' });
    expect(form).toBeInTheDocument();
  });

  it('says it is saving, then shows why it was not saved', async () => {
    let refuse: (e: Error) => void = () => undefined;
    const user = userEvent.setup();
    render(
      <AttendanceForm
        texts={texts}
        onSubmit={() => new Promise((_, reject) => (refuse = reject))}
        describeError={(e) => (e as Error).message}
      />,
    );
    await user.click(screen.getByRole('radio', { name: 'No-show' }));
    await user.click(screen.getByRole('button', { name: 'Save attendance' }));
    expect(screen.getByRole('button', { name: 'Saving...' })).toBeDisabled();
    refuse(new Error('This session has not started yet.'));
    expect(await screen.findByRole('alert')).toHaveTextContent('This session has not started yet.');
  });
});
