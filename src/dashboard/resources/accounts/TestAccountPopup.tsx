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
import { useEffect, useState } from 'react';
import { useGetIdentity } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { apiClients, type DashboardIdentity } from '../../providers/index.ts';
import { saveTestAccountPopup } from './accountCalls.ts';
import { popupStateOf, rememberPopupState, shouldShowTestAccountPopup } from './testAccountPopup.ts';

const nowSeconds = () => Math.floor(Date.now() / 1000);

/**
 * The test-account default popup of the accounts screen: which type new integrated accounts get
 * by default and what a test account means. Closing it saves lastTestAccPopupAt (and, when ticked,
 * hideTestAccPopup) through user.userDetails.update.
 */
export function TestAccountPopup() {
  const { identity } = useGetIdentity();
  const user = (identity as DashboardIdentity | undefined)?.user;
  const [open, setOpen] = useState(false);
  const [hide, setHide] = useState(false);

  useEffect(() => {
    if (!user) return;
    const state = popupStateOf({ hideTestAccPopup: user.hideTestAccPopup, lastTestAccPopupAt: user.lastTestAccPopupAt });
    if (shouldShowTestAccountPopup(state, nowSeconds())) setOpen(true);
  }, [user]);

  const close = () => {
    const shownAt = nowSeconds();
    setOpen(false);
    rememberPopupState({ hideTestAccPopup: hide || (user?.hideTestAccPopup ?? false), lastTestAccPopupAt: shownAt });
    // Saving is best effort: a failure only means the popup may show again next session.
    saveTestAccountPopup(apiClients, shownAt, hide).catch((error: unknown) => console.error('user.userDetails.update failed', error));
  };

  if (!user) return null;
  const test = user.defaultIntegrationType === 'test';
  return (
    <Dialog open={open} onClose={close} maxWidth="xs" fullWidth aria-labelledby="test-account-popup-title">
      <DialogTitle id="test-account-popup-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <ScienceOutlined sx={{ color: 'primary.main' }} />
        Test and production accounts
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          New integrated accounts are created as <strong>{test ? 'test' : 'production'} accounts</strong> by default.
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
