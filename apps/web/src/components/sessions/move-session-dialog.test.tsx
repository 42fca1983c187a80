import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { polyfillModalDialogs } from '../../test/dialog.ts';
import {
  MoveSessionDialog,
  type MoveChoice,
  type MoveSessionTexts,
  type YearMonth,
} from './move-session-dialog.tsx';

const texts: MoveSessionTexts = {
  title: 'Move a session',
  scopeLegend: 'What to move',
  scopeOne: 'This session only',
  scopeSeries: 'The rest of the series',
  date: 'New date',
  time: 'New time (EAT)',
  chooseTime: 'Choose a time',
  loading: 'Loading free times...',
  none: 'No free time',
  submit: ({ scope }) => (scope === 'one' ? 'Move it' : 'Move them all'),
  dismiss: 'Keep the time',
  done: 'Done',
  close: 'Close',
};

type Submit = (choice: MoveChoice) => Promise<unknown>;

/** The family's way: free dates of a month, browsed month by month (the caller holds the month). */
function ByMonth({ onSubmit, onMonth }: { onSubmit: Submit; onMonth: (m: YearMonth) => void }) {
  const [month, setMonth] = useState<YearMonth>({ year: 2030, month: 3 });
  const available: Record<string, string[]> =
    month.month === 3 ? { '2030-03-07': ['10:00', '18:00'], '2030-03-08': [] } : {};
  return (
    <MoveSessionDialog
      texts={texts}
      summary="Now: Tue 5 Mar, 17:00 EAT"
      seriesCount={2}
      free={{
        by: 'month',
        month,
        onMonth: (m) => {
          onMonth(m);
          setMonth(m);
        },
        loading: false,
        available,
        texts: { previousMonth: 'Previous month', nextMonth: 'Next month', chooseDate: 'Choose a date' },
      }}
      timeLabel={(date, time) => `${time} EAT (${date})`}
      describeChoice={(date, time) => `New time: ${date} ${time}`}
      success={({ date, time }) => `Moved to ${date} ${time}.`}
      onSubmit={onSubmit}
      describeError={() => 'Refused'}
      onClose={() => {}}
    />
  );
}

describe('the one move dialog', () => {
  beforeAll(polyfillModalDialogs);

  it("by month: offers only the dates with a free time, then that date's times, and moves the choice", async () => {
    const user = userEvent.setup();
    const onSubmit = vi.fn<Submit>(() => Promise.resolve());
    const onMonth = vi.fn();
    render(<ByMonth onSubmit={onSubmit} onMonth={onMonth} />);
    const dialog = screen.getByRole('dialog', { name: 'Move a session' });
    expect(within(dialog).getByText('March 2030')).toBeInTheDocument();
    const date = within(dialog).getByLabelText('New date') as HTMLSelectElement;
    expect([...date.options].map((o) => o.value)).toEqual(['', '2030-03-07']);
    const time = within(dialog).getByLabelText('New time (EAT)') as HTMLSelectElement;
    expect(time).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Move it' })).toBeDisabled();
    await user.selectOptions(date, '2030-03-07');
    expect([...time.options].map((o) => o.textContent)).toEqual([
      'Choose a time',
      '10:00 EAT (2030-03-07)',
      '18:00 EAT (2030-03-07)',
    ]);
    await user.selectOptions(time, '18:00');
    expect(within(dialog).getByTestId('reschedule-choice')).toHaveTextContent('New time: 2030-03-07 18:00');
    await user.click(within(dialog).getByRole('radio', { name: 'The rest of the series' }));
    await user.click(within(dialog).getByRole('button', { name: 'Move them all' }));
    expect(onSubmit).toHaveBeenCalledWith({ date: '2030-03-07', time: '18:00', scope: 'series' });
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Moved to 2030-03-07 18:00.');
  });

  it('by month: the next month forgets the chosen date, and says when it has no free time', async () => {
    const user = userEvent.setup();
    const onMonth = vi.fn();
    render(<ByMonth onSubmit={() => Promise.resolve()} onMonth={onMonth} />);
    const dialog = screen.getByRole('dialog', { name: 'Move a session' });
    await user.selectOptions(within(dialog).getByLabelText('New date'), '2030-03-07');
    await user.click(within(dialog).getByRole('button', { name: 'Next month' }));
    expect(onMonth).toHaveBeenCalledWith({ year: 2030, month: 4 });
    expect(within(dialog).getByText('No free time')).toBeInTheDocument();
    expect(within(dialog).queryByTestId('reschedule-choice')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Previous month' }));
    expect((within(dialog).getByLabelText('New date') as HTMLSelectElement).value).toBe('');
  });

  it("by day: any date typed in, the caller reads that day's times; the scope is asked when the series is not known", async () => {
    const user = userEvent.setup();
    const onDate = vi.fn();
    const onSubmit = vi.fn<Submit>(() => Promise.resolve());
    const dialog = (times: string[], loading = false) => (
      <MoveSessionDialog
        texts={{ ...texts, pending: 'Moving…', reasonLabel: 'Reason (optional)' }}
        summary="Now: 14 Sep 16:00 EAT"
        free={{ by: 'day', date: '2099-09-14', onDate, loading, times }}
        onSubmit={onSubmit}
        describeError={() => 'Refused'}
        onClose={() => {}}
      />
    );
    const { rerender } = render(dialog([], true));
    const time = screen.getByLabelText('New time (EAT)') as HTMLSelectElement;
    expect(time.options[0]).toHaveTextContent('Loading free times...');
    rerender(dialog([]));
    expect(time.options[0]).toHaveTextContent('No free time');
    const date = screen.getByLabelText('New date');
    expect(date).toHaveValue('2099-09-14');
    fireEvent.change(date, { target: { value: '2099-09-21' } });
    expect(onDate).toHaveBeenCalledWith('2099-09-21');
    rerender(dialog(['17:00']));
    expect(screen.getByRole('group', { name: 'What to move' })).toBeInTheDocument();
    await user.selectOptions(time, '17:00');
    expect(time.selectedOptions[0]).toHaveTextContent('17:00 EAT');
    // The reason goes with the move (told to the other side, shown in the histories: issue 31 item 2).
    await user.type(screen.getByLabelText('Reason (optional)'), '  The family asked by phone ');
    await user.click(screen.getByRole('button', { name: 'Move it' }));
    expect(onSubmit).toHaveBeenCalledWith({
      date: '2099-09-14',
      time: '17:00',
      scope: 'one',
      reason: 'The family asked by phone',
    });
  });

  it('says why a session cannot be moved instead of offering times', async () => {
    const onClose = vi.fn();
    render(
      <MoveSessionDialog
        texts={texts}
        summary="Now"
        blocked="This session starts in less than 12 hours."
        free={{ by: 'day', date: '2099-09-14', onDate: () => {}, loading: false, times: ['10:00'] }}
        onSubmit={() => Promise.resolve()}
        describeError={() => 'Refused'}
        onClose={onClose}
      />,
    );
    expect(screen.getByRole('status')).toHaveTextContent('This session starts in less than 12 hours.');
    expect(screen.queryByLabelText('New date')).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledOnce();
  });
});
