import { useCallback, useEffect, useRef, useState } from 'react';
import type { SchemaConnectOauthStartBody } from '../../../generated/api/engine.ts';
import { isOAuthSuccess, type IntegrationDetails } from '../../../shared/oauthWindowMessage.ts';
import { DEFAULT_ERROR_MESSAGE } from '../../providers/errors.ts';
import { startOAuthConnect } from './connectCalls.ts';
import { openOAuthPopup, watchOAuthPopup, type PopupHost, type PopupOutcome, type SignInPopup } from './oauthPopup.ts';

/** Where an OAuth sign-in of the connect screen stands. */
export type OAuthPhase =
  | { name: 'idle' }
  | { name: 'starting' }
  | { name: 'waiting'; popup: SignInPopup }
  /** The browser refused the window: the end customer opens it with a click of their own. */
  | { name: 'blocked'; authorizeUrl: string; state: string }
  /** The window closed before finishing, or the sign-in failed (the engine's or the app's words). */
  | { name: 'failed'; reason: 'closed' } | { name: 'failed'; reason: 'error'; message: string; hint?: string };

export interface OAuthSignIn {
  phase: OAuthPhase;
  /** connect.oauth.start, then the window; throws the start's error (field errors belong to the form). */
  start(body: SchemaConnectOauthStartBody): Promise<void>;
  /** Opens the blocked window from the end customer's own click. */
  reopen(): void;
  /** Brings the sign-in window to the front. */
  showWindow(): void;
  /** Stops waiting and closes the window (Cancel, Back). */
  cancel(): void;
}

/** The phase after the window's outcome, or null when the account is connected. */
function phaseAfter(outcome: PopupOutcome): OAuthPhase | null {
  if (outcome.kind === 'closed') return { name: 'failed', reason: 'closed' };
  const { message } = outcome;
  if (!isOAuthSuccess(message)) return { name: 'failed', reason: 'error', message: message.error };
  if (message.details.success) return null;
  // The app refused (access denied, a code refused at its token endpoint): its words and what to do.
  const [refusal] = message.details.errors;
  return { name: 'failed', reason: 'error', message: refusal?.description || DEFAULT_ERROR_MESSAGE, ...(refusal?.resolution ? { hint: refusal.resolution } : {}) };
}

/**
 * The OAuth step of the connect screen: start the sign-in, open the app's window, wait for the
 * /oauth window's message, and hand a connected account's IntegrationDetails to `onConnected`.
 */
export function useOAuthSignIn(onConnected: (details: IntegrationDetails) => void, host: PopupHost = window): OAuthSignIn {
  const [phase, setPhase] = useState<OAuthPhase>({ name: 'idle' });
  const stopWaiting = useRef<(() => void) | null>(null);
  const connected = useRef(onConnected);
  connected.current = onConnected;

  const stop = useCallback(() => {
    stopWaiting.current?.();
    stopWaiting.current = null;
  }, []);
  useEffect(() => stop, [stop]);

  const follow = useCallback((popup: SignInPopup, state: string) => {
    stop();
    setPhase({ name: 'waiting', popup });
    stopWaiting.current = watchOAuthPopup(host, popup, state, (outcome) => {
      stopWaiting.current = null;
      const next = phaseAfter(outcome);
      // A failed window would close itself 1.5 s later; a retry meanwhile would reuse it by its
      // name (no new window) and then see it close. The page says what failed: close it now.
      if (next && !popup.closed) popup.close();
      setPhase(next ?? { name: 'idle' });
      if (!next && outcome.kind === 'message' && isOAuthSuccess(outcome.message)) connected.current(outcome.message.details);
    });
  }, [host, stop]);

  const start = useCallback(async (body: SchemaConnectOauthStartBody) => {
    stop();
    setPhase({ name: 'starting' });
    let started: Awaited<ReturnType<typeof startOAuthConnect>>;
    try {
      started = await startOAuthConnect(body);
    } catch (error) {
      setPhase({ name: 'idle' });
      throw error;
    }
    const popup = openOAuthPopup(host, started.authorizeUrl);
    if (popup) follow(popup, started.state);
    else setPhase({ name: 'blocked', authorizeUrl: started.authorizeUrl, state: started.state });
  }, [follow, host, stop]);

  const reopen = useCallback(() => {
    if (phase.name !== 'blocked') return;
    const popup = openOAuthPopup(host, phase.authorizeUrl);
    if (popup) follow(popup, phase.state);
  }, [follow, host, phase]);

  const showWindow = useCallback(() => {
    if (phase.name === 'waiting') phase.popup.focus();
  }, [phase]);

  const cancel = useCallback(() => {
    stop();
    if (phase.name === 'waiting' && !phase.popup.closed) phase.popup.close();
    setPhase({ name: 'idle' });
  }, [phase, stop]);

  return { phase, start, reopen, showWindow, cancel };
}
