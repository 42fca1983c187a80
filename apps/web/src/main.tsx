import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppProvider } from './app/provider.tsx';
import { AppRouter, createAppRouter, loadMatchedRoutes } from './app/router.tsx';
import { changeLanguage, initI18n, rememberForServer, savedLanguage } from './lib/i18n.ts';
import { readSsrState, unpackQueries } from './lib/ssr-state.ts';
import './index.css';

const container = document.getElementById('root')!;
const ssr = readSsrState();

async function start() {
  if (ssr) {
    // A public page the server rendered (entry-server.tsx): the same language, the same route code and the same
    // answers, so the first render matches the HTML and fetches nothing again.
    await Promise.all([initI18n(ssr.language), loadMatchedRoutes(window.location.pathname)]);
    const router = createAppRouter();
    hydrateRoot(
      container,
      <StrictMode>
        <AppProvider state={unpackQueries(ssr.queries)}>
          <AppRouter router={router} />
        </AppProvider>
      </StrictMode>,
    );
    // A visitor who chose a language before the server could know it (no cookie yet) gets it now.
    const chosen = savedLanguage();
    if (chosen && chosen !== ssr.language) void changeLanguage(chosen);
    else if (chosen) rememberForServer(chosen);
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
