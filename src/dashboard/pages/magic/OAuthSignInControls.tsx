import OpenInNew from '@mui/icons-material/OpenInNew';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { OAUTH_POPUP_NAME } from '../../../shared/oauthWindowMessage.ts';
import { useConnectTexts } from './connectTexts.ts';
import type { OAuthSignIn } from './useOAuthSignIn.ts';

interface OAuthSignInControlsProps {
  appLabel: string;
  company: string;
  signIn: OAuthSignIn;
  /** A manual step is not confirmed yet, or the form is busy. */
  disabled: boolean;
}

/**
 * The OAuth step's part of the setup form: where the sign-in stands, and the "Sign in with {app}"
 * button, which submits the form (its FORM fields are checked first, then the sign-in starts).
 */
export function OAuthSignInControls({ appLabel, company, signIn, disabled }: OAuthSignInControlsProps) {
  const t = useConnectTexts();
  const { phase } = signIn;
  const starting = phase.name === 'starting';
  return (
    <Stack spacing={2}>
      {phase.name === 'waiting' && (
        <Alert severity="info" role="status" icon={<CircularProgress size={20} color="inherit" />} data-testid="oauth-waiting">
          {t.waitingForSignIn(appLabel)}
          {/* Below the text, not beside it: at 390 px the text keeps its width. */}
          <Stack direction="row" spacing={1} sx={{ mt: 1, ml: -1 }}>
            <Button color="inherit" size="small" onClick={signIn.showWindow}>{t.showWindow}</Button>
            <Button color="inherit" size="small" onClick={signIn.cancel}>{t.cancel}</Button>
          </Stack>
        </Alert>
      )}
      {phase.name === 'blocked' && (
        <Alert severity="warning" role="alert" data-testid="oauth-blocked" action={<Button color="inherit" size="small" onClick={signIn.cancel}>{t.cancel}</Button>}>
          {t.popupBlocked}{' '}
          {/* The end customer's own click may open what the browser refused to open after a call. */}
          <Link
            href={phase.authorizeUrl}
            target={OAUTH_POPUP_NAME}
            onClick={(event) => {
              event.preventDefault();
              signIn.reopen();
            }}
            sx={{ fontWeight: 600 }}
          >
            {t.openSignInWindow}
          </Link>
        </Alert>
      )}
      {phase.name === 'failed' && (
        <Alert severity="error" role="alert" data-testid="oauth-error" action={<Button color="inherit" size="small" type="submit">{t.tryAgain}</Button>}>
          {phase.reason === 'closed' ? t.popupClosed : phase.message}
          {phase.reason === 'error' && phase.hint && <Typography variant="body2" sx={{ mt: 0.5 }}>{phase.hint}</Typography>}
        </Alert>
      )}
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>{t.signInHint(appLabel, company)}</Typography>
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={disabled || phase.name === 'waiting' || phase.name === 'blocked' || starting}
        startIcon={starting ? <CircularProgress size={18} color="inherit" /> : <OpenInNew />}
      >
        {starting ? t.signingIn : t.signInWith(appLabel)}
      </Button>
    </Stack>
  );
}
