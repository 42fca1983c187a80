import { checkLabels, orderChecks } from '@tibeb/domain/tutoring/checks';
import { useTranslation } from 'react-i18next';

/**
 * The vetting checks a tutor passed ("ID checked", "Police clearance"…), as small badges (issue 27): what families
 * learn from the documents, and nothing more. Nothing is shown when no check is recorded.
 */
export function CheckBadges({ checks }: { checks: readonly string[] | undefined }) {
  const { t } = useTranslation('public');
  const kinds = orderChecks(checks ?? []);
  if (kinds.length === 0) return null;
  return (
    <ul aria-label={t('Checks passed')} className="flex flex-wrap gap-1.5">
      {kinds.map((kind) => (
        <li
          key={kind}
          className="inline-flex items-center gap-1 rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-medium text-emerald-800 ring-1 ring-emerald-200"
        >
          <span aria-hidden="true">✓</span>
          {t(checkLabels[kind])}
        </li>
      ))}
    </ul>
  );
}
