import { HttpResponse } from 'msw';
import { setupServer } from 'msw/node';
import { useNotificationContext } from 'react-admin';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { cleanup } from '@testing-library/react';
import type { EventObject } from 'xstate';
import { engineHandlers } from '../../../src/generated/mocks/index.ts';

// What the component tests that replay a machine's committed paths through a rendered screen share:
// the engine behind MSW (the generated handlers, overridden per path), the actors' fixture answers
// as the engine's HTTP answers, and the toasts the screen raised, listed where a test can read them.

export const ORIGIN = 'http://localhost';

/**
 * Starts MSW over the generated engine handlers for the file's tests (the dashboard's clients call
 * VITE_ENGINE_URL, made when their modules load: `load` imports them after MSW patched fetch).
 */
export function useEngineServer(load: () => Promise<void>): { server: () => ReturnType<typeof setupServer> } {
  let server: ReturnType<typeof setupServer>;
  beforeAll(async () => {
    vi.stubEnv('VITE_ENGINE_URL', `${ORIGIN}/api`);
    server = setupServer(...engineHandlers);
    server.listen({ onUnhandledRequest: 'error' });
    await load();
  }, 60_000);
  afterEach(() => {
    cleanup();
    server.resetHandlers();
  });
  afterAll(() => {
    server.close();
    vi.unstubAllEnvs();
  });
  return { server: () => server };
}

/** A fixture answer as the engine sends it: the envelope with the output, or the error with its status; a network failure as such. */
export function httpAnswer(event: EventObject & { output?: unknown; error?: unknown }) {
  if (event.type.startsWith('xstate.done.actor.')) return HttpResponse.json({ success: true, msg: event.output });
  const error = event.error as { status: number; code: string; msg: string; field?: string };
  if (error.status === 0) return HttpResponse.error();
  return HttpResponse.json({ success: false, error: { msg: error.msg, code: error.code, ...(error.field ? { field: error.field } : {}) } }, { status: error.status });
}

/** The toasts raised so far, as a list named 'Toasts'. */
export function Toasts() {
  const { notifications } = useNotificationContext();
  return (
    <ul aria-label="Toasts">
      {notifications.map((notification, i) => (
        <li key={i}>{String(notification.message)}</li>
      ))}
    </ul>
  );
}
