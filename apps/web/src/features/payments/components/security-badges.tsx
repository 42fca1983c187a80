import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Translate } from '../../../lib/translate-message.ts';

const icon = (path: ReactNode) => (
  <svg
    aria-hidden="true"
    viewBox="0 0 24 24"
    className="h-5 w-5 shrink-0 text-brand-700"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    {path}
  </svg>
);

/** The badges in the interface's language (`t` of 'payments'). */
const badges = (t: Translate) => [
  {
    label: t('256-bit TLS encryption'),
    icon: icon(
      <>
        <rect x="4" y="11" width="16" height="10" rx="2" />
        <path d="M8 11V7a4 4 0 0 1 8 0v4" />
      </>,
    ),
  },
  {
    label: t('Card details handled by Stripe'),
    icon: icon(
      <>
        <rect x="2" y="5" width="20" height="14" rx="2" />
        <path d="M2 10h20" />
      </>,
    ),
  },
  {
    label: t('No card data stored by Tibeb'),
    icon: icon(
      <>
        <path d="M12 3l8 3v6c0 5-3.5 8-8 9-4.5-1-8-4-8-9V6z" />
        <path d="M9 12l2 2 4-4" />
      </>,
    ),
  },
];

/** Reassurance for parents paying from abroad: what protects their card (spec §2 "security badges"). */
export function SecurityBadges() {
  const { t } = useTranslation('payments');
  return (
    <ul aria-label={t('Payment security')} className="grid gap-2 sm:grid-cols-3">
      {badges(t).map((b) => (
        <li
          key={b.label}
          className="flex items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800"
        >
          {b.icon}
          {b.label}
        </li>
      ))}
    </ul>
  );
}
