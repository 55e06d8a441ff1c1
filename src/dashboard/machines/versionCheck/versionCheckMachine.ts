import { and, assign, fromPromise, setup } from 'xstate';
import { isDashboardPath, versionDifference } from './compareVersions.ts';
import type { VersionCheckContext, VersionCheckEvent, VersionCheckInput } from './types.ts';

export const VERSION_MISMATCH_MESSAGE = 'Dashboard is currently on older version, Please wait...';
/** How often the server's version is asked for while the dashboard stays open. */
export const VERSION_CHECK_INTERVAL_MS = 300_000;
/**
 * Spec part 1 §9: reload delays 1 to 3 s. How long the message shows before the page goes, by a
 * reload or by the logout (which takes the user off the dashboard, and the message with it).
 */
export const VERSION_RELOAD_DELAY_MS = 2_000;

const notProvided = (name: string) => async (): Promise<never> => {
  throw new Error(`versionCheck: actor ${name} was not provided`);
};

const differenceOf = (context: VersionCheckContext, event: unknown) =>
  versionDifference(context.currentVersion, (event as { output?: string }).output);

/**
 * Compares this build with auth.getUiVersion (spec part 1 §4): a major or minor difference shows
 * the message, then logs out on dashboard pages and reloads; a patch difference shows it and
 * reloads; equal versions stay idle. The message is always on screen for the reload delay before
 * anything else happens. Checks at start, on an interval and when the window regains focus.
 */
export const versionCheckMachine = setup({
  types: {
    context: {} as VersionCheckContext,
    events: {} as VersionCheckEvent,
    input: {} as VersionCheckInput,
  },
  actors: {
    getUiVersion: fromPromise<string, void>(notProvided('getUiVersion')),
    logout: fromPromise<void, void>(notProvided('logout')),
  },
  delays: {
    checkInterval: VERSION_CHECK_INTERVAL_MS,
    reloadDelay: VERSION_RELOAD_DELAY_MS,
  },
  guards: {
    isMajorOrMinorDifferent: ({ context, event }) => ['major', 'minor'].includes(differenceOf(context, event)),
    isPatchDifferent: ({ context, event }) => differenceOf(context, event) === 'patch',
    isOnDashboardPage: ({ context }) => isDashboardPath(context.pathname),
  },
  actions: {
    storeServerVersion: assign({ serverVersion: ({ event }) => (event as { output?: string }).output ?? null }),
    showMessage: assign({ message: VERSION_MISMATCH_MESSAGE }),
    setPathname: assign({ pathname: ({ context, event }) => (event.type === 'location.change' ? event.pathname : context.pathname) }),
    reloadPage: () => globalThis.location?.reload(),
  },
}).createMachine({
  id: 'versionCheck',
  context: ({ input }) => ({ currentVersion: input.currentVersion, pathname: input.pathname, serverVersion: null, message: null }),
  initial: 'checking',
  on: {
    'location.change': { actions: 'setPathname' },
  },
  states: {
    idle: {
      after: { checkInterval: 'checking' },
      on: {
        'window.focus': 'checking',
        'version.check': 'checking',
      },
    },
    checking: {
      invoke: {
        id: 'getUiVersion',
        src: 'getUiVersion',
        onDone: [
          // Major or minor: log out first on dashboard pages (public pages have no session to end).
          { guard: and(['isMajorOrMinorDifferent', 'isOnDashboardPage']), target: 'outdated.announcing', actions: 'storeServerVersion' },
          { guard: 'isMajorOrMinorDifferent', target: 'outdated.reloading', actions: 'storeServerVersion' },
          { guard: 'isPatchDifferent', target: 'outdated.reloading', actions: 'storeServerVersion' },
          { target: 'idle', actions: 'storeServerVersion' },
        ],
        // A failed check is retried on the next tick or focus; it never blocks the dashboard.
        onError: 'idle',
      },
    },
    outdated: {
      entry: 'showMessage',
      initial: 'reloading',
      states: {
        // Ending the session unmounts the dashboard, and this notice with it: the user reads the
        // message first, then the logout runs.
        announcing: {
          after: { reloadDelay: 'loggingOut' },
        },
        loggingOut: {
          invoke: {
            id: 'logout',
            src: 'logout',
            // The message has been read already: reload straight after the logout.
            onDone: '#versionCheck.reloaded',
            // Reload anyway: a failed logout call must not keep an old dashboard running.
            onError: '#versionCheck.reloaded',
          },
        },
        reloading: {
          after: { reloadDelay: '#versionCheck.reloaded' },
        },
      },
    },
    reloaded: {
      entry: 'reloadPage',
      type: 'final',
    },
  },
});

export type VersionCheckMachine = typeof versionCheckMachine;
