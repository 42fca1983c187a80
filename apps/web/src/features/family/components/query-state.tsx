import type { ReactNode } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
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
  if (query.isPending) return <Spinner label="Loading..." />;
  if (query.isError) return <Alert tone="error">We could not load this right now. Please try again.</Alert>;
  return <>{children(query.data)}</>;
}
