import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';

interface CenteredMessageProps {
  /** Big headline (e.g. '404'). */
  title: string;
  /** The sentence under it, word for word from the spec where it has one. */
  text: ReactNode;
  icon?: ReactNode;
  actions?: ReactNode;
  /** A large accent headline (the 404 number) instead of a page title. */
  display?: boolean;
  /** Fill the viewport (public pages) or the content area (inside the shell). */
  fullPage?: boolean;
  children?: ReactNode;
}

/** The layout of the 404, error and not-built-yet pages: a calm centred card of text and actions. */
export function CenteredMessage({ title, text, icon, actions, display = false, fullPage = false, children }: CenteredMessageProps) {
  return (
    <Box
      sx={{
        minHeight: fullPage ? '100vh' : 'calc(100vh - 160px)',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        px: 3,
        py: 6,
      }}
    >
      <Stack spacing={2.5} sx={{ alignItems: 'center', textAlign: 'center', maxWidth: 520 }}>
        {icon}
        <Typography
          variant="h1"
          component="h1"
          sx={display ? { fontSize: { xs: '4.5rem', md: '6rem' }, lineHeight: 1, letterSpacing: '-0.04em', color: 'primary.main' } : undefined}
        >
          {title}
        </Typography>
        <Typography variant="body1" sx={{ color: 'text.secondary' }}>
          {text}
        </Typography>
        {children}
        {actions && <Stack direction="row" spacing={1.5} sx={{ pt: 1 }}>{actions}</Stack>}
      </Stack>
    </Box>
  );
}
