import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

export interface DetailField {
  label: string;
  value: ReactNode;
  /** Spans two grid cells (long values: URLs, ids). */
  wide?: boolean;
}

/**
 * The header of a detail screen: label/value pairs in a responsive grid (one column on a phone,
 * up to four on a desktop). While `loading`, values are skeletons of the same size, so the table
 * below does not jump when they arrive.
 */
export function DetailFields({ fields, loading = false, label }: { fields: readonly DetailField[]; loading?: boolean; label: string }) {
  return (
    <Box
      component="dl"
      aria-label={label}
      sx={{
        m: 0,
        px: 2,
        py: 2,
        display: 'grid',
        gap: 2,
        gridTemplateColumns: { xs: 'minmax(0, 1fr)', sm: 'repeat(2, minmax(0, 1fr))', lg: 'repeat(4, minmax(0, 1fr))' },
        borderBottom: 1,
        borderColor: 'divider',
      }}
    >
      {fields.map((field) => (
        <Box key={field.label} sx={{ minWidth: 0, gridColumn: field.wide ? { sm: 'span 2' } : undefined }}>
          <Typography component="dt" variant="caption" sx={{ color: 'text.secondary', display: 'block', mb: 0.25 }}>
            {field.label}
          </Typography>
          <Typography component="dd" variant="body2" sx={{ m: 0, fontWeight: 500, overflowWrap: 'anywhere' }}>
            {loading ? <Skeleton width="70%" /> : field.value}
          </Typography>
        </Box>
      ))}
    </Box>
  );
}
