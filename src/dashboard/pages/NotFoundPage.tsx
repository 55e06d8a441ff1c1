import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Snackbar from '@mui/material/Snackbar';
import { useState } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { DASHBOARD_HOME } from '../app/paths.ts';
import { CenteredMessage } from '../components/CenteredMessage.tsx';
import { PublicFrame } from './PublicFrame.tsx';

export const NOT_FOUND_TEXT = 'Sorry, the page you visited does not exist.';

/**
 * A public screen that gives up (a magic link whose state cannot be decoded) navigates here with
 * `state.toast`: the error toast has to outlive the screen that raised it, and public pages have
 * no react-admin notifier.
 */
function ArrivalToast() {
  const location = useLocation();
  const message = (location.state as { toast?: unknown } | null)?.toast;
  const [open, setOpen] = useState(typeof message === 'string' && message !== '');
  if (typeof message !== 'string') return null;
  return (
    <Snackbar open={open} autoHideDuration={6000} onClose={() => setOpen(false)} anchorOrigin={{ vertical: 'bottom', horizontal: 'right' }}>
      <Alert severity="error" variant="filled" onClose={() => setOpen(false)}>{message}</Alert>
    </Snackbar>
  );
}

/** /404 (part 1 §2): title 404, the spec's sentence, and a way back to the dashboard. */
export function NotFoundPage() {
  return (
    <PublicFrame>
      <CenteredMessage
        title="404"
        display
        text={NOT_FOUND_TEXT}
        actions={
          <Button variant="contained" size="large" component={RouterLink} to={DASHBOARD_HOME}>
            Back to dashboard
          </Button>
        }
      />
      <ArrivalToast />
    </PublicFrame>
  );
}
