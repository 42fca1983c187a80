import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { polyfillModalDialogs } from '../../test/dialog.ts';
import { CancelSessionDialog, type CancelChoice, type CancelSessionTexts } from './cancel-session-dialog.tsx';

const texts: CancelSessionTexts = {
  title: 'Cancel a session',
  scopeLegend: 'What to cancel',
  scopeOne: 'This session only',
  scopeSeries: 'The rest of the series',
  outcomeLegend: 'What comes back',
  outcomeCredit: 'Credit',
  outcomeRefund: 'Refund',
  submit: ({ scope }) => (scope === 'one' ? 'Cancel it' : 'Cancel them all'),
  dismiss: 'Keep it',
  done: 'Done',
};

type Props = Partial<Parameters<typeof CancelSessionDialog>[0]>;

function setup(props: Props = {}) {
  const onSubmit = vi.fn<(choice: CancelChoice) => Promise<unknown>>(() => Promise.resolve());
  const onClose = vi.fn();
  render(
    <CancelSessionDialog
      texts={texts}
      summary={<p>Mathematics, Tue 1 Dec 17:00 EAT</p>}
      onSubmit={onSubmit}
      describeError={(e) => `Refused: ${(e as Error).message}`}
      onClose={onClose}
      {...props}
    />,
  );
  return { onSubmit, onClose, dialog: screen.getByRole('dialog', { name: 'Cancel a session' }) };
}

describe('the one cancel dialog', () => {
  beforeAll(polyfillModalDialogs);

  it('asks which sessions and what comes back, says the terms of the choice, and sends it', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = setup({
      seriesCount: 3,
      terms: ({ scope, outcome }) => ({ free: true, lines: [`${scope} as ${outcome}`] }),
    });
    expect(within(dialog).getByText('Mathematics, Tue 1 Dec 17:00 EAT')).toBeInTheDocument();
    const terms = within(dialog).getByTestId('cancel-terms');
    expect(terms).toHaveTextContent('one as credit');
    await user.click(within(dialog).getByRole('radio', { name: 'The rest of the series' }));
    await user.click(within(dialog).getByRole('radio', { name: 'Refund' }));
    expect(terms).toHaveTextContent('series as refund');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel them all' }));
    expect(onSubmit).toHaveBeenCalledWith({ scope: 'series', outcome: 'refund' });
  });

  it('asks no scope for the last session of a series, and credit or refund only when something comes back', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = setup({ seriesCount: 1, asksOutcome: (scope) => scope === 'series' });
    expect(within(dialog).queryByRole('group', { name: 'What to cancel' })).not.toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'What comes back' })).not.toBeInTheDocument();
    expect(within(dialog).queryByTestId('cancel-terms')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Keep it' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('closes on Escape (the modal dialog’s cancel event) without cancelling anything', () => {
    const { dialog, onClose, onSubmit } = setup();
    fireEvent(dialog, new Event('cancel', { cancelable: true }));
    expect(onClose).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('asks the scope when the series is not known, and takes an optional reason (trimmed)', async () => {
    const user = userEvent.setup();
    const { onSubmit, dialog } = setup({ texts: { ...texts, reasonLabel: 'Reason (optional)' } });
    expect(within(dialog).getByRole('group', { name: 'What to cancel' })).toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Reason (optional)'), '  Tutor ill  ');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(onSubmit).toHaveBeenCalledWith({ scope: 'one', outcome: 'credit', reason: 'Tutor ill' });
  });

  it('shows the answer in the dialog with Done, or leaves closing to the caller', async () => {
    const user = userEvent.setup();
    const { dialog, onClose } = setup({ success: ({ scope }) => `Cancelled (${scope}).` });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Cancelled (one).');
    await user.click(within(dialog).getByRole('button', { name: 'Done' }));
    expect(onClose).toHaveBeenCalledOnce();
  });

  it('is disabled while the cancellation is on its way, then shows the refusal', async () => {
    const user = userEvent.setup();
    let refuse: (e: Error) => void = () => undefined;
    const { dialog } = setup({
      texts: { ...texts, pending: 'Cancelling…' },
      onSubmit: () => new Promise((_, reject) => (refuse = reject)),
    });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel it' }));
    expect(within(dialog).getByRole('button', { name: 'Cancelling…' })).toBeDisabled();
    refuse(new Error('Too late.'));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Refused: Too late.');
    expect(within(dialog).getByRole('button', { name: 'Cancel it' })).toBeEnabled();
  });
});
