import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMachine, useSelector } from '@xstate/react';
import { createContext, useContext, useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import {
  createVersionCheckActors,
  DASHBOARD_VERSION,
  selectVersionMessage,
  versionCheckMachine,
  type VersionCheckActorDeps,
} from '../machines/versionCheck/index.ts';
import { apiClients, signOut } from '../providers/index.ts';

export interface VersionCheckDeps extends VersionCheckActorDeps {
  /** window.location.reload in the browser. */
  reload: () => void;
}

/**
 * The network, sign-out and reload the version check uses. The dashboard runs on the defaults; a
 * test renders the shell inside a provider with fakes, so the machine runs unchanged.
 */
export const VersionCheckDepsContext = createContext<VersionCheckDeps>({
  clients: apiClients,
  signOut,
  reload: () => globalThis.location?.reload(),
});

/**
 * Runs the version-check machine for the shell and shows its message ('Dashboard is currently on
 * older version, Please wait...') over the page for the reload delay, before the outdated build
 * signs out or reloads.
 */
export function VersionNotice() {
  const { pathname } = useLocation();
  const deps = useContext(VersionCheckDepsContext);
  const machine = useMemo(
    () => versionCheckMachine.provide({ actors: createVersionCheckActors(deps), actions: { reloadPage: () => deps.reload() } }),
    [deps],
  );
  const [, send, actorRef] = useMachine(machine, { input: { currentVersion: DASHBOARD_VERSION, pathname } });
  const message = useSelector(actorRef, selectVersionMessage);

  useEffect(() => send({ type: 'location.change', pathname }), [pathname, send]);
  useEffect(() => {
    const onFocus = () => send({ type: 'window.focus' });
    window.addEventListener('focus', onFocus);
    return () => window.removeEventListener('focus', onFocus);
  }, [send]);

  return (
    <Backdrop open={message !== null} sx={{ zIndex: (theme) => theme.zIndex.modal + 1, bgcolor: 'rgba(15, 23, 42, 0.45)' }}>
      <Paper role="alertdialog" aria-live="assertive" sx={{ px: 4, py: 3, display: 'flex', alignItems: 'center', gap: 2, maxWidth: 440, mx: 2 }}>
        <CircularProgress size={24} />
        <Typography variant="body1">{message}</Typography>
      </Paper>
    </Backdrop>
  );
}
