import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import OpenInNewRounded from '@mui/icons-material/OpenInNewRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { COPIED_MESSAGE, useCopy } from '../../../components/useCopy.ts';
import type { MagicLinkResult } from '../accountCalls.ts';

function CopyRow({ label, value, copied, onCopy }: { label: string; value: string; copied: boolean; onCopy: () => void }) {
  return (
    <Box sx={{ mb: 2.5 }}>
      <Typography variant="subtitle2" component="h3" sx={{ mb: 0.75 }}>
        {label}
      </Typography>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'stretch', flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box
          component="code"
          data-testid={`magic-link-${label.toLowerCase().replace(/\s+/g, '-')}`}
          sx={{ flex: 1, minWidth: 0, px: 1.5, py: 1, border: 1, borderColor: 'divider', borderRadius: 1.5, bgcolor: 'background.default', fontSize: '0.8125rem', wordBreak: 'break-all' }}
        >
          {value}
        </Box>
        <Button
          variant={copied ? 'contained' : 'outlined'}
          color={copied ? 'success' : 'primary'}
          onClick={onCopy}
          startIcon={copied ? <CheckRounded /> : <ContentCopyRounded />}
          aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
          sx={{ minWidth: 110, flexShrink: 0 }}
        >
          {copied ? COPIED_MESSAGE : 'Copy'}
        </Button>
      </Box>
    </Box>
  );
}

interface MagicLinkResultDialogProps {
  result: MagicLinkResult | undefined;
  /** 'Magic link created' or 'Reintegration link created'. */
  title?: string;
  onClose: () => void;
}

/** The Magic link result dialog: the link and the integration id, each with a copy button. */
export function MagicLinkResultDialog({ result, title = 'Magic link created', onClose }: MagicLinkResultDialogProps) {
  const { copied, copy } = useCopy();
  return (
    <Dialog open={result !== undefined} onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="magic-link-result-title">
      <DialogTitle id="magic-link-result-title">{title}</DialogTitle>
      {result && (
        <DialogContent>
          <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2.5 }}>
            Send this link to your end user. It opens the authorisation flow where they connect their app.
          </Typography>
          <CopyRow label="Magic link" value={result.link} copied={copied === 'link'} onCopy={() => void copy('link', result.link)} />
          <CopyRow label="Integration ID" value={result.integrationId} copied={copied === 'id'} onCopy={() => void copy('id', result.integrationId)} />
        </DialogContent>
      )}
      <DialogActions sx={{ px: 3, pb: 2 }}>
        {result && (
          <Button href={result.link} target="_blank" rel="noopener" startIcon={<OpenInNewRounded />}>
            Open link
          </Button>
        )}
        <Button variant="contained" onClick={onClose}>
          Done
        </Button>
      </DialogActions>
    </Dialog>
  );
}
