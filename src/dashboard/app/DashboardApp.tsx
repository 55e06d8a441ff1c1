import { Admin, CustomRoutes, Notification, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { ShellLayout } from '../layout/ShellLayout.tsx';
import { authProvider, dataProvider, TOAST_ANCHOR } from '../providers/index.ts';
import { registeredResources } from '../resources/registry.ts';
import { themeOptions } from '../theme/theme.ts';
import { DASHBOARD_HOME, dashboardRoutes, NOT_FOUND_PATH } from './navigation.ts';
import { RouteScreen } from './RouteScreen.tsx';

const GoToNotFound = () => <Navigate to={NOT_FOUND_PATH} replace />;
const GoHome = () => <Navigate to={DASHBOARD_HOME} replace />;
// Failures toast bottom-right with the server's message (part 1 §7).
const BottomRightNotification = () => <Notification anchorOrigin={TOAST_ANCHOR} />;

/**
 * The react-admin app under /dashboard (inside the top-level router, hence basename). Every
 * generated resource is registered (dataProvider, i18n keys); the screens are the route table's
 * routes, each guarded by role, so a path the spec does not list falls through to /404.
 */
export function DashboardApp() {
  return (
    <Admin
      basename="/dashboard"
      dataProvider={dataProvider}
      authProvider={authProvider}
      theme={themeOptions}
      layout={ShellLayout}
      dashboard={GoHome}
      catchAll={GoToNotFound}
      notification={BottomRightNotification}
      loginPage={false}
      disableTelemetry
    >
      {registeredResources.map((definition) => (
        <Resource key={definition.name} name={definition.name}>
          {/* Resource paths (/dashboard/sync-runs/...) are not screens: the routes below are. */}
          <Route path="*" element={<GoToNotFound />} />
        </Resource>
      ))}
      <CustomRoutes>
        {dashboardRoutes.map((route) => (
          <Route key={route.pattern} path={route.pattern} element={<RouteScreen route={route} />} />
        ))}
      </CustomRoutes>
    </Admin>
  );
}
