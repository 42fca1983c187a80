import { hydrate, QueryClient, QueryClientProvider, type DehydratedState } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';

export function makeQueryClient() {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 30_000, retry: 1, refetchOnWindowFocus: false },
    },
  });
}

/** The app's server state; a server-rendered page hands over the answers it was rendered with (`state`). */
export function AppProvider({
  children,
  state,
  client: given,
}: {
  children: ReactNode;
  state?: DehydratedState | undefined;
  client?: QueryClient | undefined;
}) {
  const [client] = useState(() => {
    const made = given ?? makeQueryClient();
    if (state) {
      hydrate(made, state);
      // A read that failed on the server shows failed here too while the page is taken over (as rendered), not
      // as loading again; after that, a failed read is tried again when a page next asks for it.
      made.setDefaultOptions({ queries: { ...made.getDefaultOptions().queries, retryOnMount: false } });
    }
    return made;
  });
  useEffect(() => {
    if (state)
      client.setDefaultOptions({ queries: { ...client.getDefaultOptions().queries, retryOnMount: true } });
  }, [client, state]);
  return <QueryClientProvider client={client}>{children}</QueryClientProvider>;
}
