import ScheduleRounded from '@mui/icons-material/ScheduleRounded';
import TimerOffOutlined from '@mui/icons-material/TimerOffOutlined';
import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import type { ColumnDefinition } from '../../../generated/resources/types.ts';
import { ColumnCell, type Row } from '../../components/columns/ColumnCell.tsx';
import { formatDate } from '../../components/columns/format.ts';

/** What the expiry icon of a test account says (part 2 §4): when it expires, or that it has expired. */
export function expiryHint(row: Row, nowSeconds = Date.now() / 1000): { expired: boolean; text: string } | undefined {
  if (row.testAccount !== 'true' && row.testAccount !== true) return undefined;
  const expiredAt = typeof row.expiredAt === 'number' ? row.expiredAt : undefined;
  const expiresAt = typeof row.expiresAt === 'number' ? row.expiresAt : undefined;
  if (expiredAt !== undefined) return { expired: true, text: `Expired on ${formatDate(expiredAt, 's')}` };
  if (row.integrationState === 'Expired') return { expired: true, text: 'Expired' };
  if (expiresAt !== undefined) {
    return expiresAt <= nowSeconds ? { expired: true, text: `Expired on ${formatDate(expiresAt, 's')}` } : { expired: false, text: `Expires on ${formatDate(expiresAt, 's')}` };
  }
  return undefined;
}

/** The generated Test Account cell with the expiry icon of a test account beside it. */
export function TestAccountCell({ column, record }: { column: ColumnDefinition; record: Row }) {
  const hint = expiryHint(record);
  return (
    <Box sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.75 }}>
      <ColumnCell column={column} record={record} />
      {hint && (
        <Tooltip title={hint.text}>
          <Box component="span" role="img" aria-label={hint.text} sx={{ display: 'inline-flex', color: hint.expired ? 'error.main' : 'warning.main' }} data-testid="expiry-icon">
            {hint.expired ? <TimerOffOutlined sx={{ fontSize: 18 }} /> : <ScheduleRounded sx={{ fontSize: 18 }} />}
          </Box>
        </Tooltip>
      )}
    </Box>
  );
}
