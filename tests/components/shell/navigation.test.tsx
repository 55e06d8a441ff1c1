import { describe, expect, it } from 'vitest';
import {
  canAccess,
  dashboardRoutes,
  matchDashboardRoute,
  menuFor,
  planRefusal,
  redirectFor,
  resourcesMenuFor,
  titleFor,
  userMenuFor,
  type MenuItem,
  type Role,
} from '../../../src/dashboard/app/navigation.ts';
import { crumbsFor } from '../../../src/dashboard/layout/Breadcrumbs.tsx';

// The route table of part 1 §2 "Dashboard routes by role", written out here as the spec lists it,
// so the access rules are checked against the spec rather than against themselves.
const ADMIN_PATHS = [
  '/dashboard/home',
  '/dashboard/syncs',
  '/dashboard/syncs/job_1',
  '/dashboard/syncs/job_1/run_1',
  '/dashboard/api-keys',
  '/dashboard/logs',
  '/dashboard/logs/api/exec_1',
  '/dashboard/logs/webhook/run_1',
  '/dashboard/logs/webhook/run_1/rec_1',
  '/dashboard/issues',
  '/dashboard/accounts',
  '/dashboard/getting-started',
  '/dashboard/organizations',
  '/dashboard/organizations/org_1',
  '/dashboard/profile',
  '/dashboard/personalize',
  '/dashboard/subscription',
  '/dashboard/user-management',
  '/dashboard/presets',
  '/dashboard/presets/create',
  '/dashboard/settings',
];
const ADMIN_ONLY = ['/dashboard/subscription', '/dashboard/user-management', '/dashboard/presets', '/dashboard/presets/create'];
const MEMBER_PATHS = ADMIN_PATHS.filter((path) => !ADMIN_ONLY.includes(path));
const LOG_PATHS = ['/dashboard/logs', '/dashboard/logs/api/exec_1', '/dashboard/logs/webhook/run_1', '/dashboard/logs/webhook/run_1/rec_1'];
const BILLING_PATHS = ['/dashboard/home', ...LOG_PATHS, '/dashboard/profile'];
const UNKNOWN_PATHS = ['/dashboard/nope', '/dashboard/syncs/a/b/c', '/dashboard/logs/api', '/dashboard/presets/edit', '/dashboard/home/extra', '/dashboard/'];

const labels = (items: readonly MenuItem[]): string[] =>
  items.flatMap((item) => (item.subMenu ? [item.label, ...labels(item.subMenu)] : [item.label]));

describe('canAccess', () => {
  it('opens every admin route of the spec to an admin, connectors only with ai_connectors', () => {
    for (const path of ADMIN_PATHS) expect(canAccess('admin', path), path).toBe(true);
    expect(canAccess('admin', '/dashboard/connectors')).toBe(false);
    expect(canAccess('admin', '/dashboard/connectors', { ai_connectors: true })).toBe(true);
    expect(canAccess('admin', '/dashboard/connectors', { ai_connectors: false })).toBe(false);
  });

  it('gives a member the admin routes without subscription, user management and presets', () => {
    for (const path of MEMBER_PATHS) expect(canAccess('member', path), path).toBe(true);
    for (const path of ADMIN_ONLY) expect(canAccess('member', path), path).toBe(false);
    expect(canAccess('member', '/dashboard/connectors', { ai_connectors: true })).toBe(true);
  });

  it('gives a billing contact home, the log routes and profile, and nothing else', () => {
    for (const path of BILLING_PATHS) expect(canAccess('billingcontact', path), path).toBe(true);
    for (const path of ADMIN_PATHS.filter((p) => !BILLING_PATHS.includes(p))) expect(canAccess('billingcontact', path), path).toBe(false);
    expect(canAccess('billingcontact', '/dashboard/connectors', { ai_connectors: true })).toBe(false);
  });

  it('refuses unknown dashboard paths to every role', () => {
    for (const role of ['admin', 'member', 'billingcontact'] as Role[]) {
      for (const path of UNKNOWN_PATHS) expect(canAccess(role, path, { ai_connectors: true }), `${role} ${path}`).toBe(false);
    }
  });

  it('ignores the query string, a trailing slash and leaves public paths alone', () => {
    expect(canAccess('member', '/dashboard/syncs/?page=2')).toBe(true);
    expect(canAccess('member', '/dashboard/subscription?tab=billing')).toBe(false);
    expect(canAccess('billingcontact', '/signup')).toBe(true);
    expect(canAccess('billingcontact', '/fcm')).toBe(true);
  });
});

describe('planRefusal (part 1 §5: plan features gate personalisation and mapping presets)', () => {
  const route = (path: string) => matchDashboardRoute(path)!;
  it('closes personalisation without whiteLabelling and presets without customMapping, with the engine\'s sentence', () => {
    expect(planRefusal(route('/dashboard/personalize'), {})).toBe('Personalisation is not available under the current plan. Please contact support to enable this feature.');
    expect(planRefusal(route('/dashboard/personalize'), { whiteLabelling: false })).toMatch(/not available under the current plan/);
    for (const path of ['/dashboard/presets', '/dashboard/presets/create']) {
      expect(planRefusal(route(path), { whiteLabelling: true })).toBe('Mapping presets are not available under the current plan. Please contact support to enable this feature.');
    }
  });
  it('opens them when the plan has the feature, and never gates other routes', () => {
    expect(planRefusal(route('/dashboard/personalize'), { whiteLabelling: true })).toBeUndefined();
    expect(planRefusal(route('/dashboard/presets/create'), { customMapping: true })).toBeUndefined();
    const gated = dashboardRoutes.filter((r) => r.planFeature).map((r) => r.pattern).sort();
    expect(gated).toEqual(['personalize', 'presets', 'presets/create']);
  });
});

