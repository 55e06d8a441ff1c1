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
import { type FieldErrors, fieldsOf, manualStepsOf, manualStepText, type SetupValues, validateSetup } from './connectForm.ts';

interface SetupFormProps {
  app: SchemaConnectApp;
  busy: boolean;
  /** The engine's errors: per field, and one for the whole form. */
  serverErrors: FieldErrors;
  formError: string | null;
  onSubmit: (values: SetupValues) => void;
  /** Absent when the app is fixed (reintegration). */
  onBack?: () => void;
}

/** The chosen app's setup: its inputs (required marked), manual steps to confirm, and Connect. */
export function SetupForm({ app, busy, serverErrors, formError, onSubmit, onBack }: SetupFormProps) {
  const [values, setValues] = useState<SetupValues>({});
  const [errors, setErrors] = useState<FieldErrors>({});
  const [confirmed, setConfirmed] = useState<Record<string, boolean>>({});
  const manual = manualStepsOf(app);
  const allConfirmed = manual.every((s) => confirmed[s.stepId]);
  const shown = { ...errors, ...serverErrors };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = validateSetup(app, values);
    setErrors(found);
    if (Object.keys(found).length === 0 && allConfirmed) onSubmit(values);
  };

  return (
    <Box component="form" noValidate onSubmit={submit} aria-label={`Connect ${app.label}`}>
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2.5 }}>
        {onBack && (
          <Button startIcon={<ArrowBack />} onClick={onBack} disabled={busy} size="small" sx={{ mr: 1 }}>
            All apps
          </Button>
        )}
        <AppLogo app={app} size={40} />
        <Typography variant="h3" component="h2" sx={{ fontSize: '1.25rem' }}>{app.label}</Typography>
      </Stack>
      {!app.connectable ? (
        <Alert severity="info">
          {app.label} connects with a sign-in at {app.label} (OAuth), which this connection page does not offer yet. Please choose another app, or ask the
          sender of this link for help.
        </Alert>
      ) : (
        <Stack spacing={2.25}>
          {formError && <Alert severity="error" role="alert" data-testid="connect-error">{formError}</Alert>}
          {fieldsOf(app).length === 0 && manual.length === 0 && (
            <Typography sx={{ color: 'text.secondary' }}>{app.label} needs no credentials: connect it with one click.</Typography>
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
              disabled={busy}
              fullWidth
            />
          ))}
          {manual.map((step) => (
            <FormControlLabel
              key={step.stepId}
              control={<Checkbox checked={Boolean(confirmed[step.stepId])} onChange={(e) => setConfirmed((c) => ({ ...c, [step.stepId]: e.target.checked }))} disabled={busy} />}
              label={manualStepText(step.stepId, app.label)}
            />
          ))}
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', color: 'text.secondary' }}>
            <LockOutlined sx={{ fontSize: 16 }} />
            <Typography variant="body2">Credentials are encrypted when stored and are never shown again.</Typography>
          </Stack>
          <Button type="submit" variant="contained" size="large" disabled={busy || !allConfirmed} startIcon={busy ? <CircularProgress size={18} color="inherit" /> : undefined}>
            {busy ? 'Connecting…' : `Connect ${app.label}`}
          </Button>
        </Stack>
      )}
    </Box>
  );
}
