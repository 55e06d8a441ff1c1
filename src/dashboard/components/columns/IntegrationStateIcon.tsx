import type { SvgIconComponent } from '@mui/icons-material';
import Block from '@mui/icons-material/Block';
import CheckCircle from '@mui/icons-material/CheckCircle';
import ErrorRounded from '@mui/icons-material/ErrorRounded';
import HelpOutline from '@mui/icons-material/HelpOutlineOutlined';
import HourglassTop from '@mui/icons-material/HourglassTop';
import MarkEmailReadOutlined from '@mui/icons-material/MarkEmailReadOutlined';
import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { IntegrationState } from '../../../shared/integrationStates.ts';
import { formatDate } from './format.ts';

type Tone = 'success.main' | 'error.main' | 'info.main' | 'warning.main' | 'text.disabled';

interface StateLook {
  icon: SvgIconComponent;
  color: Tone;
  tooltip: (record: Readonly<Record<string, unknown>>) => string;
}

// Part 2 §4: each integration state has its own icon and tooltip; Error shows its description,
// Deactivated its time.
const looks: Record<IntegrationState, StateLook> = {
  Success: { icon: CheckCircle, color: 'success.main', tooltip: () => 'Integration is working' },
  Error: {
    icon: ErrorRounded,
    color: 'error.main',
    tooltip: (r) => (typeof r.errorDescription === 'string' && r.errorDescription ? r.errorDescription : 'Integration failed'),
  },
  'Email sent': { icon: MarkEmailReadOutlined, color: 'info.main', tooltip: () => 'Auth e-mail sent to the end user' },
  'Under validation': { icon: HourglassTop, color: 'warning.main', tooltip: () => 'Credentials are being validated' },
  Deactivated: {
    icon: Block,
    color: 'text.disabled',
    tooltip: (r) => (r.deactivatedAt ? `Deactivated on ${formatDate(r.deactivatedAt, 's')}` : 'Deactivated'),
  },
  Expired: {
    icon: TimerOffOutlined,
    color: 'text.disabled',
    tooltip: (r) => (r.expiredAt ? `Expired on ${formatDate(r.expiredAt, 's')}` : 'Expired'),
  },
};

export function IntegrationStateIcon({ value, record }: { value: unknown; record: Readonly<Record<string, unknown>> }) {
  const state = typeof value === 'string' ? value : '';
  const look = looks[state as IntegrationState] ?? { icon: HelpOutline, color: 'text.disabled' as const, tooltip: () => 'Unknown state' };
  const Icon = look.icon;
  return (
    <Tooltip title={look.tooltip(record)}>
      <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }} aria-label={state || 'Unknown'}>
        <Icon sx={{ fontSize: 18, color: look.color }} />
        <span>{state || 'Unknown'}</span>
      </Box>
    </Tooltip>
  );
}
