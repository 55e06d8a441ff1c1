// Fixed paths of the app, in a leaf module so the first chunk can import them without the menu
// (and its icons).
export const DASHBOARD_HOME = '/dashboard/home';
export const NOT_FOUND_PATH = '/404';
export const SIGNUP_PATH = '/signup';

/** Spec part 1 §2: a visitor without a session opening a dashboard path goes here. */
export function loginRedirect(path: string): string {
  return `/signup?login=true&redirect=${encodeURIComponent(path)}`;
}
