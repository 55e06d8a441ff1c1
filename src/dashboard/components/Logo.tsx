import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';

/** The product mark: two linked nodes (an integration) in the accent colour. */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      role="img"
      aria-label="Knit"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx="8" fill="#4F46E5" />
      <path d="M11 10.5v11M21 10.5v11M11 16h10" stroke="#fff" strokeWidth="2.6" strokeLinecap="round" />
      <circle cx="11" cy="10.5" r="2.4" fill="#C7D2FE" />
      <circle cx="21" cy="21.5" r="2.4" fill="#C7D2FE" />
    </Box>
  );
}

/** Mark and word mark; the word is hidden when the sidebar is collapsed. */
export function Logo({ showName = true, size = 32 }: { showName?: boolean; size?: number }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25, minWidth: 0 }}>
      <LogoMark size={size} />
      {showName && (
        <Typography component="span" sx={{ fontWeight: 700, fontSize: '1.0625rem', letterSpacing: '-0.01em', color: 'text.primary' }}>
          Knit
          <Box component="span" sx={{ color: 'text.secondary', fontWeight: 500, ml: 0.75 }}>
            Dashboard
          </Box>
        </Typography>
      )}
    </Box>
  );
}
