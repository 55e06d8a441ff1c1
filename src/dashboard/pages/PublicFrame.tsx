import Box from '@mui/material/Box';
import type { ReactNode } from 'react';
import { Logo } from '../components/Logo.tsx';

/** Public pages outside the shell: the logo top-left on a plain surface. */
export function PublicFrame({ children }: { children: ReactNode }) {
  return (
    <Box sx={{ minHeight: '100vh', bgcolor: 'background.default', display: 'flex', flexDirection: 'column' }}>
      <Box component="header" sx={{ px: { xs: 2.5, md: 4 }, py: 2.5 }}>
        <Logo />
      </Box>
      <Box component="main" sx={{ flex: 1 }}>
        {children}
      </Box>
    </Box>
  );
}
