import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useListContext } from 'react-admin';

interface PageRange {
  from: number;
  to: number;
  /** The row total, or -1 while more pages follow and the server gives no total. */
  count: number;
}

/**
 * The rows a page shows, by MUI TablePagination's convention ('0–0 of 0', '1–1 of 1',
 * '11–20 of more than 20'), counted from the rows that arrived rather than from the page size.
 * Without a total from the server the last page still knows it: the rows before it plus its own.
 */
export function pageRange({ page, perPage, rows, total, hasNextPage }: { page: number; perPage: number; rows: number; total?: number | undefined; hasNextPage?: boolean | undefined }): PageRange {
  const before = (Math.max(page, 1) - 1) * perPage;
  const count = total ?? (hasNextPage ? -1 : before + rows);
  // An empty page (an empty list, or a page past the end) shows no rows: '0–0 of N'.
  if (rows === 0) return { from: 0, to: 0, count };
  return { from: before + 1, to: before + rows, count };
}

export const pageRangeLabel = ({ from, to, count }: PageRange): string => `${from}–${to} of ${count === -1 ? `more than ${to}` : count}`;

/**
 * Paging of a server-paged list (cursor, or page numbers with hasMoreRecords): 'Page N', the rows
 * shown ('1–1 of 1'), and previous / next. react-admin's Pagination guesses a total from the page
 * size when the server sends none, so an empty or one-row list read '1-10 of 10'; this one counts
 * the rows that arrived.
 */
export function PagePager() {
  const { page, perPage, setPage, total, hasNextPage, hasPreviousPage, data, isPending, isFetching, error } = useListContext();
  if (error || isPending) return null;
  const range = pageRange({ page, perPage, rows: data?.length ?? 0, total, hasNextPage });
  return (
    <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 1, py: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mr: 1 }} aria-live="polite">
        Page <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }} data-testid="page-number">{page}</Box>
        {' · '}
        <span data-testid="page-range">{pageRangeLabel(range)}</span>
      </Typography>
      <IconButton aria-label="Previous page" size="small" disabled={!hasPreviousPage || page <= 1 || isFetching} onClick={() => setPage(page - 1)}>
        <ChevronLeft />
      </IconButton>
      <IconButton aria-label="Next page" size="small" disabled={!hasNextPage || isFetching} onClick={() => setPage(page + 1)}>
        <ChevronRight />
      </IconButton>
    </Box>
  );
}
