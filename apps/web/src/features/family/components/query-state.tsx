import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Loading, error, then the content: a family screen is never blank. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  const { t } = useTranslation('family');
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load this right now. Please try again.')}</Alert>;
  return <>{children(query.data)}</>;
}
