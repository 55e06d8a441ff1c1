import ArrowForward from '@mui/icons-material/ArrowForward';
import Box from '@mui/material/Box';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { Link as RouterLink } from 'react-router';
import { formatNumber } from '../../components/columns/format.ts';

interface StatCardProps {
  title: string;
  /** Undefined while loading: a skeleton stands in. */
  value: number | undefined;
  /** The period the number covers ('All time', 'Last 30 days'). */
  caption: string;
  icon: ReactNode;
  /** A link to the screen behind the number. */
  to?: string;
  linkLabel?: string;
  /** Extra content under the number (the pie chart). */
  children?: ReactNode;
  testId?: string;
}

/** One home card: an icon, a title, a big number with its period, and a link to its screen. */
export function StatCard({ title, value, caption, icon, to, linkLabel, children, testId }: StatCardProps) {
  return (
    <Card variant="outlined" sx={{ height: '100%', display: 'flex', flexDirection: 'column' }} data-testid={testId} component="section" aria-label={title}>
      <CardContent sx={{ flex: 1, display: 'flex', flexDirection: 'column', gap: 1.5, p: 2.5, '&:last-child': { pb: 2.5 } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.25 }}>
          <Box sx={{ width: 34, height: 34, borderRadius: 2, display: 'grid', placeItems: 'center', color: 'primary.main', backgroundColor: (t) => `${t.palette.primary.main}14` }}>
            {icon}
          </Box>
          <Typography variant="subtitle1" component="h2" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
        </Box>
        <Box>
          {value === undefined ? (
            <Skeleton variant="text" width={110} sx={{ fontSize: '2rem' }} data-testid="stat-loading" />
          ) : (
            <Typography sx={{ fontSize: '2rem', fontWeight: 700, lineHeight: 1.2, fontVariantNumeric: 'tabular-nums' }} data-testid="stat-value">
              {formatNumber(value)}
            </Typography>
          )}
          <Typography variant="caption">{caption}</Typography>
        </Box>
        {children}
        {to && (
          <Box sx={{ mt: 'auto', pt: 0.5 }}>
            <Link component={RouterLink} to={to} underline="hover" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5, fontSize: '0.875rem', fontWeight: 600 }}>
              {linkLabel ?? 'View'}
              <ArrowForward sx={{ fontSize: 16 }} />
            </Link>
          </Box>
        )}
      </CardContent>
    </Card>
  );
}
