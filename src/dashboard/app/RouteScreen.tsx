import { Navigate, useLocation, useParams } from 'react-router';
import { PageLoader } from '../components/PageLoader.tsx';
import { ErrorFallback } from '../pages/ErrorFallback.tsx';
import { NotBuiltYetPage } from '../pages/NotBuiltYetPage.tsx';
import { GeneratedList } from '../resources/GeneratedList.tsx';
import { resourceForPath } from '../resources/registry.ts';
import { canAccess, NOT_FOUND_PATH, redirectFor, type DashboardRoute } from './navigation.ts';
import { screens } from './screens.ts';
import { useAccess } from './useShellUser.ts';

/**
 * One /dashboard route: applies the role's access (redirect, or /404 for a route the role may not
 * open), then renders the screen: the hand-written screen of the route (screens.ts), else the
 * generated list of the resource at this path, else an honest not-built-yet page naming the screen.
 */
export function RouteScreen({ route }: { route: DashboardRoute }) {
  const { pathname } = useLocation();
  const routeParams = useParams();
  const access = useAccess();
  if (access.pending) return <PageLoader />;
  if (!access.role) return <ErrorFallback />;
  const redirect = redirectFor(access.role, pathname);
  if (redirect) return <Navigate to={redirect} replace />;
  if (!canAccess(access.role, pathname, access.flags)) return <Navigate to={NOT_FOUND_PATH} replace />;

  // A billing contact's home is the subscription page (part 1 §2).
  if (access.role === 'billingcontact' && route.pattern === 'home') return <NotBuiltYetPage title="Subscription" />;

  const Screen = screens[route.pattern];
  if (Screen) {
    const params = Object.fromEntries(Object.entries(routeParams).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return <Screen key={pathname} params={params} title={route.title} />;
  }

  const match = route.listScreen === false ? undefined : resourceForPath(pathname);
  if (match) return <GeneratedList key={pathname} definition={match.definition} params={match.params} title={route.title} />;
  return <NotBuiltYetPage title={route.title} />;
}
