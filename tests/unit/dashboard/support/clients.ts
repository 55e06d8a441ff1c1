import { setupServer } from 'msw/node';
import { createApiClients } from '../../../../src/dashboard/providers/apiClient.ts';
import type { ApiError } from '../../../../src/dashboard/providers/errors.ts';

export const ORIGIN = 'http://dashboard.test';

/** One MSW server per test file; handlers are added per test with server.use(). */
export const server = setupServer();

/** A token source the tests flip between signed in and out. */
export function fakeSession(token: string | null = 'tok_test_0123456789abcdef0123456789abcd') {
  const state = { token };
  return {
    state,
    getToken: () => state.token,
  };
}

/** The real clients against MSW: absolute base URLs (a relative one throws outside a browser) and the global fetch, which MSW patches. */
export function testClients(session = fakeSession(), unauthorized: ApiError[] = []) {
  const clients = createApiClients({
    session,
    onUnauthorized: (error) => void unauthorized.push(error),
    engineBaseUrl: `${ORIGIN}/api`,
    aiBaseUrl: `${ORIGIN}/ai`,
    fetch: (request) => globalThis.fetch(request),
  });
  return { clients, session, unauthorized };
}
