import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { CompletionResult, OnboardingFlow } from '../../machines/onboarding/index.ts';

const ACCOUNT_TYPE_LABELS = { test: 'Test', production: 'Production' } as const;

/**
 * 'Onboarding completed successfully !' (spec part 1 §2): the category is onboarded, and future
 * integrated accounts default to Test or Production (the organisation's defaultIntegrationType).
 */
export function CompletionDialog({ completion, flow, onClose }: { completion: CompletionResult | null; flow: OnboardingFlow; onClose: () => void }) {
  return (
    <Dialog open={completion !== null} onClose={onClose} maxWidth="xs" fullWidth aria-labelledby="completion-title" aria-describedby="completion-text">
      {completion && (
        <>
          <Box sx={{ display: 'flex', justifyContent: 'center', pt: 3 }}>
            <CheckCircleRounded color="success" sx={{ fontSize: 56 }} />
          </Box>
          <DialogTitle id="completion-title" sx={{ textAlign: 'center', pb: 1 }}>
            {completion.message}
          </DialogTitle>
          <DialogContent sx={{ textAlign: 'center' }}>
            <Typography id="completion-text" variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
              {`${completion.category.label} is set up. Your customers can connect their ${completion.category.label} apps now.`}
            </Typography>
            <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', gap: 1, flexWrap: 'wrap' }}>
              <Typography variant="body2" component="span">
                Future integrated accounts default to
              </Typography>
              <Chip data-testid="default-account-type" color={completion.defaultIntegrationType === 'production' ? 'primary' : 'warning'} label={ACCOUNT_TYPE_LABELS[completion.defaultIntegrationType]} />
            </Box>
            <Typography variant="caption" component="p" sx={{ mt: 1.5 }}>
              Change it under{' '}
              <Link component={RouterLink} to="/dashboard/personalize" onClick={onClose}>
                Personalize › Integrated Accounts Settings
              </Link>
              .
            </Typography>
          </DialogContent>
          <DialogActions sx={{ px: 3, pb: 2.5, justifyContent: 'center', gap: 1 }}>
            <Button variant="outlined" onClick={onClose}>
              Close
            </Button>
            {flow === 'webapp' ? (
              <Button variant="contained" component={RouterLink} to="/dashboard/syncs" onClick={onClose}>
                View Syncs
              </Button>
            ) : (
              <Button variant="contained" component={RouterLink} to="/dashboard/accounts" onClick={onClose}>
                View Integrated Accounts
              </Button>
            )}
          </DialogActions>
        </>
      )}
    </Dialog>
  );
}
