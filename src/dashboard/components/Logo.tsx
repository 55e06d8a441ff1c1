import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { accent, logoMark } from '../theme/tokens.ts';

/** The product mark (theme/tokens.ts; the page's first paint draws it too). */
export function LogoMark({ size = 32 }: { size?: number }) {
  return (
    <Box
      component="svg"
      viewBox="0 0 32 32"
      role="img"
      aria-label="Knit"
      sx={{ width: size, height: size, flexShrink: 0, display: 'block' }}
    >
      <rect width="32" height="32" rx={logoMark.cornerRadius} fill={accent} />
      <path d={logoMark.links} stroke="#fff" strokeWidth={logoMark.linkWidth} strokeLinecap="round" />
      {logoMark.nodes.map(([cx, cy]) => (
        <circle key={`${cx},${cy}`} cx={cx} cy={cy} r={logoMark.nodeRadius} fill={logoMark.nodeFill} />
      ))}
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
