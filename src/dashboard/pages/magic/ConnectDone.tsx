import CheckCircleRounded from '@mui/icons-material/CheckCircleRounded';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useConnectTexts } from './connectTexts.ts';

interface ConnectDoneProps {
  appLabel: string;
  originOrgName: string;
  companyName: string;
  integrationId: string;
  reintegrate: boolean;
}

/** The end of the flow: what was connected, for whom, and the integration id to quote to support. */
export function ConnectDone({ appLabel, originOrgName, companyName, integrationId, reintegrate }: ConnectDoneProps) {
  const t = useConnectTexts();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 4 }} data-testid="connect-done">
      <CheckCircleRounded sx={{ fontSize: 56, color: 'success.main' }} />
      <Typography variant="h2" component="h1" sx={{ fontSize: '1.625rem' }}>
        {reintegrate ? t.reconnectedTitle(appLabel) : t.connectedTitle(appLabel)}
      </Typography>
      <Typography sx={{ color: 'text.secondary', maxWidth: 460 }}>
        {t.doneText(companyName || t.theApp, originOrgName, appLabel)}
      </Typography>
      <Box sx={{ px: 2, py: 1, borderRadius: 2, bgcolor: 'background.default', border: 1, borderColor: 'divider' }}>
        <Typography variant="caption" sx={{ color: 'text.secondary', display: 'block' }}>{t.integrationId}</Typography>
        <Typography sx={{ fontFamily: 'monospace' }} data-testid="connect-integration-id">{integrationId}</Typography>
      </Box>
    </Stack>
  );
}
