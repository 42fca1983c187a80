import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../components/ui/alert.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';

/** Loading, error, then the content: an area screen is never blank. */
export function QueryState<T>({
  query,
  children,
}: {
  query: UseQueryResult<T>;
  children: (data: T) => ReactNode;
}) {
  // The admin overview's loading and error lines (the only area screen using this one).
  const { t } = useTranslation('admin');
  if (query.isPending) return <Spinner label={t('Loading...')} />;
  if (query.isError)
    return <Alert tone="error">{t('We could not load this right now. Please try again.')}</Alert>;
  return <>{children(query.data)}</>;
}
