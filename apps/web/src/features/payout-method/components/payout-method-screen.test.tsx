import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { builtInBanks, type PayoutMethodResponse } from '@tibeb/domain/ledger/payouts';
import { server } from '../../../test/msw-server.ts';
import { renderWithProviders } from '../../../test/render.tsx';
import { PayoutMethodScreen } from './payout-method-screen.tsx';

describe('payout method', () => {
  it('saves a bank account with the current password, then shows it masked and says an e-mail was sent', async () => {
    let state: PayoutMethodResponse = { method: null, banks: builtInBanks };
    let sent: unknown = null;
    server.use(
      http.get('/api/tutor/payout-method/', () => HttpResponse.json(state)),
      http.put('/api/tutor/payout-method/', async ({ request }) => {
        sent = await request.json();
        state = {
          ...state,
          method: {
            kind: 'bank',
            bank_code: '946',
            bank_name: 'Commercial Bank of Ethiopia',
            account_name: 'Meron Alemu',
            account_number_masked: '••••5678',
            updated_at: '2026-11-20T10:00:00Z',
          },
        };
        return HttpResponse.json(state);
      }),
    );
    renderWithProviders(<PayoutMethodScreen />);
    expect(await screen.findByText(/You have not set a payout method yet/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Bank'), '946');
    await userEvent.type(screen.getByLabelText('Account name'), 'Meron Alemu');
    await userEvent.type(screen.getByLabelText('Account number'), '1000012345678');
    await userEvent.type(screen.getByLabelText('Current password'), 'secret-pass');
    await userEvent.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText(/We sent you an e-mail about the change/)).toBeInTheDocument();
    expect(sent).toEqual({
      kind: 'bank',
      bank_code: '946',
      account_name: 'Meron Alemu',
      account_number: '1000012345678',
      current_password: 'secret-pass',
    });
    expect(screen.getByTestId('payout-current')).toHaveTextContent('••••5678');
    expect(screen.getByTestId('payout-current')).toHaveTextContent('Commercial Bank of Ethiopia');
  });

  it('sends a wallet with its code, and shows the server’s field messages', async () => {
    let sent: { kind?: string; bank_code?: string } = {};
    server.use(
      http.get('/api/tutor/payout-method/', () => HttpResponse.json({ method: null, banks: builtInBanks })),
      http.put('/api/tutor/payout-method/', async ({ request }) => {
        sent = (await request.json()) as typeof sent;
        return HttpResponse.json(
          { detail: 'Invalid input.', current_password: ['The current password is not correct.'] },
          { status: 400 },
        );
      }),
    );
    renderWithProviders(<PayoutMethodScreen />);
    await userEvent.click(await screen.findByLabelText('telebirr'));
    expect(screen.queryByLabelText('Bank')).not.toBeInTheDocument();
    await userEvent.type(screen.getByLabelText('Account name'), 'Meron');
    await userEvent.type(screen.getByLabelText('Wallet phone number'), '0912345678');
    await userEvent.type(screen.getByLabelText('Current password'), 'wrong');
    await userEvent.click(screen.getByRole('button', { name: 'Save payout method' }));
    expect(await screen.findByText('The current password is not correct.')).toBeInTheDocument();
    await waitFor(() => expect(sent).toMatchObject({ kind: 'telebirr', bank_code: '855' }));
    expect(screen.getByLabelText('Current password')).toHaveAttribute('aria-invalid', 'true');
  });
});
