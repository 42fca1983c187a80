import { useTranslation } from 'react-i18next';

/** A spinning wheel; callers pass `label` already translated. */
export function Spinner({ label }: { label?: string }) {
  const { t } = useTranslation('common');
  return (
    <div role="status" className="flex items-center justify-center gap-3 py-8 text-stone-600">
      <span
        aria-hidden="true"
        className="h-6 w-6 animate-spin rounded-full border-2 border-brand-600 border-t-transparent motion-reduce:animate-none"
      />
      {label ? <span>{label}</span> : <span className="sr-only">{t('Loading')}</span>}
    </div>
  );
}
