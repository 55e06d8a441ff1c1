import { preloadable } from './preloadable.tsx';

// The shell's full-page messages (a failure, a screen not built yet, a page the plan closes) are
// chunks of their own: a dashboard page rarely shows one. The route preload fetches the
// not-built-yet page for a route that shows it (routePreload.ts).
export { NotBuiltYetPage } from './App.tsx';
export const ErrorFallback = preloadable(() => import('../pages/ErrorFallback.tsx').then((module) => module.ErrorFallback));
export const PlanFeaturePage = preloadable(() => import('../pages/PlanFeaturePage.tsx').then((module) => module.PlanFeaturePage));
