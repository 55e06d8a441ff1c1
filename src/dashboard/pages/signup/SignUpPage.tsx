import Box from '@mui/material/Box';
import Link from '@mui/material/Link';
import LinearProgress from '@mui/material/LinearProgress';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useMachine } from '@xstate/react';
import { Suspense, useEffect, useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { INVALID_INVITE_MESSAGE } from '../../../shared/constants.ts';
import { Logo } from '../../components/Logo.tsx';
import {
  createSignUpActors,
  selectCanResend,
  selectCountdown,
  selectDestination,
  selectEmail,
  selectError,
  selectInviteOrgName,
  selectIsBusy,
  selectIsInviteInvalid,
  selectMode,
  selectNotice,
  selectStep,
  signUpInputFromSearch,
  signUpMachine,
  type SignUpMode,
  type SignUpStep,
} from '../../machines/signUp/index.ts';
import { sessionStore } from '../../session/index.ts';
import { ProductPitch } from './ProductPitch.tsx';
import { preloadable } from '../../app/preloadable.tsx';
import { EmailStep } from './EmailStep.tsx';
import { loadSignUpClients, signUpClients } from './signUpClients.ts';

// The page carries step 0 only: each later step is fetched while the step before it sends its form
// (the code step with the e-mail, the details step, which brings rjsf, with a new user's code), and
// the message box when a call starts. Should one not be in when it is needed, a progress bar
// stands in until it is.
const CodeStep = preloadable(() => import('./CodeStep.tsx').then((module) => module.CodeStep));
const DetailsStep = preloadable(() => import('./DetailsStep.tsx').then((module) => module.DetailsStep));
const Alert = preloadable(() => import('@mui/material/Alert').then((module) => module.default));
const preload = (component: { preload(): Promise<unknown> }) => void component.preload().catch(() => undefined);

const StepLoading = () => <LinearProgress aria-label="Loading" sx={{ my: 3 }} />;

const headings: Record<SignUpMode, Record<SignUpStep, { title: string; text: (email: string) => string }>> = {
  signup: {
    0: { title: 'Create your account', text: () => 'Start with your work e-mail. We will send you a one-time code, no password needed.' },
    1: { title: 'Check your inbox', text: (email) => `Enter the 6-digit code we sent to ${email}.` },
    2: { title: 'Tell us about your team', text: () => 'A few details so we can set up your workspace.' },
  },
  login: {
    0: { title: 'Welcome back', text: () => 'Log in with your work e-mail. We will send you a one-time code.' },
    1: { title: 'Check your inbox', text: (email) => `Enter the 6-digit code we sent to ${email}.` },
    2: { title: 'Tell us about your team', text: () => 'A few details so we can set up your workspace.' },
  },
};

/** The invalid-invite message with its 'click here' linking to a plain sign-up (no invite token). */
function InviteInvalidMessage() {
  const [before, after] = INVALID_INVITE_MESSAGE.split('click here');
  return (
    <>
      {before}
      <Link href="/signup" sx={{ fontWeight: 600 }}>
        click here
      </Link>
      {after}
    </>
  );
}

/**
 * /signup (part 1 §2): sign-up and login with an e-mail code. The sign-up machine owns the flow
 * (steps, countdown, errors, where to go at the end); this screen renders its state and sends the
 * forms' values.
 */
export function SignUpPage() {
  const location = useLocation();
  const navigate = useNavigate();
  const [, setSearchParams] = useSearchParams();
  const machine = useMemo(() => signUpMachine.provide({ actors: createSignUpActors({ clients: signUpClients, session: sessionStore }) }), []);
  const [snapshot, send] = useMachine(machine, { input: signUpInputFromSearch(location.search) });

  const mode = selectMode(snapshot);
  const step = selectStep(snapshot);
  const email = selectEmail(snapshot);
  const busy = selectIsBusy(snapshot);
  const error = selectError(snapshot);
  const notice = selectNotice(snapshot);
  const destination = selectDestination(snapshot);
  const steps = mode === 'signup' ? 3 : 2;
  const heading = headings[mode][step];

  useEffect(() => {
    if (destination) navigate(destination, { replace: true });
  }, [destination, navigate]);
  // A call's answer may bring a message.
  useEffect(() => {
    if (busy) preload(Alert);
  }, [busy]);

  const toggleMode = (next: SignUpMode) => {
    if (next === mode) return;
    send({ type: 'mode.toggle' });
    // Keep the URL in step with the tab, so a reload stays on it; other parameters are kept.
    setSearchParams(
      (params) => {
        if (next === 'login') params.set('login', 'true');
        else params.delete('login');
        return params;
      },
      { replace: true },
    );
  };

  return (
    <Box sx={{ minHeight: '100vh', display: 'grid', gridTemplateColumns: { xs: '1fr', md: '5fr 6fr', lg: '1fr 1fr' }, bgcolor: 'background.paper' }}>
      {/* The pitch stays in view while a long step scrolls; the cell's colour continues its gradient. */}
      <Box sx={{ display: { xs: 'none', md: 'block' }, bgcolor: '#0F172A' }}>
        <Box sx={{ position: 'sticky', top: 0, height: '100vh' }}>
          <ProductPitch />
        </Box>
      </Box>
      {/* Typing in a step fetches the client its form will send with. */}
      <Box component="main" onInput={() => void loadSignUpClients().catch(() => undefined)} sx={{ display: 'flex', flexDirection: 'column', px: { xs: 2.5, sm: 4 }, py: { xs: 3, md: 5 } }}>
        <Box sx={{ display: { xs: 'block', md: 'none' }, mb: 4 }}>
          <Logo />
        </Box>
        <Box sx={{ flex: 1, display: 'flex', alignItems: { md: 'center' }, justifyContent: 'center' }}>
          <Box sx={{ width: '100%', maxWidth: 440 }}>
            {/* A segmented switch between the two modes (the filters' toggle, lighter than tabs on this first page). */}
            <ToggleButtonGroup
              value={mode}
              exclusive
              fullWidth
              onChange={(_, next: SignUpMode | null) => next !== null && toggleMode(next)}
              aria-label="Sign up or log in"
              sx={{ mb: 4, p: 0.5, gap: 0.5, bgcolor: 'background.default', borderRadius: 2.5, border: 1, borderColor: 'divider' }}
            >
              {(['signup', 'login'] as const).map((value) => (
                <ToggleButton
                  key={value}
                  value={value}
                  disabled={busy}
                  sx={{
                    minHeight: 38,
                    border: 0,
                    borderRadius: '8px !important',
                    textTransform: 'none',
                    fontWeight: 600,
                    color: 'text.secondary',
                    '&.Mui-selected, &.Mui-selected:hover': { color: 'primary.main', bgcolor: 'background.paper', boxShadow: '0 1px 3px rgba(15, 23, 42, 0.12)' },
                  }}
                >
                  {value === 'signup' ? 'Sign up' : 'Log in'}
                </ToggleButton>
              ))}
            </ToggleButtonGroup>

            <Typography variant="overline" sx={{ color: 'primary.main' }} data-testid="signup-step">
              Step {step + 1} of {steps}
            </Typography>
            <LinearProgress variant="determinate" aria-label={`Step ${step + 1} of ${steps}`} value={Math.round(((step + 1) / steps) * 100)} sx={{ height: 4, borderRadius: 2, mt: 0.5, mb: 3, bgcolor: 'divider' }} />
            <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.625rem', sm: '1.875rem' } }}>
              {heading.title}
            </Typography>
            <Typography variant="body1" sx={{ color: 'text.secondary', mt: 1, mb: 3 }}>
              {heading.text(email)}
            </Typography>

            <Suspense fallback={null}>
              {error && (
                <Alert severity="error" sx={{ mb: 2.5 }} role="alert" data-testid="signup-error">
                  {selectIsInviteInvalid(snapshot) ? <InviteInvalidMessage /> : error}
                </Alert>
              )}
              {notice && !error && (
                <Alert severity="success" sx={{ mb: 2.5 }} data-testid="signup-notice">
                  {notice}
                </Alert>
              )}
            </Suspense>

            {step === 0 && (
              <EmailStep
                key={mode}
                email={email}
                busy={busy}
                submitLabel={mode === 'signup' ? 'Get started' : 'Send login code'}
                onSubmit={(value) => {
                  preload(CodeStep);
                  send({ type: 'email.submit', email: value });
                }}
              />
            )}
            {step === 1 && (
              <Suspense fallback={<StepLoading />}>
                <CodeStep
                  email={email}
                  busy={busy}
                  countdown={selectCountdown(snapshot)}
                  canResend={selectCanResend(snapshot)}
                  onSubmit={(otp) => {
                    // A new user goes on to the details step once the code is verified.
                    if (mode === 'signup') preload(DetailsStep);
                    send({ type: 'otp.submit', otp });
                  }}
                  onResend={() => send({ type: 'otp.resend' })}
                  onPrevious={() => send({ type: 'step.previous' })}
                />
              </Suspense>
            )}
            {step === 2 && (
              <Suspense fallback={<StepLoading />}>
                <DetailsStep
                  email={email}
                  busy={busy}
                  inviteOrgName={selectInviteOrgName(snapshot)}
                  onSubmit={(details) => send({ type: 'details.submit', details })}
                  onPrevious={() => send({ type: 'step.previous' })}
                />
              </Suspense>
            )}

            <Typography variant="body2" sx={{ color: 'text.secondary', mt: 4, textAlign: 'center' }}>
              {mode === 'signup' ? 'Already have an account? ' : 'New here? '}
              <Link component="button" type="button" onClick={() => toggleMode(mode === 'signup' ? 'login' : 'signup')} disabled={busy} sx={{ fontWeight: 600, verticalAlign: 'baseline' }}>
                {mode === 'signup' ? 'Log in' : 'Create an account'}
              </Link>
            </Typography>
          </Box>
        </Box>
      </Box>
    </Box>
  );
}
