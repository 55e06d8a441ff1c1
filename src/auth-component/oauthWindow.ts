import {
  isOAuthSuccess,
  OAUTH_POPUP_NAME,
  oauthPopupFeatures,
  readOAuthWindowMessage,
} from '../shared/oauthWindowMessage.ts';
import type { IntegrationDetails } from './engineCalls.ts';

// The OAuth sign-in window from the component's side (the protocol is src/shared/oauthWindowMessage.ts):
// the window is opened blank in the click itself, before connect.oauth.start is awaited, so popup
// blockers let it through; it is then sent to the app's authorize URL. The outcome is the one
// message of the window this component opened carrying the state its own start returned, or the
// window closing first.

export type SignInOutcome =
  | { kind: 'details'; details: IntegrationDetails }
  | { kind: 'error'; message: string }
  | { kind: 'closed' };

/** How often the window is checked for having been closed. */
const CLOSED_POLL_MS = 400;

/** Opens the sign-in window, blank, centered over the page; null when the browser refused it. */
export function openSignInWindow(host: Window, url = 'about:blank'): Window | null {
  return host.open(url, OAUTH_POPUP_NAME, oauthPopupFeatures(host));
}

/**
 * Sends `popup` to `authorizeUrl` (unless it is there already) and reports the outcome once.
 * Returns a function that stops waiting (the component went away or started over).
 */
export function awaitSignIn(host: Window, popup: Window, sign: { authorizeUrl: string; state: string }, navigate: boolean, onOutcome: (outcome: SignInOutcome) => void): () => void {
  let finished = false;
  const stop = () => {
    finished = true;
    host.removeEventListener('message', onMessage);
    host.clearInterval(timer);
  };
  const finish = (outcome: SignInOutcome) => {
    if (finished) return;
    stop();
    onOutcome(outcome);
  };
  function onMessage(event: MessageEvent) {
    const message = readOAuthWindowMessage(event, { popup, state: sign.state });
    if (!message) return;
    finish(isOAuthSuccess(message) ? { kind: 'details', details: message.details } : { kind: 'error', message: message.error });
  }
  host.addEventListener('message', onMessage);
  const timer = host.setInterval(() => {
    if (popup.closed) finish({ kind: 'closed' });
  }, CLOSED_POLL_MS);
  if (navigate) popup.location.href = sign.authorizeUrl;
  return stop;
}
