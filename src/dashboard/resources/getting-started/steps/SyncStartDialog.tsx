import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { CodeBlock } from './CodeBlock.tsx';

/**
 * The confirm dialog of 'start on API trigger' (spec part 1 §2): syncs of new integrated accounts
 * wait for the backend's POST to v1.0/sync.start.
 */
export function SyncStartDialog({ open, syncStartUrl, onConfirm, onCancel }: { open: boolean; syncStartUrl: string; onConfirm: () => void; onCancel: () => void }) {
  return (
    <Dialog open={open} onClose={onCancel} maxWidth="sm" fullWidth aria-labelledby="sync-start-title" aria-describedby="sync-start-text">
      <DialogTitle id="sync-start-title">Start syncs on API trigger?</DialogTitle>
      <DialogContent>
        <Typography id="sync-start-text" variant="body2" sx={{ mb: 2 }}>
          Syncs of each new integrated account wait until your backend asks for them with this call (bearer: your API key):
        </Typography>
        <CodeBlock code={`POST ${syncStartUrl}`} label="Sync start call" caption="HTTP" />
        <Typography variant="caption" component="p" sx={{ mt: 1.5 }}>
          Until then no data of that account is synced. Automatic start syncs as soon as an account connects, then every 24 hours.
        </Typography>
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onCancel}>Cancel</Button>
        <Button variant="contained" onClick={onConfirm}>
          Confirm
        </Button>
      </DialogActions>
    </Dialog>
  );
}
