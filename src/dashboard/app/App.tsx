import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Navigate, Route, Routes } from 'react-router';
import { theme } from '../theme/theme.ts';
import { NOT_FOUND_PATH, SIGNUP_PATH } from './paths.ts';
import { RequireSession } from './RequireSession.tsx';

// Route-level code splitting: the first chunk holds React, the router, the theme and the session
// check; every page loads on demand (the sign-up screen brings rjsf, ajv and its machine, the
// dashboard brings react-admin).
const SignUpPage = lazy(() => import('../pages/signup/SignUpPage.tsx').then((m) => ({ default: m.SignUpPage })));
const NotFoundPage = lazy(() => import('../pages/NotFoundPage.tsx').then((m) => ({ default: m.NotFoundPage })));
const NotBuiltYetPage = lazy(() => import('../pages/NotBuiltYetPage.tsx').then((m) => ({ default: m.NotBuiltYetPage })));
const MagicAuthorizePage = lazy(() => import('../pages/magic/MagicAuthorizePage.tsx').then((m) => ({ default: m.MagicAuthorizePage })));
const DashboardApp = lazy(() => import('./DashboardApp.tsx').then((m) => ({ default: m.DashboardApp })));

/** Blank while a page chunk loads (usually a few milliseconds); no spinner flash. */
const Blank = () => <div style={{ minHeight: '100vh' }} />;

/** The public routes of part 1 §2 and the /dashboard/* app behind the session check. */
export function AppRoutes() {
  return (
    <Suspense fallback={<Blank />}>
      <Routes>
        <Route path="/" element={<Navigate to={SIGNUP_PATH} replace />} />
        <Route path={SIGNUP_PATH} element={<SignUpPage />} />
        <Route path={NOT_FOUND_PATH} element={<NotFoundPage />} />
        <Route path="/oauth/authorize" element={<NotBuiltYetPage standalone title="OAuth Authorisation" />} />
        <Route path="/admin/authorize" element={<NotBuiltYetPage standalone title="Admin Authorisation" />} />
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
