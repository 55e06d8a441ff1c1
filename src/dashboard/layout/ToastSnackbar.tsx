import { Notification } from 'react-admin';
import { TOAST_ANCHOR } from '../providers/notify.ts';

/** react-admin's notification snackbar, bottom-right (part 1 §7): Toasts loads it with the first message. */
export function ToastSnackbar() {
  return <Notification anchorOrigin={TOAST_ANCHOR} />;
}
