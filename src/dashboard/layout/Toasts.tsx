import { useNotificationContext } from 'react-admin';
import { preloadable, useLoaded } from '../app/preloadable.tsx';

// The snackbar (MUI's Snackbar and its transitions) is a chunk of its own, fetched when the first
// message is queued: most visits show none. react-admin keeps the queued messages, so the first
// one is shown as soon as the snackbar is in.
const ToastSnackbar = preloadable(() => import('./ToastSnackbar.tsx').then((module) => module.ToastSnackbar));

/** Failures and confirmations toast bottom-right with the server's message (part 1 §7). */
export function Toasts() {
  const { notifications } = useNotificationContext();
  return useLoaded(ToastSnackbar, notifications.length > 0) ? <ToastSnackbar /> : null;
}
