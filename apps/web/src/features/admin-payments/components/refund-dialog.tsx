import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { LedgerPayment } from '@tibeb/domain/admin/payments';
import { formatMoney } from '@tibeb/domain/admin/format';
import { Alert } from '../../../components/ui/alert.tsx';
import { buttonStyles, inputStyles } from '../../../components/ui/button-styles.ts';
import { Dialog } from '../../../components/ui/dialog.tsx';
import { translateAnswer } from '../../../lib/translate-message.ts';
import { useRefundPayment } from '../api/refund-payment.ts';
import { paymentStatusLabel } from '../utils/labels.ts';

/** Refunds the whole remainder or a part of it through the payment's provider. */
export function RefundDialog({ payment, onClose }: { payment: LedgerPayment; onClose: () => void }) {
  const { t } = useTranslation('admin');
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
      setError(t('Enter the amount to refund.'));
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
            t('Refunded {{amount}}. The payment is now {{status}}.', {
              amount: formatMoney(r.amount_cents, payment.currency),
              status: paymentStatusLabel(t, r.payment_status),
            }),
          ),
        onError: (err) =>
          setError(translateAnswer(t, err, 'amount') ?? t('The refund could not be made. Please try again.')),
      },
    );
  };

  return (
    <Dialog open onClose={onClose} title={t('Refund payment')} className="w-full max-w-md">
      {done ? (
        <div className="space-y-4">
          <Alert tone="success">{done}</Alert>
          <button type="button" className={buttonStyles.primary} onClick={onClose}>
            {t('Close')}
          </button>
        </div>
      ) : (
        <form onSubmit={onSubmit} className="space-y-4" noValidate>
          <p className="text-sm text-stone-700">
            {payment.full_name} ·{' '}
            {t('{{paid}} paid, {{remaining}} refundable.', {
              paid: formatMoney(payment.amount_cents, payment.currency),
              remaining,
            })}
          </p>
          <fieldset className="space-y-2">
            <legend className="font-medium">{t('Amount')}</legend>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="refund-kind"
                checked={kind === 'full'}
                onChange={() => setKind('full')}
              />
              {t('Full refund ({{amount}})', { amount: remaining })}
            </label>
            <label className="flex items-center gap-2">
              <input
                type="radio"
                name="refund-kind"
                checked={kind === 'partial'}
                onChange={() => setKind('partial')}
              />
              {t('Partial refund')}
            </label>
          </fieldset>
          {kind === 'partial' && (
            <div>
              <label htmlFor="refund-amount" className="mb-1 block text-sm font-medium">
                {t('Amount to refund ({{currency}})', { currency: payment.currency })}
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
              {t('Reason (optional)')}
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
              {refund.isPending ? t('Refunding…') : t('Refund')}
            </button>
            <button type="button" className={buttonStyles.secondary} onClick={onClose}>
              {t('Cancel')}
            </button>
          </div>
        </form>
      )}
    </Dialog>
  );
}
