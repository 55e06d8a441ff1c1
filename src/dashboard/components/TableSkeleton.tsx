import Box from '@mui/material/Box';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';

// What a list screen shows until its first page is in: the table's shape (its header and a page of
// rows) in placeholders, at once, instead of a spinner. The page keeps its layout when the rows
// arrive, and a screen reader hears one "Loading" instead of a spinner's silence.

export interface TableSkeletonProps {
  /** Column headers, when known (the generated columns); placeholders otherwise. */
  columns?: readonly string[];
  /** Rows of placeholders: the list's page size. */
  rows?: number;
}

const PLACEHOLDER_COLUMNS = 5;

/** A table of placeholder rows in the shape of the list's table. */
export function TableSkeleton({ columns, rows = 10 }: TableSkeletonProps) {
  const count = columns?.length || PLACEHOLDER_COLUMNS;
  const grid = { display: 'grid', gridTemplateColumns: `repeat(${count}, minmax(96px, 1fr))`, columnGap: 2, alignItems: 'center', px: 2 } as const;
  return (
    <Box role="progressbar" aria-label="Loading" aria-busy="true" sx={{ overflowX: 'hidden' }}>
      <Box sx={{ ...grid, py: 1.5, bgcolor: 'background.default', borderBottom: 1, borderColor: 'divider' }}>
        {Array.from({ length: count }, (_, column) =>
          columns?.[column] ? (
            <Typography key={column} noWrap sx={{ color: 'text.secondary', fontWeight: 600, fontSize: '0.75rem', textTransform: 'uppercase', letterSpacing: '0.04em' }}>
              {columns[column]}
            </Typography>
          ) : (
            <Skeleton key={column} variant="text" width="60%" />
          ),
        )}
      </Box>
      {Array.from({ length: rows }, (_, row) => (
        <Box key={row} sx={{ ...grid, py: 1.5, borderBottom: 1, borderColor: 'divider' }}>
          {Array.from({ length: count }, (_, column) => (
            <Skeleton key={column} variant="text" width={`${60 + ((row + column) % 4) * 10}%`} />
          ))}
        </Box>
      ))}
    </Box>
  );
}

/** A list screen before its code or the user's role is in: its title and its table's shape. */
export function ListScreenSkeleton({ title, columns, rows }: TableSkeletonProps & { title?: string | undefined }) {
  return (
    <Box>
      <Box sx={{ mb: 3, minHeight: 40, display: 'flex', alignItems: 'center' }}>
        {title ? (
          <Typography variant="h3" component="h1">
            {title}
          </Typography>
        ) : (
          <Skeleton variant="text" width={220} sx={{ fontSize: '1.5rem' }} />
        )}
      </Box>
      <Box sx={{ bgcolor: 'background.paper', border: 1, borderColor: 'divider', borderRadius: 1.5, overflow: 'hidden' }}>
        <TableSkeleton columns={columns} rows={rows} />
      </Box>
    </Box>
  );
}
