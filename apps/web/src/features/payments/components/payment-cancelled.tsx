import { Link } from 'react-router';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { buttonStyles } from '../../../components/ui/button-styles.ts';

/** /payment-cancel (spec §2): the family left the hosted checkout without paying. */
export function PaymentCancelled() {
  return (
    <div className="mx-auto max-w-xl px-4 py-10 sm:py-16">
      <div className="rounded-2xl border border-stone-200 bg-white p-6 text-center shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-brand-800 sm:text-3xl">{paymentMessages.cancelTitle}</h1>
        <p className="mt-3 text-stone-700">{paymentMessages.cancelBody}</p>
        <Link to="/tutors" className={`${buttonStyles.primary} mt-6`}>
          {paymentMessages.tryAgain}
        </Link>
      </div>
    </div>
  );
}
