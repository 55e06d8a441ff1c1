import { QueryClient } from '@tanstack/react-query';
import { localStorageStore } from 'react-admin';
import { authProvider } from '../providers/instances.ts';
import type { SessionState } from '../session/types.ts';

// react-admin's state of the dashboard (its store and query cache, which <Admin> in DashboardApp
// uses) and the shell's one call, the user's details (role, flags, plan), which the route preload
// starts as soon as the session is read, alongside the shell's and the screen's chunks (and the
// screen's first list call, listPreload.ts). react-admin's own queries then find the answer
// already in flight, or in its cache.

/** Lists' filters and pages, the sidebar's state: localStorage, as react-admin keeps them by default. */
export const dashboardStore = localStorageStore();

let current: { token: string | null; client: QueryClient } | undefined;

/**
 * react-admin's query cache for the session `token`: the one the preload filled for it, a new one
 * for any other token, so a new login never sees the previous user's answers.
 */
export function queryClientFor(token: string | null): QueryClient {
  if (current?.token !== token) current = { token, client: new QueryClient() };
  return current.client;
}

/** react-admin's query keys of the shell's user: the authProvider answers both from user.userDetails. */
const PERMISSIONS_KEY = ['auth', 'getPermissions', {}];
const IDENTITY_KEY = ['auth', 'getIdentity'];

/**
 * Starts the shell's call once `session` is read (a signed-out session makes none): the user's
 * details, put in react-admin's cache as its permissions and identity.
 */
export function startShellData(session: Promise<SessionState | null>): void {
  void session.then((state) => {
    if (!state?.isLoggedIn) return;
    const queryClient = queryClientFor(state.token);
    // A failure is left to react-admin's own queries, which ask again and show it as they do.
    void authProvider.getPermissions({}).then((permissions) => queryClient.setQueryData(PERMISSIONS_KEY, permissions), () => undefined);
    void authProvider.getIdentity().then((identity) => queryClient.setQueryData(IDENTITY_KEY, identity), () => undefined);
  });
}
