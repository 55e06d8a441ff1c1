import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

// Hand-written screens by route pattern (navigation.ts dashboardRoutes). A route listed here
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

export const screens: Readonly<Record<string, Screen>> = {
  home: screen(() => import('../resources/home/index.ts'), 'HomeScreen'),
  organizations: screen(() => import('../resources/organizations/index.ts'), 'OrganizationList'),
  'organizations/:orgId': screen(() => import('../resources/organizations/index.ts'), 'OrganizationIntegrationList'),
  accounts: screen(() => import('../resources/accounts/index.ts'), 'AccountList'),
  syncs: screen(() => import('../resources/syncs/index.ts'), 'SyncList'),
  'syncs/:jobId': screen(() => import('../resources/syncs/index.ts'), 'SyncRunList'),
  'syncs/:jobId/:runId': screen(() => import('../resources/syncs/index.ts'), 'SyncRecordList'),
  logs: screen(() => import('../resources/logs/index.ts'), 'LogList'),
  'logs/api/:execId': screen(() => import('../resources/logs/index.ts'), 'ApiLogShow'),
  'logs/webhook/:runId': screen(() => import('../resources/logs/index.ts'), 'WebhookLogShow'),
  'logs/webhook/:runId/:recordId': screen(() => import('../resources/logs/index.ts'), 'WebhookRecordShow'),
  issues: screen(() => import('../resources/issues/index.ts'), 'IssueList'),
};
