import {
  OAUTH_POPUP_NAME, oauthPopupFeatures, readOAuthWindowMessage, type OAuthWindowMessage,
} from '../../../shared/oauthWindowMessage.ts';

// The opener's side of the OAuth sign-in window: open the app's authorize URL in a popup, then wait
// for the one message of this sign-in from that popup (the protocol of oauthWindowMessage.ts), or
// notice that the end customer closed it first.

/** What the sign-in needs of the page's window (the real window, or a test's stand-in). */
export type PopupHost = Pick<Window, 'open' | 'addEventListener' | 'removeEventListener' | 'screenX' | 'screenY' | 'outerWidth' | 'outerHeight'>;

/** The sign-in's popup as the opener sees it. */
export type SignInPopup = Pick<Window, 'closed' | 'close' | 'focus'>;

export type PopupOutcome = { kind: 'message'; message: OAuthWindowMessage } | { kind: 'closed' };

/** How often the opener looks whether the popup was closed: no event tells it. */
export const POPUP_CLOSED_POLL_MS = 500;

/** Opens (or, when one is open, navigates) the sign-in window; null when the browser blocked it. */
export function openOAuthPopup(host: PopupHost, authorizeUrl: string): SignInPopup | null {
  return host.open(authorizeUrl, OAUTH_POPUP_NAME, oauthPopupFeatures(host));
}

/**
 * Waits for the sign-in's outcome: the accepted message of `state` from `popup`, or the popup
 * closed without one. Calls `onOutcome` once; the answer stops waiting (for a page that moves on).
 */
export function watchOAuthPopup(host: PopupHost, popup: SignInPopup, state: string, onOutcome: (outcome: PopupOutcome) => void): () => void {
  let done = false;
  const finish = (outcome: PopupOutcome) => {
    stop();
    onOutcome(outcome);
  };
  const onMessage = (event: MessageEvent) => {
    const message = readOAuthWindowMessage(event, { popup, state });
    if (message) finish({ kind: 'message', message });
  };
  // The callback window posts before it closes (1.5 s later), so a closed popup seen here sent nothing for us.
  const poll = setInterval(() => {
    if (popup.closed) finish({ kind: 'closed' });
  }, POPUP_CLOSED_POLL_MS);
  const stop = () => {
    if (done) return;
    done = true;
    clearInterval(poll);
    host.removeEventListener('message', onMessage);
  };
  host.addEventListener('message', onMessage);
  return stop;
}
