import type { ReactNode } from 'react';
import { inputStyles } from '../ui/button-styles.ts';

/** The label of a session form's field, in the forms' one style. */
export function SessionLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block font-medium text-stone-900">
      {children}
    </label>
  );
}

/** The longest reason a session dialog takes (the API takes 500; a line is what people write). */
export const REASON_MAX = 200;

/** A session dialog's optional reason ("Reason given: …" in the e-mails and histories), one line. */
export function ReasonField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div>
      <SessionLabel htmlFor={id}>{label}</SessionLabel>
      <input
        id={id}
        className={inputStyles}
        maxLength={REASON_MAX}
        value={value}
        onChange={(e) => onChange(e.target.value)}
      />
    </div>
  );
}
