import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';

/** The quiet spinner shown while a lazy screen or the user's permissions load. */
export function PageLoader({ fullPage = false }: { fullPage?: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'center', minHeight: fullPage ? '100vh' : 240 }} role="progressbar" aria-label="Loading">
      <CircularProgress size={28} />
    </Box>
  );
}
