import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, createAppRouter, loadMatchedRoutes } from './app/router.tsx';
import { changeLanguage, initI18n, rememberForServer, savedLanguage, type Language } from './lib/i18n.ts';
import { readSsrState, unpackQueries } from './lib/ssr-state.ts';
import { config as zodConfig } from 'zod/v4/core';
import './index.css';

// The Content-Security-Policy runs no eval (`script-src 'self'`): zod is told so before it builds a schema, or
// its probe for `new Function` is reported as a violation on every page (decision 245).
zodConfig({ jitless: true });

const container = document.getElementById('root')!;
const ssr = readSsrState();

/**
 * Runs `run` once the page the server rendered has been taken over (effects run after hydration). It wraps the
 * app rather than sitting beside it: a sibling would change the tree's shape, and with it every `useId` the server
 * rendered.
 */
function AfterHydration({ run, children }: { run: () => void; children: ReactNode }) {
  useEffect(run, [run]);
  return children;
}

/**
 * A visitor who chose a language before the server could know it (no cookie yet) gets it now: after the take-over,
 * which an update in the middle of it would turn into rendering the whole page again.
 */
function followSavedLanguage(rendered: Language) {
  const chosen = savedLanguage();
  if (chosen && chosen !== rendered) void changeLanguage(chosen);
  else if (chosen) rememberForServer(chosen);
}

async function start() {
  if (ssr) {
    // A public page the server rendered (entry-server.tsx): the same language, the same route code and the same
    // answers, so the first render matches the HTML and fetches nothing again.
    await Promise.all([initI18n(ssr.language), loadMatchedRoutes(window.location.pathname)]);
    const router = createAppRouter();
    // The page is already on screen: taking it over is a transition, which React starts in a task of its own and
    // does in slices of a few milliseconds, so a tap or a scroll is answered meanwhile instead of waiting for the
    // whole page (decision 245).
    startTransition(() => {
      hydrateRoot(
        container,
        <StrictMode>
          <AppProvider state={unpackQueries(ssr.queries)}>
            <AfterHydration run={() => followSavedLanguage(ssr.language)}>
              <AppRouter router={router} />
            </AfterHydration>
          </AppProvider>
        </StrictMode>,
      );
    });
    return;
  }
  // English renders at once (its texts are the keys); Amharic waits for its strings so no English flashes first.
  await initI18n();
  const chosen = savedLanguage();
  if (chosen) rememberForServer(chosen);
  const router = createAppRouter();
  createRoot(container).render(
    <StrictMode>
      <AppProvider>
        <AppRouter router={router} />
      </AppProvider>
    </StrictMode>,
  );
}

void start();