describe('redirectFor', () => {
  it('sends a billing contact from subscription (any variant) to its home', () => {
    expect(redirectFor('billingcontact', '/dashboard/subscription')).toBe('/dashboard/home');
    expect(redirectFor('billingcontact', '/dashboard/subscription?portalMode=EDIT_SUBSCRIPTION')).toBe('/dashboard/home');
    expect(redirectFor('admin', '/dashboard/subscription?tab=billing')).toBeUndefined();
    expect(redirectFor('member', '/dashboard/subscription')).toBeUndefined();
  });

  it('sends /dashboard to home, and a billing contact from getting started to home', () => {
    expect(redirectFor('admin', '/dashboard')).toBe('/dashboard/home');
    expect(redirectFor('billingcontact', '/dashboard/getting-started')).toBe('/dashboard/home');
    expect(redirectFor('admin', '/dashboard/getting-started')).toBeUndefined();
  });
});

describe('menuFor', () => {
  it('builds the admin menu, with connectors (Beta) only under the flag', () => {
    const without = labels(menuFor('admin'));
    expect(without).toEqual(expect.arrayContaining(['Home', 'Getting Started', 'Organizations', 'Integrated Accounts', 'Syncs', 'Logs', 'Issues', 'Mapping Presets', 'API Keys & Webhooks', 'User Management', 'Subscription', 'Personalize']));
    expect(without).not.toContain('Connectors');
    const connectors = menuFor('admin', { ai_connectors: true }).find((item) => item.key === 'connectors');
    expect(connectors).toMatchObject({ label: 'Connectors', isBeta: true, path: '/dashboard/connectors' });
  });

  it('drops the admin-only entries for a member', () => {
    const member = labels(menuFor('member', { ai_connectors: true }));
    for (const hidden of ['Mapping Presets', 'User Management', 'Subscription']) expect(member).not.toContain(hidden);
    expect(member).toEqual(expect.arrayContaining(['Home', 'Syncs', 'Logs', 'Connectors', 'Personalize']));
  });

  it('gives a billing contact only its subscription home and the logs', () => {
    const menu = menuFor('billingcontact', { ai_connectors: true });
    expect(menu.map((item) => [item.label, item.path])).toEqual([
      ['Subscription', '/dashboard/home'],
      ['Logs', '/dashboard/logs'],
    ]);
  });

  it('only lists entries the role can open', () => {
    for (const role of ['admin', 'member', 'billingcontact'] as Role[]) {
      const flat = (items: readonly MenuItem[]): MenuItem[] => items.flatMap((item) => (item.subMenu ? flat(item.subMenu) : [item]));
      for (const item of flat(menuFor(role, { ai_connectors: true }))) expect(canAccess(role, item.path ?? '', { ai_connectors: true }), `${role} ${item.key}`).toBe(true);
    }
  });
});

describe('user and resources menus', () => {
  it('shows Profile, Settings and Logout to admin and member, Logout only to a billing contact', () => {
    expect(userMenuFor('admin').map((item) => item.label)).toEqual(['Profile', 'Settings', 'Logout']);
    expect(userMenuFor('member').map((item) => item.label)).toEqual(['Profile', 'Settings', 'Logout']);
    expect(userMenuFor('billingcontact').map((item) => item.label)).toEqual(['Logout']);
  });

  it('links the documentation (external, new tab) and the field capability matrix', () => {
    const menu = resourcesMenuFor('member');
    expect(menu.map((item) => item.key)).toEqual(['documentation', 'fcm']);
    expect(menu[0]).toMatchObject({ newTab: true });
    expect(menu[0]?.path).toMatch(/^https:\/\//);
    expect(menu[1]).toMatchObject({ path: '/fcm' });
  });
});

describe('route table helpers', () => {
  it('matches static segments before params and names every route', () => {
    expect(matchDashboardRoute('/dashboard/presets/create')?.pattern).toBe('presets/create');
    expect(matchDashboardRoute('/dashboard/syncs/j/r')?.pattern).toBe('syncs/:jobId/:syncRunId');
    expect(titleFor('/dashboard/api-keys')).toBe('API Keys & Webhooks');
    expect(new Set(dashboardRoutes.map((route) => route.pattern)).size).toBe(dashboardRoutes.length);
  });

  it('builds breadcrumbs from the screens along the path', () => {
    expect(crumbsFor('/dashboard/home')).toEqual([]);
    expect(crumbsFor('/dashboard/syncs/job_1/run_9')).toEqual([
      { path: '/dashboard/syncs', label: 'Syncs', isParameter: false },
      { path: '/dashboard/syncs/job_1', label: 'job_1', isParameter: true },
      { path: '/dashboard/syncs/job_1/run_9', label: 'run_9', isParameter: true },
    ]);
    expect(crumbsFor('/dashboard/logs/api/exec_1').map((crumb) => crumb.label)).toEqual(['Logs', 'exec_1']);
  });
});
