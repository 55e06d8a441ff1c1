import type { AuthProvider, UserIdentity } from 'react-admin';
import type { components } from '../../generated/api/engine.ts';
import type { Role } from '../../generated/engine/types.ts';
import { loginRedirect } from '../app/paths.ts';
import type { SessionStore } from '../session/types.ts';
import { unwrap, type ApiClients } from './apiClient.ts';
import type { SignOut } from './signOut.ts';

export type UserDetails = components['schemas']['UserDetails'];

/** What getPermissions answers: the menu and routes are chosen from it (spec part 1 §2, §6). */
export interface Permissions {
  role: Role;
  featureFlags: Record<string, boolean>;
}

export interface DashboardIdentity extends UserIdentity, Permissions {
  id: string;
  fullName: string;
  email: string;
  orgId: string;
  orgName: string;
  user: UserDetails;
}

export interface AuthProviderOptions {
  clients: Pick<ApiClients, 'engine'>;
  session: Pick<SessionStore, 'get'>;
  signOut: SignOut;
  /** The current path, for the redirect back after login; window.location in the browser. */
  currentPath?: () => string;
}

// The login redirect lives with the app's fixed paths, so the first chunk's session check needs no
// provider code.
export { loginRedirect };

const browserPath = () => (globalThis.location ? `${location.pathname}${location.search}` : '/dashboard/home');

const statusOf = (error: unknown): number | undefined => {
  const status = (error as { status?: unknown } | null)?.status;
  return typeof status === 'number' ? status : undefined;
};

/**
 * The react-admin AuthProvider on the OTP session. Login itself is the sign-up machine's job
 * (machines/signUp); this provider only reads the stored session, the user's details and logs out.
 */
export function createAuthProvider(options: AuthProviderOptions): AuthProvider & Required<Pick<AuthProvider, 'getIdentity' | 'getPermissions'>> & { getUserDetails(): Promise<UserDetails> } {
  const currentPath = options.currentPath ?? browserPath;
  // One user.userDetails call per session token; a new login gets a fresh one.
  let cached: { token: string; details: Promise<UserDetails> } | undefined;

  const getUserDetails = (): Promise<UserDetails> => {
    const token = options.session.get()?.token ?? '';
    if (!cached || cached.token !== token) {
      const details = unwrap(options.clients.engine.GET('/user.userDetails')).then((body) => body.msg);
      cached = { token, details };
      details.catch(() => {
        if (cached?.details === details) cached = undefined;
      });
    }
    return cached.details;
  };

  return {
    getUserDetails,
    async login() {
      // The sign-up screen logs in through its machine; nothing to do when react-admin asks.
    },
    async logout() {
      cached = undefined;
      if (!options.session.get()) return undefined; // no session: keep react-admin's own redirect
      await options.signOut();
      return '/signup?login=true';
    },
    async checkAuth() {
      if (options.session.get()?.isLoggedIn) return;
      throw { redirectTo: loginRedirect(currentPath()), message: false };
    },
    async checkError(error: unknown) {
      // A 401 means the session is gone: react-admin then calls logout (sign out, reload).
      if (statusOf(error) === 401) throw error;
    },
    async getIdentity(): Promise<DashboardIdentity> {
      const user = await getUserDetails();
      return {
        id: user.userId,
        fullName: user.username,
        email: user.userEmail,
        orgId: user.orgId,
        orgName: user.orgName,
        role: user.role,
        featureFlags: user.featureFlags ?? {},
        user,
      };
    },
    async getPermissions(): Promise<Permissions> {
      const user = await getUserDetails();
      return { role: user.role, featureFlags: user.featureFlags ?? {} };
    },
  };
}
