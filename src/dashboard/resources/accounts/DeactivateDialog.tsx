import WarningAmberRounded from '@mui/icons-material/WarningAmberRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import type { AccountsRow } from '../../../generated/resources/accounts.ts';

interface DeactivateDialogProps {
  row: AccountsRow;
  open: boolean;
  busy: boolean;
  onConfirm: () => void;
  onClose: () => void;
}

/** The warning confirmation before Deactivate integration (part 2 §4). */
export function DeactivateDialog({ row, open, busy, onConfirm, onClose }: DeactivateDialogProps) {
  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="deactivate-title">
      <DialogTitle id="deactivate-title" sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
        <WarningAmberRounded sx={{ color: 'warning.main' }} />
        Deactivate integration?
      </DialogTitle>
      <DialogContent>
        <Typography variant="body2" sx={{ mb: 1.5 }}>
          {row.organization}&apos;s {row.appLabel} account will stop syncing and can no longer be used. This cannot be undone: the end
          user has to connect the app again through a new magic link.
        </Typography>
        <Box component="code" sx={{ fontSize: '0.8125rem', color: 'text.secondary' }}>
          {row.integrationId}
        </Box>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" color="error" onClick={onConfirm} disabled={busy}>
          Deactivate
        </Button>
      </DialogActions>
    </Dialog>
  );
}
