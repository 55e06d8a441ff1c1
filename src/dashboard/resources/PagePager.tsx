import ChevronLeft from '@mui/icons-material/ChevronLeft';
import ChevronRight from '@mui/icons-material/ChevronRight';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { useListContext } from 'react-admin';

/**
 * Paging of a server-paged list without a row total (cursor, or page numbers with hasMoreRecords):
 * 'Page N · rows a–b' and previous / next. react-admin's own label guesses a total from the page
 * size ('1-10 of 10' for a last page of one row); this one only says what it knows.
 */
export function PagePager() {
  const { page, perPage, setPage, hasNextPage, hasPreviousPage, data, isPending, isFetching, error } = useListContext();
  if (error || isPending) return null;
  const rows = data?.length ?? 0;
  if (page === 1 && !hasNextPage && rows === 0) return null;
  const first = (page - 1) * perPage + 1;
  return (
    <Box component="nav" aria-label="Pagination" sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', gap: 1, px: 1, py: 1 }}>
      <Typography variant="body2" sx={{ color: 'text.secondary', mr: 1 }} aria-live="polite">
        Page <Box component="span" sx={{ color: 'text.primary', fontWeight: 600 }} data-testid="page-number">{page}</Box>
        {rows > 0 ? ` · rows ${first}–${first + rows - 1}` : ''}
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
