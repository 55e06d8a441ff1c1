import { useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { PageLoader } from '../../components/PageLoader.tsx';
import { useLeaveForNotFound } from '../leaveForNotFound.ts';
import { ConnectSessionPage } from './ConnectSessionPage.tsx';
import { decodeMagicState } from './magicState.ts';

/**
 * /magic/authorize (spec part 1 §2): reads ?state, an encoded { authSessionToken, sandbox }, and
 * shows the connect form for the end customer who opened the magic link. A state that cannot be
 * decoded toasts 'Something went wrong, please try again' and goes to /404.
 */
export function MagicAuthorizePage() {
  const [params] = useSearchParams();
  const leave = useLeaveForNotFound();
  const state = useMemo(() => decodeMagicState(params.get('state')), [params]);

  useEffect(() => {
    if (!state) leave();
  }, [state, leave]);

  if (!state) return <PageLoader fullPage />;
  return <ConnectSessionPage token={state.authSessionToken} mode="magic" />;
}
