import type { ReactNode } from 'react';

/** Label and value pairs in a card (an account's facts): labels in one column, values broken anywhere to fit. */
export function FactList({ rows, className = '' }: { rows: [string, ReactNode][]; className?: string }) {
  return (
    <dl
      className={`grid grid-cols-[max-content_1fr] gap-x-6 gap-y-3 rounded-xl border border-stone-200 bg-white p-5 ${className}`}
    >
      {rows.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="font-medium text-stone-600">{label}</dt>
          <dd className="break-all text-stone-900">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
