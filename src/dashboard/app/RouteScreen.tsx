import { Navigate, useLocation, useParams } from 'react-router';
import { ListScreenSkeleton } from '../components/TableSkeleton.tsx';
import { resourceForPath } from '../resources/registry.ts';
import { canAccess, NOT_FOUND_PATH, planRefusal, redirectFor, type DashboardRoute } from './navigation.ts';
import { ErrorFallback, NotBuiltYetPage, PlanFeaturePage } from './messagePages.ts';
import { GeneratedListScreen, screens } from './screens.ts';
import { useAccess, useShellUser } from './useShellUser.ts';

/**
 * One /dashboard route: applies the role's access (redirect, or /404 for a route the role may not
 * open) and the plan's (a page gated by x-plan-feature explains why it is closed), then renders the screen: the hand-written screen of the route (screens.ts), else the
 * generated list of the resource at this path, else an honest not-built-yet page naming the screen.
 */
export function RouteScreen({ route }: { route: DashboardRoute }) {
  const { pathname } = useLocation();
  const routeParams = useParams();
  const access = useAccess();
  const user = useShellUser();
  const list = route.listScreen === false ? undefined : resourceForPath(pathname);
  // Until the role is known: the screen's title and, for a list, its table's shape.
  const pending = <ListScreenSkeleton title={route.title} columns={list?.definition.columns.map((column) => column.label)} rows={list?.definition.paging.pageSize} />;
  if (access.pending) return pending;
  if (!access.role) return <ErrorFallback />;
  const redirect = redirectFor(access.role, pathname);
  if (redirect) return <Navigate to={redirect} replace />;
  if (!canAccess(access.role, pathname, access.flags)) return <Navigate to={NOT_FOUND_PATH} replace />;

  if (route.planFeature) {
    // The plan is in the user's details, which may arrive after the permissions.
    if (!user?.orgMetaData) return pending;
    const refusal = planRefusal(route, user.orgMetaData.featureList ?? {});
    if (refusal) return <PlanFeaturePage title={route.title} message={refusal} canChangePlan={access.role === 'admin'} />;
  }

  // A billing contact's home is the subscription page (part 1 §2).
  if (access.role === 'billingcontact' && route.pattern === 'home') return <NotBuiltYetPage title="Subscription" />;

  const Screen = screens[route.pattern];
  if (Screen) {
    const params = Object.fromEntries(Object.entries(routeParams).filter((entry): entry is [string, string] => entry[1] !== undefined));
    return <Screen key={pathname} params={params} title={route.title} role={access.role} />;
  }

  if (list) return <GeneratedListScreen key={pathname} definition={list.definition} params={list.params} title={route.title} />;
  return <NotBuiltYetPage title={route.title} />;
}
