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
  error?: string | undefined;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="mb-1 block text-sm font-medium">
        {label}
      </label>
      {children}
      <FieldErrorText id={`${id}-error`}>{error}</FieldErrorText>
    </div>
  );
}

/** A field's error under it, `id` for its control's `aria-describedby`; nothing when there is none. */
export function FieldErrorText({ id, children }: { id: string; children?: string | undefined }) {
  if (!children) return null;
  return (
    <p id={id} className="mt-1 text-sm break-words text-red-700">
      {children}
    </p>
  );
}
