import type { ReactNode } from 'react';

/**
 * A form control with its label above it and, when the server refused the value, the reason under it. `id` is
 * the control's, so a click on the label focuses it and a screen reader names it; the control points its
 * `aria-describedby` at `${id}-error`. Notes under the control come as further children. Texts come translated.
 */
export function Field({
  id,
  label,
  error,
  children,
}: {
  id: string;
  label: string;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      {error && (
        <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
          {error}
        </p>
      )}
    </div>
  );
}
