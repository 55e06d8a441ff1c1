import ArrowBack from '@mui/icons-material/ArrowBack';
import LockOutlined from '@mui/icons-material/LockOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type FormEvent, useState } from 'react';
import type { SchemaConnectApp } from '../../../generated/api/engine.ts';
import { AppLogo } from './AppPicker.tsx';
import { type FieldErrors, fieldsOf, manualStepsOf, type SetupValues, validateSetup } from './connectForm.ts';
import { useConnectTexts } from './connectTexts.ts';
import { OAuthSignInControls } from './OAuthSignInControls.tsx';
import type { OAuthSignIn } from './useOAuthSignIn.ts';

interface SetupFormProps {
  app: SchemaConnectApp;
  busy: boolean;
  /** The engine's errors: per field, and one for the whole form. */
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (values: SetupValues) => void;
  /** Absent when the app is fixed (reintegration, a link for one app). */
  onBack?: () => void;
  /** The app's OAuth sign-in, for an app with an OAUTH step: the form ends with "Sign in with {app}". */
  signIn?: OAuthSignIn;
  /** Who asks for the connection (the sign-in hint names it). */
  company?: string;
}

/**
 * The chosen app's setup: its inputs (required marked), manual steps to confirm, and Connect, or
 * for an OAuth app "Sign in with {app}" after the inputs of the steps before the sign-in.
 */
export function SetupForm({ app, busy, serverErrors, formError, onSubmit, onBack, signIn, company = '' }: SetupFormProps) {
  const t = useConnectTexts();
  const [values, setValues] = useState<SetupValues>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmed, setConfirmed] = useState<Record<string, boolean>>({});
  const manual = manualStepsOf(app);
  const allConfirmed = manual.every((s) => confirmed[s.stepId]);
  const shown = { ...errors, ...serverErrors };
  const signingIn = signIn !== undefined && ['starting', 'waiting', 'blocked'].includes(signIn.phase.name);
  const locked = busy || signingIn;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (locked) return;
    const found = validateSetup(app, values);
    setErrors(found);
    if (Object.keys(found).length === 0 && allConfirmed) onSubmit(values);
  };

  const back = () => {
    signIn?.cancel();
    onBack?.();
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={t.connectApp(app.label)}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2.5 }}>
        {onBack && (
          // Back stays usable while the sign-in window is open: leaving cancels the sign-in.
          <Button startIcon={<ArrowBack />} onClick={back} disabled={busy || signIn?.phase.name === 'starting'} size="small" sx={{ mr: 1 }}>
            {t.allApps}
          </Button>
        )}
        <AppLogo app={app} size={40} />
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.25rem' }}>{app.label}</Typography>
      </Stack>
      {!app.connectable ? (
        <Alert severity="info">{t.signInUnavailable(app.label)}</Alert>
      ) : (
        <Stack spacing={2.25}>
          {formError && <Alert severity="error" role="alert" data-testid="connect-error">{formError}</Alert>}
          {!signIn && fieldsOf(app).length === 0 && manual.length === 0 && (
            <Typography sx={{ color: 'text.secondary' }}>{t.noCredentials(app.label)}</Typography>
          )}
          {fieldsOf(app).map((field, i) => (
            <TextField
              key={field.name}
              label={field.label}
              type={field.type === 'password' ? 'password' : 'text'}
              required={field.required}
              autoFocus={i === 0}
              autoComplete={field.type === 'password' ? 'off' : undefined}
              value={values[field.name] ?? ''}
              onChange={(e) => {
                setValues((v) => ({ ...v, [field.name]: e.target.value }));
                setErrors(({ [field.name]: _, ...rest }) => rest);
              }}
              error={Boolean(shown[field.name])}
              helperText={shown[field.name] ?? ' '}
              disabled={locked}
              fullWidth
            />
          ))}
          {manual.map((step) => (
            <FormControlLabel
              key={step.stepId}
              control={<Checkbox checked={Boolean(confirmed[step.stepId])} onChange={(e) => setConfirmed((c) => ({ ...c, [step.stepId]: e.target.checked }))} disabled={locked} />}
              label={t.manualStep(step.stepId, app.label)}
            />
          ))}
          {signIn ? (
            <OAuthSignInControls appLabel={app.label} company={company} signIn={signIn} disabled={busy || !allConfirmed} />
          ) : (
            <>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
                <LockOutlined sx={{ fontSize: 16 }} />
                <Typography variant="body2">{t.credentialsSealed}</Typography>
              </Stack>
              <Button type="submit" variant="contained" size="large" disabled={busy || !allConfirmed} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
                {busy ? t.connecting : t.connectApp(app.label)}
              </Button>
            </>
          )}
        </Stack>
      )}
    </Box>
  );
}
