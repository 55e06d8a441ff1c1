import type { Role } from '../../../generated/engine/types.ts';

const GETTING_STARTED_PATH = '/dashboard/getting-started';
const HOME_PATH = '/dashboard/home';

// Any absolute origin works: only whether the redirect stays on it matters.
const PROBE_ORIGIN = 'http://dashboard.invalid';

/**
 * The redirect query value when it is a same-origin dashboard path, else null. An open redirect
 * (`//evil.com`, `https://evil.com/dashboard`, `/\evil.com`) would let a crafted login link send
 * the user anywhere.
 */
function safeRedirect(redirect: string | null | undefined): string | null {
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.includes('\\')) return null;
  let url: URL;
  try {
    url = new URL(redirect, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  if (url.pathname !== '/dashboard' && !url.pathname.startsWith('/dashboard/')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}

interface LoginFacts {
  isFirstLogin: boolean;
  role: Role | null;
  onBoardingCompleted: boolean;
  redirect: string | null;
}

/**
 * Spec part 1 §2: getting started on the first login of an admin or billing contact, or while
 * onboarding is not completed; otherwise the redirect value or home.
 */
export function destinationAfterLogin(facts: LoginFacts): string {
  const firstLoginRole = facts.isFirstLogin && (facts.role === 'admin' || facts.role === 'billingcontact');
  if (firstLoginRole || !facts.onBoardingCompleted) return GETTING_STARTED_PATH;
  return safeRedirect(facts.redirect) ?? HOME_PATH;
}
