import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { Link as RouterLink } from 'react-router';

export interface TestAccountPopupDialogProps {
  open: boolean;
  /** Whether new integrated accounts are test accounts by default. */
  testByDefault: boolean;
  /** Closes the popup; `hide` is whether "Don't show this again" was ticked. */
  onClose: (hide: boolean) => void;
}

/** The test-account default popup itself: what a test account means and the default type. */
export function TestAccountPopupDialog({ open, testByDefault, onClose }: TestAccountPopupDialogProps) {
  const [hide, setHide] = useState(false);
  const close = () => onClose(hide);
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="test-account-popup-title">
      {/* Title, content and actions laid out as DialogTitle, DialogContent and DialogActions do,
          without their modules: the popup shows on a new user's first visit of the accounts
          screen, and they cost it ~5 kB of its 300 kB budget. */}
      <Typography component="h2" variant="h6" id="test-account-popup-title" sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 3, py: 2 }}>
        <ScienceOutlined sx={{ color: 'primary.main' }} />
        Test and production accounts
      </Typography>
      <Box sx={{ px: 3, pb: 2.5, overflowY: 'auto' }}>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          New integrated accounts are created as <strong>{testByDefault ? 'test' : 'production'} accounts</strong> by default.
        </Typography>
        <Typography variant="body2" sx={{ mb: 1.5, color: 'text.secondary' }}>
          Test accounts are for trying integrations out: they expire, and an expiry icon beside them tells when. Turn an account into a test or
          production account from its actions menu, or choose the type when you create a magic link.
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Change the default in{' '}
          <Link component={RouterLink} to="/dashboard/settings" onClick={close}>
            Settings
          </Link>
          .
        </Typography>
        <Box sx={{ mt: 1.5 }}>
          {/* A plain label around the box: FormControlLabel would add ~3 kB to the accounts screen's first visit. */}
          <Box component="label" sx={{ display: 'inline-flex', alignItems: 'center', cursor: 'pointer', ml: -1 }}>
            <Checkbox size="small" checked={hide} onChange={(_, checked) => setHide(checked)} />
            <Typography variant="body2" component="span">Don&apos;t show this again</Typography>
          </Box>
        </Box>
      </Box>
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, px: 3, pb: 2 }}>
        <Button variant="contained" onClick={close}>
          Got it
        </Button>
      </Box>
    </Dialog>
  );
}
