import { statusIn, upcomingSessionStatuses } from '@tibeb/domain/bookings/statuses';
import { paymentMessages } from '@tibeb/domain/payments/messages';
import { formatSessionRange } from '@tibeb/domain/payments/session-times';
import type { PaymentReservation } from '@tibeb/domain/payments/contracts';
import { formatUsd } from '@tibeb/domain/shared/money';
import { escapeMarkup } from '../../../platform/http/escape.ts';

/**
 * The demo provider's hosted checkout: one self-contained page (inline CSS; no script, which the CSP forbids),
 * whose Pay and Cancel buttons are plain forms posting back to the app.
 */
export function demoCheckoutPage(input: {
  paymentId: string;
  status: string;
  amountCents: number;
  reservation: PaymentReservation;
}): string {
  const { reservation: r } = input;
  const base = `/api/payments/demo/checkout/${encodeURIComponent(input.paymentId)}`;
  // The same sessions the confirmation step and the payment page list: the held ones it pays for, and the
  // skipped ones with why (never charged).
  const paid = r.sessions.filter((s) => statusIn(upcomingSessionStatuses, s.status));
  const sessions = paid
    .map((s) => `<li>${escapeMarkup(formatSessionRange(s.starts_at, s.ends_at, r.time_zone))}</li>`)
    .join('');
  const skipped = r.skipped
    .map((s) => `<li>${escapeMarkup(`${s.date} ${s.time}: ${s.reason}`)}</li>`)
    .join('');
  const open = input.status === 'pending';
  const body = open
    ? `<form method="post" action="${base}/pay/"><button class="pay" type="submit">Pay ${escapeMarkup(formatUsd(input.amountCents))}</button></form>
       <form method="post" action="${base}/cancel/"><button class="cancel" type="submit">Cancel</button></form>`
    : `<p class="ended" role="status">This checkout is ${escapeMarkup(input.status)}.</p>
       <p><a href="/tutors">Back to the tutors</a></p>`;
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Demo checkout | Tibeb Tutoring</title>
<style>
  body { margin: 0; padding: 1rem; font-family: system-ui, -apple-system, "Segoe UI", sans-serif; background: #f5f5f4; color: #1c1917; }
  main { max-width: 28rem; margin: 1rem auto; padding: 1.5rem; background: #fff; border-radius: 1rem; box-shadow: 0 4px 24px rgba(0,0,0,.08); }
  .banner { margin: 0 0 1rem; padding: .75rem 1rem; border-radius: .5rem; background: #fef3c7; border: 1px solid #f59e0b; color: #78350f; font-weight: 600; }
  h1 { font-size: 1.35rem; margin: 0 0 .25rem; color: #14532d; }
  dl { display: grid; grid-template-columns: auto 1fr; gap: .35rem 1rem; margin: 1rem 0; }
  dt { color: #57534e; } dd { margin: 0; font-weight: 600; overflow-wrap: anywhere; }
  ul { padding-left: 1.1rem; margin: .25rem 0 1rem; font-size: .95rem; }
  form { margin: .5rem 0 0; }
  button { width: 100%; padding: .8rem 1rem; font-size: 1rem; font-weight: 700; border-radius: .6rem; cursor: pointer; }
  button:focus-visible, a:focus-visible { outline: 3px solid #166534; outline-offset: 2px; }
  .pay { background: #166534; color: #fff; border: 0; }
  .pay:hover { background: #14532d; }
  .cancel { background: #fff; color: #1c1917; border: 1px solid #a8a29e; }
  .ended { font-weight: 600; }
  h2 { font-size: 1rem; margin: 0; }
  a { color: #166534; }
</style>
</head>
<body>
<main>
  <p class="banner" role="note">${escapeMarkup(paymentMessages.demoLabel)}</p>
  <h1>Tibeb Tutoring checkout</h1>
  <dl>
    <dt>Reservation</dt><dd>${escapeMarkup(r.id)}</dd>
    <dt>Name</dt><dd>${escapeMarkup(r.full_name)}</dd>
    <dt>E-mail</dt><dd>${escapeMarkup(r.email)}</dd>
    ${r.tutor ? `<dt>Tutor</dt><dd>${escapeMarkup(r.tutor.full_name)}</dd>` : ''}
    ${r.credit_applied_cents > 0 ? `<dt>Credit used</dt><dd>${escapeMarkup(formatUsd(r.credit_applied_cents))}</dd>` : ''}
    <dt>Amount</dt><dd>${escapeMarkup(formatUsd(input.amountCents))} USD</dd>
  </dl>
  ${sessions ? `<h2>Sessions (${paid.length})</h2><ul aria-label="Sessions">${sessions}</ul>` : ''}
  ${skipped ? `<h2>Not booked (not charged)</h2><ul aria-label="Skipped sessions">${skipped}</ul>` : ''}
  ${body}
</main>
</body>
</html>`;
}
