import Box from '@mui/material/Box';
import Tooltip from '@mui/material/Tooltip';
import { EMPTY_VALUE } from './columns/format.ts';
import { monoFontFamily } from '../theme/theme.ts';

/**
 * A long value (URL, path, error JSON in monospace; a message in text) cut to one line of `width` px in a table cell, the
 * full text in a tooltip, so a table row stays one line high.
 */
export function LongText({ value, width = 320, mono = true }: { value: unknown; width?: number; mono?: boolean }) {
  if (typeof value !== 'string' || value === '') return <>{EMPTY_VALUE}</>;
  return (
    <Tooltip title={value} placement="bottom-start">
      <Box
        component="span"
        sx={{ display: 'block', maxWidth: width, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', ...(mono ? { fontFamily: monoFontFamily, fontSize: '0.8125rem' } : {}) }}
      >
        {value}
      </Box>
    </Tooltip>
  );
}
