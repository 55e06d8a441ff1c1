// Fixed paths of the app, in a leaf module so the first chunk can import them without the menu
// (and its icons).
export const DASHBOARD_HOME = '/dashboard/home';
export const NOT_FOUND_PATH = '/404';
export const SIGNUP_PATH = '/signup';
