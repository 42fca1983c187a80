import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { translateAnswer } from '../../../lib/translate-message.ts';

/** A failed save: the server's answer (by its code), its field messages, and the sessions an edit would strand (409). */
export function SaveProblem({ error }: { error: unknown }) {
  const { t } = useTranslation('tutor');
  if (!error) return null;
  const detail = translateAnswer(t, error) ?? t('Something went wrong. Please try again.');
  const fields = error instanceof ApiError ? error.fieldErrors : {};
  const sessions = fields.sessions ?? [];
  const others = Object.entries(fields).filter(([key]) => key !== 'sessions');
  return (
    <Alert tone="error">
      <p className="font-semibold">{detail}</p>
      {sessions.length > 0 && (
        <ul className="mt-2 list-disc pl-5" aria-label={t('Sessions in the way')}>
          {sessions.map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      )}
      {others.length > 0 && (
        <ul className="mt-2 list-disc pl-5">
          {others.map(([key, messages]) => (
            <li key={key}>
              {t(key.replace(/_/g, ' '))}: {messages.map((m) => t(m)).join(' ')}
            </li>
          ))}
        </ul>
      )}
    </Alert>
  );
}
