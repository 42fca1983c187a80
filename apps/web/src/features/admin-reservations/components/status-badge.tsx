import { useTranslation } from 'react-i18next';
import { statusLabels, statusTone } from './format.ts';

export function StatusBadge({ status }: { status: string }) {
  const { t } = useTranslation('admin');
  return (
    <span
      className={`inline-block rounded-full border px-2 py-0.5 text-xs font-semibold ${statusTone[status] ?? 'border-stone-300 bg-white text-stone-700'}`}
    >
      {statusLabels(t)[status] ?? status}
    </span>
  );
}
