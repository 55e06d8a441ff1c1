import HomeOutlined from '@mui/icons-material/HomeOutlined';
import MuiBreadcrumbs from '@mui/material/Breadcrumbs';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { Link as RouterLink, useLocation } from 'react-router';
import { DASHBOARD_HOME, matchDashboardRoute, normalizePath } from '../app/navigation.ts';

interface Crumb {
  path: string;
  label: string;
  /** A parameter's value (an id), not a screen's title. */
  isParameter: boolean;
}

/**
 * The trail of a /dashboard path: every prefix that is a screen of its own, labelled by the route
 * table (a parameter segment shows its value, e.g. a job id). Home is the icon, not a crumb.
 */
export function crumbsFor(path: string): Crumb[] {
  const bare = normalizePath(path);
  if (!bare.startsWith('/dashboard/')) return [];
  const segments = bare.slice('/dashboard/'.length).split('/');
  const crumbs: Crumb[] = [];
  for (let i = 1; i <= segments.length; i++) {
    const prefix = `/dashboard/${segments.slice(0, i).join('/')}`;
    const route = matchDashboardRoute(prefix);
    if (!route || prefix === DASHBOARD_HOME) continue;
    const last = route.pattern.split('/').at(-1) ?? '';
    const isParameter = last.startsWith(':');
    crumbs.push({ path: prefix, label: isParameter ? decodeURIComponent(segments[i - 1] ?? '') : route.title, isParameter });
  }
  return crumbs;
}

export function Breadcrumbs() {
  const { pathname } = useLocation();
  const crumbs = crumbsFor(pathname);
  return (
    // On a phone a deep trail is wider than the header: crumbs shrink and end in an ellipsis inside
    // their own item (an item that only shrank would let its text run over the next one), while
    // the home icon and the separators keep their width. Screen titles ('Syncs') stay whole; ids
    // share what is left, each keeping its first letters.
    <MuiBreadcrumbs
      aria-label="Breadcrumbs"
      sx={{
        minWidth: 0,
        '& ol': { flexWrap: 'nowrap' },
        '& li': { minWidth: 0, overflow: 'hidden' },
        '& li:first-of-type, & li.MuiBreadcrumbs-separator, & li:has(> [data-crumb="title"])': { flexShrink: 0 },
        '& li:has(> [data-crumb$="-id"])': { minWidth: '3.5em' },
      }}
    >
      <Link component={RouterLink} to={DASHBOARD_HOME} aria-label="Home" sx={{ display: 'flex', color: 'text.secondary' }}>
        <HomeOutlined fontSize="small" />
      </Link>
      {crumbs.map((crumb, index) =>
        index === crumbs.length - 1 ? (
          <Typography key={crumb.path} data-crumb={crumb.isParameter ? 'current-id' : 'title'} variant="body2" noWrap sx={{ display: 'block', color: 'text.primary', fontWeight: 600 }} aria-current="page">
            {crumb.label}
          </Typography>
        ) : (
          <Link key={crumb.path} data-crumb={crumb.isParameter ? 'parent-id' : 'title'} component={RouterLink} to={crumb.path} underline="hover" variant="body2" noWrap sx={{ display: 'block', color: 'text.secondary' }}>
            {crumb.label}
          </Link>
        ),
      )}
    </MuiBreadcrumbs>
  );
}
