import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App.tsx';
import { sessionStore } from './session/index.ts';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// The encrypted session is read once before the first render, so the route guards can decide
// synchronously; an unreadable session counts as logged out.
void sessionStore
  .load()
  .catch(() => null)
  .finally(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
