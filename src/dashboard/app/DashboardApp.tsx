import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense, useEffect, useState } from 'react';
import { CoreAdminContext, CoreAdminUI, CustomRoutes, defaultI18nProvider, Resource } from 'react-admin';
import { Navigate, Route } from 'react-router';
import { ShellLayout } from '../layout/ShellLayout.tsx';
import { Toasts } from '../layout/Toasts.tsx';
import { authProvider, dataProvider } from '../providers/index.ts';
import { registeredResources } from '../resources/registry.ts';
import { sessionStore } from '../session/index.ts';
import { theme } from '../theme/theme.ts';
import { dashboardStore, queryClientFor } from './dashboardData.ts';
import { ErrorFallback } from './messagePages.ts';
import { DASHBOARD_HOME, dashboardRoutes, NOT_FOUND_PATH } from './navigation.ts';
import { RouteScreen } from './RouteScreen.tsx';

const GoToNotFound = () => <Navigate to={NOT_FOUND_PATH} replace />;
const GoHome = () => <Navigate to={DASHBOARD_HOME} replace />;
/** A failure of the shell itself (a screen's is caught inside the layout): the app's error page. */
const ShellFailure = ({ resetErrorBoundary }: { resetErrorBoundary: (...args: unknown[]) => void }) => (
  <Suspense fallback={null}>
    <ErrorFallback onBack={() => resetErrorBoundary()} />
  </Suspense>
);

/**
 * The react-admin app under /dashboard (inside the top-level router, hence basename). Every
 * generated resource is registered (dataProvider, i18n keys); the screens are the route table's
 * routes, each guarded by role, so a path the spec does not list falls through to /404.
 *
 * It is react-admin's <Admin> taken apart: its context (providers, store, query cache, English
 * messages) and its routes, with our layout and pages in every slot. <Admin> itself also brings the
 * default layout, login and loading pages this app never shows and its own error page (~40 kB).
 * Like <Admin>, it gives its screens the app's theme itself (App.tsx gives the same one to every
 * page): the shell renders the same where it is mounted without App, as in tests.
 */
export function DashboardApp() {
  // The cache the route preload filled for this session (dashboardData.ts); emptied when the app
  // unmounts, as <Admin>'s own cache is.
  const [queryClient] = useState(() => queryClientFor(sessionStore.getToken()));
  useEffect(() => () => queryClient.clear(), [queryClient]);
  return (
    <ThemeProvider theme={theme}>
      <CoreAdminContext
        basename="/dashboard"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={defaultI18nProvider}
        store={dashboardStore}
        queryClient={queryClient}
      >
        {/* As <Admin> renders it: the light color scheme for the browser's own controls. */}
        <CssBaseline enableColorScheme />
        <CoreAdminUI layout={ShellLayout} dashboard={GoHome} catchAll={GoToNotFound} error={ShellFailure} loginPage={false} disableTelemetry>
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
        </CoreAdminUI>
        <Toasts />
      </CoreAdminContext>
    </ThemeProvider>
  );
}
