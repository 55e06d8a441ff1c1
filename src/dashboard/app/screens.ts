import type { ComponentType } from 'react';
import { matchPath } from 'react-router';
import type { DashboardPattern } from '../../generated/dashboard/routes.ts';
import type { Role } from '../../generated/engine/types.ts';
import type { GeneratedListProps } from '../resources/GeneratedList.tsx';
import { preloadable, type Preloadable } from './preloadable.tsx';

// Hand-written screens by route pattern (the generated route table; a pattern that is not a route
// fails the typecheck). A route listed here renders its screen from resources/<name>/; any other
// route renders the generated list of the resource at its path (GeneratedList), or the
// not-built-yet page. Each screen is its own chunk, fetched as soon as its route is known
// (routePreload.ts) or when it is first rendered.

/** What RouteScreen hands a screen: the route's params (orgId, jobId, ...), its title, and the user's role. */
export interface ScreenProps {
  params: Readonly<Record<string, string>>;
  title: string;
  /** The signed-in user's role, read by the route guard (RouteScreen always passes it): for admin-only actions. */
  role?: Role;
}

type Screen = Preloadable<ScreenProps>;

const screen = <K extends string>(load: () => Promise<Record<K, ComponentType<ScreenProps>>>, name: K): Screen =>
  preloadable(() => load().then((module) => module[name]));

export const screens: Readonly<Partial<Record<string, Screen>>> = {
  home: screen(() => import('../resources/home/index.ts'), 'HomeScreen'),
  'getting-started': screen(() => import('../resources/getting-started/index.ts'), 'GettingStartedScreen'),
  organizations: screen(() => import('../resources/organizations/index.ts'), 'OrganizationList'),
  'organizations/:orgId': screen(() => import('../resources/organizations/OrganizationIntegrationList.tsx'), 'OrganizationIntegrationList'),
  accounts: screen(() => import('../resources/accounts/index.ts'), 'AccountList'),
  syncs: screen(() => import('../resources/syncs/index.ts'), 'SyncList'),
  'syncs/:jobId': screen(() => import('../resources/syncs/SyncRunList.tsx'), 'SyncRunList'),
  'syncs/:jobId/:syncRunId': screen(() => import('../resources/syncs/SyncRecordList.tsx'), 'SyncRecordList'),
  logs: screen(() => import('../resources/logs/index.ts'), 'LogList'),
  'logs/api/:executionId': screen(() => import('../resources/logs/ApiLogShow.tsx'), 'ApiLogShow'),
  'logs/webhook/:syncRunId': screen(() => import('../resources/logs/WebhookLogShow.tsx'), 'WebhookLogShow'),
  'logs/webhook/:syncRunId/:recordId': screen(() => import('../resources/logs/WebhookRecordShow.tsx'), 'WebhookRecordShow'),
  issues: screen(() => import('../resources/issues/index.ts'), 'IssueList'),
  'api-keys': screen(() => import('../resources/api-keys/index.ts'), 'ApiKeysScreen'),
} satisfies Partial<Record<DashboardPattern, Screen>>;

/**
 * Hand-written screens whose first call is the generated list of the resource at their path with
 * the route's params and nothing more: the route preload may start that call before their code
 * arrives. The others add values of their own (the webhook screens: route state, a fixed flag).
 */
export const screensListingTheirPath: ReadonlySet<string> = new Set<DashboardPattern>([
  'organizations',
  'organizations/:orgId',
  'accounts',
  'syncs',
  'syncs/:jobId',
  'syncs/:jobId/:syncRunId',
  'logs',
  'logs/api/:executionId',
  'issues',
]);

/** The generic list screen (react-admin's list machinery), for routes without a screen of their own. */
export const GeneratedListScreen: Preloadable<GeneratedListProps> = preloadable(() =>
  import('../resources/GeneratedList.tsx').then((module) => module.GeneratedList as ComponentType<GeneratedListProps>),
);

/** The hand-written screen of a /dashboard path, with its pattern, if it has one. */
export function screenForPath(pathname: string): { pattern: string; screen: Screen } | undefined {
  for (const [pattern, screen] of Object.entries(screens)) {
    if (screen && matchPath(`/dashboard/${pattern}`, pathname)) return { pattern, screen };
  }
  return undefined;
}

// Dialogs a screen opens on request, fetched then (opened once they are in). Their loaders live
// here, outside the screens' chunks: the bundler then keeps what a dialog shares with its screen in
// a chunk of its own instead of making the dialog's chunk import the whole screen's.

/** Create Magic Link (accounts): the rjsf form of the generated magicLink definition. */
export const MagicLinkDialog = preloadable(() => import('../resources/accounts/magicLink/MagicLinkDialog.tsx').then((module) => module.MagicLinkDialog));

/** An account's action dialogs and the magic link result (accounts): see resources/accounts/accountDialogs.ts. */
export const loadAccountDialogs = () => import('../resources/accounts/accountDialogs.ts');

/** The confirmation of a webhook replay (the webhook log screens): counts, asks, replays. */
export const ReplayDialog = preloadable(() => import('../resources/logs/ReplayDialog.tsx').then((module) => module.ReplayDialog));
