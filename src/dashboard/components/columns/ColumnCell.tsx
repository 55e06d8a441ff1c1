import Avatar from '@mui/material/Avatar';
import AvatarGroup from '@mui/material/AvatarGroup';
import Box from '@mui/material/Box';
import Chip from '@mui/material/Chip';
import Link from '@mui/material/Link';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { Link as RouterLink } from 'react-router';
import type { ColumnDefinition } from '../../../generated/resources/types.ts';
import { APP_ICON_OVERFLOW } from '../../../shared/constants.ts';
import { IntegrationStateIcon } from './IntegrationStateIcon.tsx';
import {
  EMPTY_VALUE,
  fillRoute,
  formatDate,
  formatMoney,
  formatNumber,
  formatText,
  parseBoolean,
  roleLabel,
  splitOverflow,
  statusTone,
  syncFrequencyHint,
  syncFrequencyLabel,
  syncStatusLabel,
  syncTypeLabel,
  toAppRef,
  upcomingSyncLabel,
  type AppRef,
} from './format.ts';

export type Row = Readonly<Record<string, unknown>>;

const initials = (label: string) => label.replace(/[^A-Za-z0-9]/g, '').slice(0, 2).toUpperCase() || '?';

function AppAvatar({ app, size = 24 }: { app: AppRef; size?: number }) {
  return (
    <Avatar
      src={app.logo}
      alt={app.label}
      variant="rounded"
      sx={{ width: size, height: size, fontSize: size * 0.42, fontWeight: 700, bgcolor: 'primary.main', color: 'primary.contrastText' }}
    >
      {initials(app.label)}
    </Avatar>
  );
}

function AppIcons({ value, overflow }: { value: unknown; overflow: number }) {
  const apps = (Array.isArray(value) ? value : []).map(toAppRef).filter((app): app is AppRef => app !== undefined);
  if (apps.length === 0) return <>{EMPTY_VALUE}</>;
  const { shown, hidden } = splitOverflow(apps, overflow);
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 0.75 }}>
      <AvatarGroup sx={{ '& .MuiAvatar-root': { width: 24, height: 24, borderWidth: 1 } }}>
        {shown.map((app) => (
          <Tooltip key={app.id} title={app.label}>
            <span>
              <AppAvatar app={app} />
            </span>
          </Tooltip>
        ))}
      </AvatarGroup>
      {hidden > 0 && (
        <Tooltip title={apps.slice(overflow).map((app) => app.label).join(', ')}>
          <Chip size="small" label={`+${hidden}`} />
        </Tooltip>
      )}
    </Box>
  );
}

function StatusCode({ value, message }: { value: unknown; message: unknown }) {
  const tone = statusTone(value);
  if (tone === 'unknown') return <>{EMPTY_VALUE}</>;
  const chip = <Chip size="small" color={tone} variant="outlined" label={String(value)} sx={{ fontFamily: 'monospace' }} />;
  return typeof message === 'string' && message ? <Tooltip title={message}>{chip}</Tooltip> : chip;
}

function BooleanValue({ value }: { value: unknown }) {
  const parsed = parseBoolean(value);
  if (parsed === undefined) return <>{EMPTY_VALUE}</>;
  return <Chip size="small" variant="outlined" color={parsed ? 'primary' : 'default'} label={parsed ? 'Yes' : 'No'} />;
}

function SyncStatus({ value, recordsRead }: { value: unknown; recordsRead: unknown }) {
  const label = syncStatusLabel(value, recordsRead);
  const color = value === 'completed' ? 'success' : value === 'failed' ? 'error' : value === 'running' ? 'info' : 'default';
  return label === EMPTY_VALUE ? <>{label}</> : <Chip size="small" variant="outlined" color={color} label={label} />;
}

/** One table cell of a generated column, chosen by the column's kind; unknown kinds show text. */
export function ColumnCell({ column, record }: { column: ColumnDefinition; record: Row }) {
  const value = column.source ? record[column.source] : undefined;
  switch (column.kind) {
    case 'date':
      return <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{formatDate(value, column.timestampUnit)}</Box>;
    case 'upcomingSync':
      return <Box component="span" sx={{ whiteSpace: 'nowrap' }}>{upcomingSyncLabel(record, column.timestampUnit)}</Box>;
    case 'integrationState':
      return <IntegrationStateIcon record={record} value={value} />;
    case 'statusCode':
      return <StatusCode value={value} message={record.statusMessage} />;
    case 'appIcons':
      return <AppIcons value={value} overflow={column.overflow ?? APP_ICON_OVERFLOW.table} />;
    case 'app': {
      const label = typeof record.appLabel === 'string' ? record.appLabel : formatText(value);
      if (label === EMPTY_VALUE) return <>{label}</>;
      const logo = typeof record.appLogo === 'string' ? record.appLogo : undefined;
      return (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <AppAvatar app={{ id: String(value ?? label), label, ...(logo ? { logo } : {}) }} size={22} />
          <span>{label}</span>
        </Box>
      );
    }
    case 'syncStatus':
      return <SyncStatus value={value} recordsRead={record.eventsProcessed} />;
    case 'syncType':
      return <>{syncTypeLabel(value)}</>;
    case 'syncFrequency': {
      const label = syncFrequencyLabel(record);
      const hint = syncFrequencyHint(record.syncFrequency);
      return hint ? <Tooltip title={hint}><span>{label}</span></Tooltip> : <>{label}</>;
    }
    case 'boolean':
      return <BooleanValue value={value} />;
    case 'link': {
      const to = column.link ? fillRoute(column.link, record) : undefined;
      const text = formatText(value);
      return to ? (
        <Link component={RouterLink} to={to} underline="hover" onClick={(event) => event.stopPropagation()}>
          {text}
        </Link>
      ) : (
        <>{text}</>
      );
    }
    case 'number':
      return <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums' }}>{formatNumber(value)}</Box>;
    case 'money':
      return <>{formatMoney(value, record.currency_code)}</>;
    case 'role':
      return typeof value === 'string' ? <Chip size="small" label={roleLabel(value)} /> : <>{EMPTY_VALUE}</>;
    case 'email':
      return <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>{formatText(value)}</Typography>;
    default:
      // An enum field shows its contract label (x-enum-labels); a value the labels lack shows as it is.
      return <>{typeof value === 'string' && column.labels?.[value] !== undefined ? column.labels[value] : formatText(value)}</>;
  }
}
