import type { SessionState } from '../session/types.ts';
import {
  AdminAuthorizePage, DashboardApp, MagicAuthorizePage, NotBuiltYetPage, NotFoundPage, OAuthAuthorizePage, OAuthCallbackPage, SignUpPage,
} from './App.tsx';
import { SIGNUP_PATH } from './paths.ts';
import { screenForPath, screensListingTheirPath } from './screens.ts';

/** The page's location as the browser opened it. */
export interface RouteLocation {
  pathname: string;
  search: string;
}

/**
 * A turn of the browser's event loop. Starting a chunk's fetch adds a preload element for each of
 * its imports (about 40 for the shell and as many for a list screen): done in the task that also
 * evaluated the entry chunk, the three made one task long enough to hold up the page's input
 * (Lighthouse's total blocking time); a task apiece costs a millisecond of start.
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

const isDashboardPath = (pathname: string) => pathname === '/dashboard' || pathname.startsWith('/dashboard/');

const NOT_BUILT_PATHS = new Set(['/fcm']);

/** The end customer's public pages, each a chunk of its own. */
const CONNECT_PAGES = new Map([
  ['/magic/authorize', MagicAuthorizePage],
  ['/admin/authorize', AdminAuthorizePage],
  ['/oauth/authorize', OAuthAuthorizePage],
  ['/oauth', OAuthCallbackPage],
]);

/**
 * Starts everything the page at `location` needs first, together, before React renders: the
 * page's chunk; for a dashboard path also the shell, the route's screen, and, once the session is
 * read, the user's details (dashboardData.ts) and the screen's first list call (listPreload.ts).
 * Resolves when the modules are in, so the first render shows the page itself, never a loading
 * fallback.
 * Without a stored session a dashboard path goes to sign-up, so only that page is fetched.
 */
export function preloadRoute(location: RouteLocation, session: Promise<SessionState | null>, hasStoredSession: boolean): Promise<unknown> {
  const { pathname } = location;
  if (isDashboardPath(pathname)) {
    if (!hasStoredSession) return SignUpPage.preload();
    const screen = screenForPath(pathname);
    // Requested first: the calls start as soon as these small chunks and the session are in.
    const data = import('./dashboardData.ts').then((module) => module.startShellData(session));
    const listing = screen === undefined || screensListingTheirPath.has(screen.pattern);
    const list = listing ? import('./listPreload.ts').then((module) => module.preloadFirstList(location, session, screen?.pattern)) : undefined;
    const shell = nextTask().then(() => DashboardApp.preload());
    const screenModule = screen && nextTask().then(nextTask).then(() => screen.screen.preload());
    return Promise.all([data, list, shell, screenModule]);
  }
  if (pathname === '/' || pathname === SIGNUP_PATH) return SignUpPage.preload();
  const connectPage = CONNECT_PAGES.get(pathname);
  if (connectPage) return connectPage.preload();
  if (NOT_BUILT_PATHS.has(pathname)) return NotBuiltYetPage.preload();
  // Any other path shows the 404 page (NOT_FOUND_PATH itself, or a redirect to it).
  return NotFoundPage.preload();
}
