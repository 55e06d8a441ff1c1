import { useSyncExternalStore, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { sessionStore } from '../session/index.ts';
import { loginRedirect } from './paths.ts';

const subscribe = (listener: () => void) => sessionStore.subscribe(() => listener());
const isLoggedIn = () => sessionStore.get()?.isLoggedIn === true;

/**
 * Part 1 §2: a visitor without a session who opens a dashboard path goes to
 * /signup?login=true&redirect={current path}. The store is loaded before the app renders (main.tsx),
 * so this check is synchronous and the dashboard bundle is not even fetched for a logged-out visit.
 */
export function RequireSession({ children }: { children: ReactNode }) {
  const loggedIn = useSyncExternalStore(subscribe, isLoggedIn);
  const { pathname, search } = useLocation();
  if (!loggedIn) return <Navigate to={loginRedirect(`${pathname}${search}`)} replace />;
  return <>{children}</>;
}
