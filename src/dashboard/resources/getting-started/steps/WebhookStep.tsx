import CheckRounded from '@mui/icons-material/CheckRounded';
import EditRounded from '@mui/icons-material/EditRounded';
import WebhookRounded from '@mui/icons-material/WebhookRounded';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import { monoFontFamily } from '../../../theme/theme.ts';
import { StepActions, StepHeader } from '../StepHeader.tsx';
import type { StepViewProps } from './stepProps.ts';

const REQUIREMENTS = [
  'Accepts POST and answers 200.',
  'Reachable from the internet: tunnel services are not supported.',
  'Verifies each request’s signature with your webhook signing secret (API Keys & Webhooks).',
];

/**
 * Register webhook URL (spec part 1 §2, §4): Next enables the category first when needed, then
 * opens the webhook dialog (test the URL live, test every event, save); saving completes the step.
 * A URL saved before (on the API Keys page, or before a restart of the journey) completes it on Next.
 */
export function WebhookStep({ category, step, eyebrow, busy, pending, send }: StepViewProps) {
  const { webhook, categoryEnabled } = step.stepInitialData;
  const label = step.stepStatus || webhook ? 'Next' : 'Register webhook URL';
  return (
    <Box>
      <StepHeader
        eyebrow={eyebrow}
        title={step.label}
        done={step.stepStatus}
        description={`The engine sends ${category.label} data as signed webhook events: new, changed and deleted records of your customers’ accounts. Register the URL that receives them.`}
      />
      {!categoryEnabled && (
        <Alert severity="info" variant="outlined" sx={{ mb: 2.5 }}>
          {`${label} enables ${category.label} for your organisation first, so its webhook can be saved.`}
        </Alert>
      )}
      <Paper variant="outlined" sx={{ p: 2.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
          <WebhookRounded color="primary" />
          <Box sx={{ flex: 1, minWidth: 220 }}>
            <Typography variant="subtitle2" component="h3">
              {`${category.label} webhook URL`}
            </Typography>
            {webhook ? (
              <Typography data-testid="saved-webhook-url" sx={{ fontFamily: monoFontFamily, fontSize: '0.875rem', wordBreak: 'break-all' }}>
                {webhook}
              </Typography>
            ) : (
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                No URL registered yet.
              </Typography>
            )}
          </Box>
          {webhook && categoryEnabled && (
            <Button variant="outlined" startIcon={<EditRounded />} onClick={() => send({ type: 'webhook.edit' })} disabled={busy}>
              Edit
            </Button>
          )}
        </Box>
        <Box component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mt: 1.5 }}>
          {REQUIREMENTS.map((text) => (
            <Box component="li" key={text} sx={{ display: 'flex', gap: 1, alignItems: 'center', py: 0.25 }}>
              <CheckRounded fontSize="small" sx={{ color: 'text.secondary' }} />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {text}
              </Typography>
            </Box>
          ))}
        </Box>
        <Typography variant="caption" component="p" sx={{ mt: 1 }}>
          Webhooks of every enabled category are also on{' '}
          <Link component={RouterLink} to="/dashboard/api-keys">
            API Keys & Webhooks
          </Link>
          .
        </Typography>
      </Paper>
      <StepActions>
        <Button
          variant="contained"
          size="large"
          disabled={busy}
          onClick={() => send({ type: 'webhook.next' })}
          startIcon={pending === 'webhook' ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {label}
        </Button>
      </StepActions>
    </Box>
  );
}
