import { useState, type FormEvent } from 'react';
import type { LedgerPayment } from '@tibeb/domain/admin/payments';
import { formatMoney } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useRefundPayment } from '../api/refund-payment.ts';

/** Refunds the whole remainder or a part of it through the payment's provider. */
export function RefundDialog({ payment, onClose }: { payment: LedgerPayment; onClose: () => void }) {
  const refund = useRefundPayment();
  const [kind, setKind] = useState<'full' | 'partial'>('full');
  const [amount, setAmount] = useState('');
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const remaining = formatMoney(payment.refundable_cents, payment.currency);

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    const value = Number(amount);
    if (kind === 'partial' && (!Number.isFinite(value) || value <= 0)) {
      setError('Enter the amount to refund.');
      return;
    }
    refund.mutate(
      {
        id: payment.id,
        body: {
          ...(kind === 'partial' ? { amount: value } : {}),
          ...(reason.trim() ? { reason: reason.trim() } : {}),
        },
      },
      {
        onSuccess: (r) =>
          setDone(
            `Refunded ${formatMoney(r.amount_cents, payment.currency)}. The payment is now ${r.payment_status.replace('_', ' ')}.`,
          ),
        onError: (err) =>
          setError(
            err instanceof ApiError
              ? (err.fieldErrors.amount?.[0] ?? err.message)
              : 'The refund could not be made. Please try again.',
          ),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title="Refund payment" className="w-full max-w-md">
      {done ? (
        <div className="space-y-4">
          <Alert tone="success">{done}</Alert>
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            Close
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <p className="text-sm text-stone-700">
            {payment.full_name} · {formatMoney(payment.amount_cents, payment.currency)} paid, {remaining}{' '}
            refundable.
          </p>
          <fieldset className="space-y-2">
            <legend className="font-medium">Amount</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="refund-kind"
                checked={kind === 'full'}
                onChange={() => setKind('full')}
              />
              Full refund ({remaining})
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="refund-kind"
                checked={kind === 'partial'}
                onChange={() => setKind('partial')}
              />
              Partial refund
            </label>
          </fieldset>
          {kind === 'partial' && (
            <div>
              <label htmlFor="refund-amount" className="mb-1 block text-sm font-medium">
                Amount to refund ({payment.currency})
              </label>
              <input
                id="refund-amount"
                type="number"
                inputMode="decimal"
                min="0.01"
                step="0.01"
                className={inputStyles}
                value={amount}
                onChange={(e) => setAmount(e.target.value)}
              />
            </div>
          )}
          <div>
            <label htmlFor="refund-reason" className="mb-1 block text-sm font-medium">
              Reason (optional)
            </label>
            <input
              id="refund-reason"
              className={inputStyles}
              maxLength={500}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
            />
          </div>
          {error && <Alert tone="error">{error}</Alert>}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={buttonStyles.primary} disabled={refund.isPending}>
              {refund.isPending ? 'Refunding…' : 'Refund'}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
