import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { preloadRoute } from './app/routePreload.ts';
import { sessionStore } from './session/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The encrypted session is read once before the first render, so the route guards can decide
// synchronously; an unreadable session counts as logged out. Meanwhile the route's own chunks
// (and, once the session is read, its first calls) are fetched, all at once; the app renders when
// both are done, so no Suspense fallback stands in for the page. A chunk that fails to load is
// rendered lazily instead (and its error shown where it would have been).
const session = sessionStore.load().catch(() => null);
const route = preloadRoute(window.location, session, sessionStore.hasStored());
void Promise.allSettled([session, route]).then(() =>
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
