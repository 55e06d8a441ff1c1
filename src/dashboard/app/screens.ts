import { lazy, type ComponentType, type LazyExoticComponent } from 'react';
import type { DashboardPattern } from '../../generated/dashboard/routes.ts';

// Hand-written screens by route pattern (the generated route table; a pattern that is not a route fails the typecheck). A route listed here
// renders its screen from resources/<name>/; any other route renders the generated list of the
// resource at its path (GeneratedList), or the not-built-yet page. Each screen is its own chunk.

/** What RouteScreen hands a screen: the route's params (orgId, jobId, ...) and its title. */
export interface ScreenProps {
  params: Readonly<Record<string, string>>;
  title: string;
}

export type Screen = LazyExoticComponent<ComponentType<ScreenProps>>;

const screen = <K extends string>(load: () => Promise<Record<K, ComponentType<ScreenProps>>>, name: K): Screen =>
  lazy(() => load().then((module) => ({ default: module[name] })));

export const screens: Readonly<Partial<Record<string, Screen>>> = {
  home: screen(() => import('../resources/home/index.ts'), 'HomeScreen'),
  organizations: screen(() => import('../resources/organizations/index.ts'), 'OrganizationList'),
  'organizations/:orgId': screen(() => import('../resources/organizations/index.ts'), 'OrganizationIntegrationList'),
  accounts: screen(() => import('../resources/accounts/index.ts'), 'AccountList'),
  syncs: screen(() => import('../resources/syncs/index.ts'), 'SyncList'),
  'syncs/:jobId': screen(() => import('../resources/syncs/index.ts'), 'SyncRunList'),
  'syncs/:jobId/:syncRunId': screen(() => import('../resources/syncs/index.ts'), 'SyncRecordList'),
  logs: screen(() => import('../resources/logs/index.ts'), 'LogList'),
  'logs/api/:executionId': screen(() => import('../resources/logs/index.ts'), 'ApiLogShow'),
  'logs/webhook/:syncRunId': screen(() => import('../resources/logs/index.ts'), 'WebhookLogShow'),
  'logs/webhook/:syncRunId/:recordId': screen(() => import('../resources/logs/index.ts'), 'WebhookRecordShow'),
  issues: screen(() => import('../resources/issues/index.ts'), 'IssueList'),
} satisfies Partial<Record<DashboardPattern, Screen>>;
