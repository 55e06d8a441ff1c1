import AutorenewRounded from '@mui/icons-material/AutorenewRounded';
import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { COPIED_MESSAGE, useCopy } from '../../../components/useCopy.ts';
import { API_KEY_ERROR_MESSAGE } from '../../../machines/onboarding/index.ts';
import { monoFontFamily } from '../../../theme/theme.ts';
import type { ProductionApiKey } from './useProductionApiKey.ts';

/**
 * The production API key the snippets use: in full (with a copy button) when this visit created
 * it, else its prefix with Generate new API key, since the engine keeps keys hashed.
 */
export function ApiKeyPanel({ apiKey }: { apiKey: ProductionApiKey }) {
  const { copied, copy } = useCopy();
  const [confirming, setConfirming] = useState(false);
  if (apiKey.isError) {
    return (
      <Alert
        severity="error"
        variant="outlined"
        action={
          <Button color="inherit" size="small" onClick={apiKey.retry}>
            Retry
          </Button>
        }
      >
        {API_KEY_ERROR_MESSAGE}
      </Alert>
    );
  }
  if (apiKey.isPending) return <Skeleton variant="rounded" height={44} aria-label="Loading API key" />;
  return (
    <Box>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'stretch', flexDirection: { xs: 'column', sm: 'row' } }}>
        <Box
          component="code"
          aria-label="Production API key"
          data-testid="production-api-key"
          sx={{ flex: 1, minWidth: 0, px: 1.5, py: 1.1, border: 1, borderColor: 'divider', borderRadius: 1.5, bgcolor: 'background.default', fontFamily: monoFontFamily, fontSize: '0.8125rem', wordBreak: 'break-all' }}
        >
          {apiKey.shown}
        </Box>
        {apiKey.full ? (
          <Button
            variant={copied === 'key' ? 'contained' : 'outlined'}
            color={copied === 'key' ? 'success' : 'primary'}
            startIcon={copied === 'key' ? <CheckRounded /> : <ContentCopyRounded />}
            onClick={() => void copy('key', apiKey.full ?? '')}
            aria-label={copied === 'key' ? 'API key copied' : 'Copy API key'}
            sx={{ minWidth: 110 }}
          >
            {copied === 'key' ? COPIED_MESSAGE : 'Copy'}
          </Button>
        ) : (
          <Button variant="outlined" startIcon={<AutorenewRounded />} onClick={() => setConfirming(true)}>
            Generate new API key
          </Button>
        )}
      </Box>
      <Typography variant="caption" component="p" sx={{ mt: 0.75 }}>
        {apiKey.full
          ? 'Shown in full only now: keep it in your backend’s secrets. The snippets below use it.'
          : 'Only this prefix is kept. Generate a new key to see it in full and fill it into the snippets, or paste your own key into them.'}
      </Typography>
      <Dialog open={confirming} onClose={apiKey.generating ? undefined : () => setConfirming(false)} maxWidth="xs" fullWidth aria-labelledby="gs-generate-key-title">
        <DialogTitle id="gs-generate-key-title">Generate a new production API key?</DialogTitle>
        <DialogContent>
          <Typography variant="body2">The current production key stops working at once: calls made with it are refused (401) until your backend uses the new key.</Typography>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={() => setConfirming(false)} disabled={apiKey.generating}>
            Cancel
          </Button>
          <Button
            variant="contained"
            color="warning"
            disabled={apiKey.generating}
            startIcon={apiKey.generating ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={() => void apiKey.generate().then(() => setConfirming(false), () => undefined)}
          >
            Generate new API key
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
