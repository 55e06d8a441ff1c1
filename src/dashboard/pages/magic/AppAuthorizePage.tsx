import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useLeaveForNotFound } from '../leaveForNotFound.ts';
import { ConnectSessionPage } from './ConnectSessionPage.tsx';
import type { ConnectMode } from './ConnectScreen.tsx';
import { decodeAppState } from './magicState.ts';

/**
 * The authorisation screens of one app (spec part 1 §2, content not shown there): ?state is an
 * encoded { authSessionToken, appId, sandbox, reintegrate }, and the connect screen opens at that
 * app.
 * - /admin/authorize, admin mode: the customer's own admin connects an account on behalf of their
 *   end customer; the screen says so, and the admin may still choose another app of the session.
 * - /oauth/authorize: the entry a sign-in link for one app opens: that app's sign-in.
 * A state that cannot be decoded, or names no app, toasts and goes to /404, as on /magic/authorize.
 */
export function AppAuthorizePage({ mode }: { mode: Extract<ConnectMode, 'admin' | 'app'> }) {
  const [params] = useSearchParams();
  const leave = useLeaveForNotFound();
  const state = useMemo(() => decodeAppState(params.get('state')), [params]);

  useEffect(() => {
    if (!state) leave();
  }, [state, leave]);

  if (!state) return <PageLoader fullPage />;
  return <ConnectSessionPage token={state.authSessionToken} mode={mode} appId={state.appId} />;
}

export const AdminAuthorizePage = () => <AppAuthorizePage mode="admin" />;
export const OAuthAuthorizePage = () => <AppAuthorizePage mode="app" />;
