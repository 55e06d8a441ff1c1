import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { useMachine, useSelector } from '@xstate/react';
import { useEffect, useMemo } from 'react';
import { useLocation } from 'react-router';
import {
  createVersionCheckActors,
  DASHBOARD_VERSION,
  selectVersionMessage,
  versionCheckMachine,
} from '../machines/versionCheck/index.ts';
import { apiClients, signOut } from '../providers/index.ts';

/**
 * Runs the version-check machine for the shell and shows its message ('Dashboard is currently on
 * older version, Please wait...') over the page while the outdated build signs out and reloads.
 */
export function VersionNotice() {
  const { pathname } = useLocation();
  const machine = useMemo(() => versionCheckMachine.provide({ actors: createVersionCheckActors({ clients: apiClients, signOut }) }), []);
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
