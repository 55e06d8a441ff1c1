import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import ErrorOutlineRounded from '@mui/icons-material/ErrorOutlineRounded';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  OAUTH_WINDOW_CLOSE_DELAY_MS, oauthErrorMessage, oauthSuccessMessage, postOAuthWindowMessage, type OAuthWindowMessage,
} from '../../../shared/oauthWindowMessage.ts';
import { CenteredMessage } from '../../components/CenteredMessage.tsx';
import { PageLoader } from '../../components/PageLoader.tsx';
import { ApiError, DEFAULT_ERROR_MESSAGE, errorMessage } from '../../providers/errors.ts';
import { useLeaveForNotFound } from '../leaveForNotFound.ts';
import { completeOAuthCallback, loadConnectSession } from '../magic/connectCalls.ts';
import { ConnectFrame } from '../magic/ConnectFrame.tsx';
import { type ConnectTexts, ConnectTextsContext, connectTextsFor } from '../magic/connectTexts.ts';
import { decodeOAuthCallbackState } from './oauthCallbackState.ts';

type Outcome =
  | { name: 'working' }
  | { name: 'connected' }
  /** The app refused (access denied, a code refused): its words and what to do. */
  | { name: 'refused'; message: string; hint: string }
  | { name: 'failed'; message: string };

/** The page's window when a connect screen or the knit-auth component opened it; null otherwise. */
const openerOf = (): Window | null => (window.opener as Window | null) ?? null;

/**
 * /oauth (spec part 1 §2, OAuth callback screen): the app sends the end customer's sign-in window
 * back here with code and state (or error and state). The screen completes the sign-in
 * (connect.oauth.callback), tells the window that opened it (oauthWindowMessage.ts) and closes
 * itself after 1.5 s. A bad state (not the engine's, or refused by it) toasts 'Something went
 * wrong, please try again' and goes to /404. Opened without an opener (a link opened in a tab of
 * its own), it shows the outcome and stays open.
 *
 * The texts follow the link's language, read from the session before the callback uses it up.
 */
export function OAuthCallbackPage() {
  const [params] = useSearchParams();
  const leave = useLeaveForNotFound();
  const navigate = useNavigate();
  const [texts, setTexts] = useState<ConnectTexts | null>(null);
  const [company, setCompany] = useState<string | undefined>(undefined);
  const [outcome, setOutcome] = useState<Outcome>({ name: 'working' });
  const [opened] = useState(() => openerOf() !== null);
  // The callback uses the state up: call it once per page, also when React mounts effects twice.
  const ran = useRef(false);

  useEffect(() => {
    if (ran.current) return;
    ran.current = true;
    const state = params.get('state') ?? '';
    const answer = {
      ...optional('code', params.get('code')),
      ...optional('error', params.get('error')),
      ...optional('errorDescription', params.get('error_description')),
    };
    const decoded = decodeOAuthCallbackState(state);
    const opener = openerOf();
    const tell = (message: OAuthWindowMessage) => {
      if (opener) postOAuthWindowMessage(opener, message);
    };
    const closeSoon = () => {
      if (opener) window.setTimeout(() => window.close(), OAUTH_WINDOW_CLOSE_DELAY_MS);
    };
    if (!decoded) {
      if (state) tell(oauthErrorMessage(state, DEFAULT_ERROR_MESSAGE));
      leave();
      closeSoon();
      return;
    }
    // The code is used once, now: keep it (and the state) out of the window's history and address bar.
    void navigate({ search: '' }, { replace: true });
    void (async () => {
      const session = await loadConnectSession(decoded.authSessionToken).catch(() => null);
      setTexts(connectTextsFor(session?.language));
      setCompany(session?.companyName);
      try {
        const details = await completeOAuthCallback({ state, ...answer });
        tell(oauthSuccessMessage(state, details));
        const [refusal] = details.errors;
        setOutcome(details.success ? { name: 'connected' } : { name: 'refused', message: refusal?.description ?? DEFAULT_ERROR_MESSAGE, hint: refusal?.resolution ?? '' });
      } catch (error) {
        const message = errorMessage(error);
        tell(oauthErrorMessage(state, message));
        if (error instanceof ApiError && error.status === 400) leave(message);
        else setOutcome({ name: 'failed', message });
      }
      closeSoon();
    })();
  }, [params, leave, navigate]);

  // Nothing to say until the language is known (one quick call).
  if (!texts) return <PageLoader fullPage />;
  const t = texts;
  const after = opened ? t.closesItself : t.canClose;
  return (
    <ConnectTextsContext.Provider value={t}>
      <ConnectFrame {...(company ? { companyName: company } : {})}>
        {outcome.name === 'working' ? (
          <CenteredMessage title={t.completingSignIn} text={null} icon={<CircularProgress size={40} aria-hidden />} />
        ) : outcome.name === 'connected' ? (
          <CenteredMessage
            title={t.connected}
            text={after}
            icon={<CheckCircleRounded sx={{ fontSize: 56, color: 'success.main' }} />}
          />
        ) : (
          <CenteredMessage title={t.signInFailed} text={outcome.message} icon={<ErrorOutlineRounded sx={{ fontSize: 56, color: 'error.main' }} />}>
            {outcome.name === 'refused' && outcome.hint && <Typography sx={{ color: 'text.secondary' }}>{outcome.hint}</Typography>}
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>{after}</Typography>
          </CenteredMessage>
        )}
      </ConnectFrame>
    </ConnectTextsContext.Provider>
  );
}

/** A query parameter as a body field, left out when absent or empty (the contract wants minLength 1). */
function optional<K extends string>(key: K, value: string | null): Partial<Record<K, string>> {
  return value ? ({ [key]: value } as Record<K, string>) : {};
}
