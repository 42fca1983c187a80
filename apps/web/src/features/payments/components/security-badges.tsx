const badges = [
  { icon: '🔒', label: '256-bit TLS encryption' },
  { icon: '💳', label: 'Card details handled by Stripe' },
  { icon: '🛡️', label: 'No card data stored by Tibeb' },
];

/** Reassurance for parents paying from abroad: what protects their card (spec §2 "security badges"). */
export function SecurityBadges() {
  return (
    <ul aria-label="Payment security" className="grid gap-2 sm:grid-cols-3">
      {badges.map((b) => (
        <li
          key={b.label}
          className="flex items-center gap-2 rounded-lg border border-brand-100 bg-brand-50 px-3 py-2 text-sm text-brand-800"
        >
          <span aria-hidden="true">{b.icon}</span>
          {b.label}
        </li>
      ))}
    </ul>
  );
}
