import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** A labelled control with an optional hint; the label is tied to the control by id. */
export function FormField({
  id,
  label,
  hint,
  optional,
  children,
  className = '',
}: {
  id: string;
  label: string;
  hint?: string;
  optional?: boolean;
  children: ReactNode;
  className?: string;
}) {
  const { t } = useTranslation('booking');
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
        {optional && <span className="ml-1 font-normal text-stone-500">{t('(optional)')}</span>}
      </label>
      {children}
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-stone-500">
          {hint}
        </p>
      )}
    </div>
  );
}

export function Section({
  title,
  children,
  description,
}: {
  title: string;
  description?: string;
  children: ReactNode;
}) {
  return (
    <fieldset className="rounded-xl border border-stone-200 p-4 sm:p-5">
      <legend className="px-1 text-base font-semibold text-brand-800">{title}</legend>
      {description && <p className="mb-3 text-sm text-stone-600">{description}</p>}
      <div className="grid gap-4 sm:grid-cols-2">{children}</div>
    </fieldset>
  );
}
