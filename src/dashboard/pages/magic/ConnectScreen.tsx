import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SchemaConnectApp, SchemaConnectSession } from '../../../generated/api/engine.ts';
import { ApiError, errorMessage } from '../../providers/errors.ts';
import { AppPicker } from './AppPicker.tsx';
import { ConnectDone } from './ConnectDone.tsx';
import { type FieldErrors, fieldErrorOf, manualStepsOf, setupPayload, type SetupValues } from './connectForm.ts';
import { completeConnect } from './connectCalls.ts';
import { SetupForm } from './SetupForm.tsx';

type Done = Awaited<ReturnType<typeof completeConnect>>;

/** The one app a reintegration link reconnects, if the link is one. */
const fixedApp = (session: SchemaConnectSession) => (session.reintegrate ? session.categories[0]?.apps[0] : undefined);

/**
 * The connect flow of one session: pick a category and an app (or go straight to the app of a
 * reintegration link), fill its setup form, Connect, then the success screen.
 */
export function ConnectScreen({ session, token }: { session: SchemaConnectSession; token: string }) {
  const [category, setCategory] = useState<string>(session.categories[0]?.category ?? '');
  const [picked, setPicked] = useState<SchemaConnectApp | undefined>(fixedApp(session));
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const reintegrate = session.reintegrate;

  const pick = (app: SchemaConnectApp | undefined) => {
    setPicked(app);
    setServerErrors({});
    setFormError(null);
  };

  const connect = async (values: SetupValues) => {
    if (!picked) return;
    setBusy(true);
    setServerErrors({});
    setFormError(null);
    try {
      const appCategory = session.categories.find((c) => c.apps.some((a) => a.id === picked.id))?.category ?? category;
      setDone(await completeConnect({
        authSessionToken: token, appId: picked.id, category: appCategory as SchemaConnectSession['categories'][number]['category'],
        ...(picked.connectorId ? { connectorId: picked.connectorId } : {}), values: setupPayload(picked, values),
        confirmedSteps: manualStepsOf(picked).map((step) => step.stepId),
      }));
    } catch (error) {
      const fieldError = fieldErrorOf(error);
      if (fieldError) setServerErrors({ [fieldError.field]: fieldError.msg });
      else setFormError(error instanceof ApiError ? error.msg : errorMessage(error));
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <Paper variant="outlined" sx={{ maxWidth: 640, mx: 'auto', p: { xs: 2.5, md: 4 }, borderRadius: 3 }}>
        <ConnectDone appLabel={done.appLabel} originOrgName={done.originOrgName} companyName={session.companyName} integrationId={done.integrationId} reintegrate={reintegrate} />
      </Paper>
    );
  }

  const company = session.companyName || 'Your provider';
  return (
    <Paper variant="outlined" sx={{ maxWidth: 880, mx: 'auto', p: { xs: 2.5, md: 4 }, borderRadius: 3 }}>
      <Stack spacing={0.75} sx={{ mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="overline" sx={{ color: 'primary.main' }}>{session.originOrgName}</Typography>
          {session.testAccount && <Chip size="small" color="warning" label="Test account" />}
          {session.sandbox && <Chip size="small" label="Sandbox" />}
        </Stack>
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>
          {reintegrate ? `Reconnect ${picked?.label ?? 'your app'} to ${company}` : `Connect your apps to ${company}`}
        </Typography>
        <Typography sx={{ color: 'text.secondary' }}>
          {reintegrate
            ? `The connection of ${session.originOrgName} to ${picked?.label ?? 'this app'} needs new credentials. Enter them below to restore it.`
            : `${company} asks ${session.originOrgName} to connect the tool it uses. Choose your app, then enter the details ${company} needs to read its data.`}
        </Typography>
      </Stack>
      {session.categories.length === 0 ? (
        <Alert severity="warning">This link offers no app to connect. Please ask the person who sent it to you for a new link.</Alert>
      ) : picked ? (
        <SetupForm
          key={picked.id}
          app={picked}
          busy={busy}
          serverErrors={serverErrors}
          formError={formError}
          onSubmit={(values) => void connect(values)}
          {...(reintegrate ? {} : { onBack: () => pick(undefined) })}
        />
      ) : (
        <AppPicker categories={session.categories} category={category} onCategory={setCategory} onPick={pick} />
      )}
    </Paper>
  );
}
