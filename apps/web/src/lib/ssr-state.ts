import type { DehydratedState } from '@tanstack/react-query';
import { ApiError } from './api-client.ts';
import type { Language } from './i18n.ts';

/**
 * What a server-rendered page hands to the browser (issue 28): the language it was rendered in and the answers it
 * was rendered with, so that the browser's first render is the same page and fetches nothing again.
 */
export type SsrState = { language: Language; queries: DehydratedState };

/** The element the server writes the state into: a JSON data block (no inline script runs under the CSP). */
export const SSR_STATE_ID = 'tibeb-ssr-state';

/** The state of the page the server rendered, or null (an area's page, or a build without the renderer). */
export function readSsrState(): SsrState | null {
  const element = document.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as SsrState;
  } catch {
    return null;
  }
}

type PackedError = { apiError: { status: number; message: string; body: unknown } };

const isPacked = (value: unknown): value is PackedError =>
  typeof value === 'object' && value !== null && 'apiError' in value;

/** An answer that failed (a 404 tutor) travels as its status, message and body: JSON keeps no class. */
export function packQueries(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) =>
      query.state.error instanceof ApiError
        ? {
            ...query,
            state: {
              ...query.state,
              error: {
                apiError: {
                  status: query.state.error.status,
                  message: query.state.error.message,
                  body: query.state.error.body,
                },
              } as unknown as Error,
            },
          }
        : query,
    ),
  };
}

/** The state as the server packed it, its failed answers `ApiError`s again. */
export function unpackQueries(state: DehydratedState): DehydratedState {
  return {
    ...state,
    queries: state.queries.map((query) => {
      const error: unknown = query.state.error;
      if (!isPacked(error)) return query;
      const { status, message, body } = error.apiError;
      return { ...query, state: { ...query.state, error: new ApiError(status, message, body) } };
    }),
  };
}
