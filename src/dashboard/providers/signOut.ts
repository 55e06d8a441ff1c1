import { LOGOUT_RELOAD_MS } from '../../shared/constants.ts';
import type { SessionStore } from '../session/types.ts';
import type { ApiClients } from './apiClient.ts';

interface SignOutOptions {
  clients: Pick<ApiClients, 'engine'>;
  session: Pick<SessionStore, 'get' | 'clear'>;
  /** window.location.reload in the browser; injected so tests can see it. */
  reload?: () => void;
  reloadDelayMs?: number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  /** Hooks run after the session is gone (analytics and tracker identity reset, consent revoked). */
  onSignedOut?: () => void;
}

export type SignOut = () => Promise<void>;

const defaultReload = () => globalThis.location?.reload();

/**
 * Logout as the spec says (part 1 §4): end the session on the server (auth.signOut is public and
 * idempotent, so an expired token still signs out), clear the stored state, reload after 3 s.
 * A 401 storm and react-admin's logout may call it several times; they share one sign-out.
 */
export function createSignOut(options: SignOutOptions): SignOut {
  const reload = options.reload ?? defaultReload;
  const delay = options.reloadDelayMs ?? LOGOUT_RELOAD_MS;
  const setTimer = options.setTimer ?? ((cb: () => void, ms: number) => setTimeout(cb, ms));
  let pending: Promise<void> | undefined;

  return () => {
    pending ??= (async () => {
      const token = options.session.get()?.token;
      if (token) {
        // A failed sign-out call must not keep the user signed in locally.
        await options.clients.engine.POST('/auth.signOut', { body: { token } }).catch(() => undefined);
      }
      await options.session.clear();
      options.onSignedOut?.();
      setTimer(() => {
        pending = undefined;
        reload();
      }, delay);
    })();
    return pending;
  };
}
