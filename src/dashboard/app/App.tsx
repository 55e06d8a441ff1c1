import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { theme } from '../theme/theme.ts';
import { NOT_FOUND_PATH, SIGNUP_PATH } from './paths.ts';
import { preloadable } from './preloadable.tsx';
import { RequireSession } from './RequireSession.tsx';

// Route-level code splitting: the first chunk holds React, the router, the theme and the session
// check; every page is a chunk of its own (the sign-up screen brings its machine, the dashboard
// brings react-admin), fetched as soon as the route is known (routePreload.ts).
export const SignUpPage = preloadable(() => import('../pages/signup/SignUpPage.tsx').then((m) => m.SignUpPage));
export const NotFoundPage = preloadable(() => import('../pages/NotFoundPage.tsx').then((m) => m.NotFoundPage));
export const NotBuiltYetPage = preloadable(() => import('../pages/NotBuiltYetPage.tsx').then((m) => m.NotBuiltYetPage));
export const MagicAuthorizePage = preloadable(() => import('../pages/magic/MagicAuthorizePage.tsx').then((m) => m.MagicAuthorizePage));
export const AdminAuthorizePage = preloadable(() => import('../pages/magic/AppAuthorizePage.tsx').then((m) => m.AdminAuthorizePage));
export const OAuthAuthorizePage = preloadable(() => import('../pages/magic/AppAuthorizePage.tsx').then((m) => m.OAuthAuthorizePage));
export const OAuthCallbackPage = preloadable(() => import('../pages/oauth/OAuthCallbackPage.tsx').then((m) => m.OAuthCallbackPage));
export const DashboardApp = preloadable(() => import('./DashboardApp.tsx').then((m) => m.DashboardApp));

/** Blank while a page chunk loads that was not fetched ahead (usually a few milliseconds); no spinner flash. */
const Blank = () => <div style={{ minHeight: '100vh' }} />;

/** The public routes of part 1 §2 and the /dashboard/* app behind the session check. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Blank />}>
      <Routes>
        <Route path="/" element={<Navigate to={SIGNUP_PATH} replace />} />
        <Route path={SIGNUP_PATH} element={<SignUpPage />} />
        <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
        <Route path="/oauth" element={<OAuthCallbackPage />} />
        <Route path="/oauth/authorize" element={<OAuthAuthorizePage />} />
        <Route path="/admin/authorize" element={<AdminAuthorizePage />} />
        <Route path="/magic/authorize" element={<MagicAuthorizePage />} />
        <Route path="/fcm" element={<NotBuiltYetPage standalone title="Field Capability Matrix" />} />
        <Route
          path="/dashboard/*"
          element={
            <RequireSession>
              <DashboardApp />
            </RequireSession>
          }
        />
        <Route path="*" element={<Navigate to={NOT_FOUND_PATH} replace />} />
      </Routes>
    </Suspense>
  );
}

export function App() {
  return (
    <ThemeProvider theme={theme}>
      <CssBaseline />
      <BrowserRouter>
        <AppRoutes />
      </BrowserRouter>
    </ThemeProvider>
  );
}
