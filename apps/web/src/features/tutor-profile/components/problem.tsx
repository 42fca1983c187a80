import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateAnswer, translateFieldProblem } from '../../../lib/translate-message.ts';

/** Whether the field error `key` is one a form shows under its field: one of `shown`, or a row under one (`sun.0`). */
const isShown = (key: string, shown: readonly string[]) =>
  shown.some((field) => key === field || key.startsWith(`${field}.`));

/**
 * A failed save: the server's answer (by its code), the sessions an edit would strand (409), and the field errors
 * the form does not show under a field of its own (`shown`), each in the interface's language by its code, never
 * with its field's name or path (issue 31 item 3). When every field error is under its field, the answer asks to
 * correct them instead of repeating the first.
 */
export function SaveProblem({ error, shown = [] }: { error: unknown; shown?: readonly string[] }) {
  const { t } = useTranslation('tutor');
  if (!error) return null;
  const problems = error instanceof ApiError ? error.fieldProblems : {};
  const sessions = error instanceof ApiError ? (error.fieldErrors.sessions ?? []) : [];
  const fields = Object.entries(problems).filter(([key]) => key !== 'sessions');
  const elsewhere = fields.filter(([key]) => !isShown(key, shown));
  const underFields = fields.length > 0 && elsewhere.length === 0;
  const detail = underFields
    ? t('Please correct the fields marked above.')
    : (translateAnswer(t, error) ?? t('Something went wrong. Please try again.'));
  const lines = [...new Set(elsewhere.flatMap(([, list]) => list.map((p) => translateFieldProblem(t, p))))];
  return (
    <Alert tone="error">
      <p className="font-semibold break-words">{detail}</p>
      {sessions.length > 0 && (
        <ul className="mt-2 list-disc pl-5" aria-label={t('Sessions in the way')}>
          {sessions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {lines.length > 0 && lines.some((line) => line !== detail) && (
        <ul className="mt-2 list-disc pl-5 break-words">
          {lines.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
