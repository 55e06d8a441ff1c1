// Keys of what the dashboard keeps in the browser's localStorage, named once: the session store,
// the shell and the page's first paint (firstPaint.ts, run before any module) read the same entries.

/** The encrypted session (session/sessionStore.ts). */
export const SESSION_STORAGE_KEY = 'dashboard.session';
/** react-admin's store key of the desktop sidebar's state (expanded or rail). */
export const SIDEBAR_OPEN_STORE_KEY = 'shell.sidebar.open';
/** The prefix react-admin's localStorageStore puts before its keys in localStorage. */
export const REACT_ADMIN_STORE_PREFIX = 'RaStore';
