import ScienceOutlined from '@mui/icons-material/ScienceOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
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
      <DialogTitle id="test-account-popup-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ScienceOutlined sx={{ color: 'primary.main' }} />
        Test and production accounts
      </DialogTitle>
      <DialogContent>
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
          <FormControlLabel control={<Checkbox size="small" checked={hide} onChange={(_, checked) => setHide(checked)} />} label="Don't show this again" />
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button variant="contained" onClick={close}>
          Got it
        </Button>
      </DialogActions>
    </Dialog>
  );
}
