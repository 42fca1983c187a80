import type { ReactNode } from 'react';

/** The label of a session form's field, in the forms' one style. */
export function SessionLabel({ htmlFor, children }: { htmlFor: string; children: ReactNode }) {
  return (
    <label htmlFor={htmlFor} className="mb-1 block font-medium text-stone-900">
      {children}
    </label>
  );
}
