import Alert from '@mui/material/Alert';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import type { SchemaConnectApp, SchemaConnectSession } from '../../../generated/api/engine.ts';
import type { IntegrationDetails } from '../../../shared/oauthWindowMessage.ts';
import { ApiError, errorMessage } from '../../providers/errors.ts';
import { AppPicker } from './AppPicker.tsx';
import { ConnectDone } from './ConnectDone.tsx';
import { completeConnect } from './connectCalls.ts';
import { type FieldErrors, fieldErrorOf, manualStepsOf, oauthStepOf, setupPayload, type SetupValues } from './connectForm.ts';
import { type ConnectTexts, useConnectTexts } from './connectTexts.ts';
import { SetupForm } from './SetupForm.tsx';
import { useOAuthSignIn } from './useOAuthSignIn.ts';

/**
 * Who opened the screen: the end customer from a magic link; the customer's own admin connecting
 * an account on behalf of their end customer (/admin/authorize); or the end customer from a
 * sign-in link for one app (/oauth/authorize).
 */
export type ConnectMode = 'magic' | 'admin' | 'app';

interface ConnectScreenProps {
  session: SchemaConnectSession;
  token: string;
  mode?: ConnectMode;
  /** The app the link names (admin and app modes): chosen already. */
  appId?: string;
}

type Category = SchemaConnectSession['categories'][number]['category'];
type Done = { appLabel: string; originOrgName: string; integrationId: string };

const appsOf = (session: SchemaConnectSession) => session.categories.flatMap((c) => c.apps);
const categoryOf = (session: SchemaConnectSession, appId: string) => session.categories.find((c) => c.apps.some((a) => a.id === appId))?.category;

/** The app a reintegration link reconnects, or the one a link names, when the session offers it. */
function chosenApp(session: SchemaConnectSession, appId: string | undefined): SchemaConnectApp | undefined {
  if (session.reintegrate) return session.categories[0]?.apps[0];
  return appId === undefined ? undefined : appsOf(session).find((a) => a.id === appId);
}

function heading(t: ConnectTexts, session: SchemaConnectSession, mode: ConnectMode, company: string, app: SchemaConnectApp | undefined) {
  const org = session.originOrgName;
  if (session.reintegrate) return { title: t.reconnectTitle(app?.label ?? t.yourApp, company), intro: t.reconnectIntro(org, app?.label ?? t.thisApp) };
  if (mode === 'admin') return { title: t.adminTitle(org), intro: t.adminIntro(company, org) };
  if (mode === 'app' && app) return { title: t.appTitle(app.label, company), intro: t.appIntro(company, org, app.label) };
  return { title: t.connectTitle(company), intro: t.connectIntro(company, org) };
}

/**
 * The connect flow of one session: pick a category and an app (or start at the app of a
 * reintegration link or of a link for one app), fill its setup form, Connect or sign in with the
 * app in a window, then the success screen.
 */
export function ConnectScreen({ session, token, mode = 'magic', appId }: ConnectScreenProps) {
  const t = useConnectTexts();
  const named = chosenApp(session, appId);
  const [category, setCategory] = useState<string>((named && categoryOf(session, named.id)) ?? session.categories[0]?.category ?? '');
  const [picked, setPicked] = useState<SchemaConnectApp | undefined>(named);
  const [busy, setBusy] = useState(false);
  const [serverErrors, setServerErrors] = useState<FieldErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [done, setDone] = useState<Done | null>(null);
  const reintegrate = session.reintegrate;
  // A reintegration reconnects its one app; a link for one app stays on it (the admin may choose another).
  const fixed = reintegrate || (mode === 'app' && named !== undefined);
  const signIn = useOAuthSignIn((details: IntegrationDetails) =>
    setDone({ appLabel: picked?.label ?? details.appId, originOrgName: session.originOrgName, integrationId: details.integrationId }));

  const pick = (app: SchemaConnectApp | undefined) => {
    setPicked(app);
    setServerErrors({});
    setFormError(null);
  };

  const showError = (error: unknown) => {
    const fieldError = fieldErrorOf(error);
    if (fieldError) setServerErrors({ [fieldError.field]: fieldError.msg });
    else setFormError(error instanceof ApiError ? error.msg : errorMessage(error));
  };

  const connect = async (values: SetupValues) => {
    if (!picked) return;
    setServerErrors({});
    setFormError(null);
    const choice = {
      authSessionToken: token, appId: picked.id, category: (categoryOf(session, picked.id) ?? category) as Category,
      ...(picked.connectorId ? { connectorId: picked.connectorId } : {}), values: setupPayload(picked, values),
    };
    const oauth = oauthStepOf(picked);
    if (oauth) {
      await signIn.start({ ...choice, ...oauth, reintegrate }).catch(showError);
      return;
    }
    setBusy(true);
    try {
      setDone(await completeConnect({ ...choice, confirmedSteps: manualStepsOf(picked).map((step) => step.stepId) }));
    } catch (error) {
      showError(error);
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

  const company = session.companyName || t.yourProvider;
  const { title, intro } = heading(t, session, mode, company, picked);
  return (
    <Paper variant="outlined" sx={{ maxWidth: 880, mx: 'auto', p: { xs: 2.5, md: 4 }, borderRadius: 3 }}>
      <Stack spacing={0.75} sx={{ mb: 3 }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography variant="overline" sx={{ color: 'primary.main' }}>{session.originOrgName}</Typography>
          {mode === 'admin' && <Chip size="small" color="primary" label={t.adminBadge} />}
          {session.testAccount && <Chip size="small" color="warning" label={t.testAccount} />}
          {session.sandbox && <Chip size="small" label={t.sandbox} />}
        </Stack>
        <Typography variant="h2" component="h1" sx={{ fontSize: { xs: '1.5rem', sm: '1.75rem' } }}>{title}</Typography>
        <Typography sx={{ color: 'text.secondary' }}>{intro}</Typography>
      </Stack>
      {appId !== undefined && !named && !reintegrate && session.categories.length > 0 && (
        <Alert severity="warning" sx={{ mb: 2 }}>{t.appNotOffered}</Alert>
      )}
      {session.categories.length === 0 ? (
        <Alert severity="warning">{t.noApps}</Alert>
      ) : picked ? (
        <SetupForm
          key={picked.id}
          app={picked}
          busy={busy}
          serverErrors={serverErrors}
          formError={formError}
          onSubmit={(values) => void connect(values)}
          company={company}
          {...(oauthStepOf(picked) ? { signIn } : {})}
          {...(fixed ? {} : { onBack: () => pick(undefined) })}
        />
      ) : (
        <AppPicker categories={session.categories} category={category} onCategory={setCategory} onPick={pick} />
      )}
    </Paper>
  );
}
