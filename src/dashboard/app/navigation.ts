import type { SvgIconComponent } from '@mui/icons-material';
import Logout from '@mui/icons-material/Logout';
import { menuIcons } from '../../generated/dashboard/menuIcons.ts';
import { dashboardRoutes as generatedRoutes, menuEntries, menuGroups, type DashboardRoute, type MenuEntry } from '../../generated/dashboard/routes.ts';
import type { Role } from '../../generated/engine/types.ts';
import { isPlanFeature, PLAN_FEATURE_MESSAGES } from '../../shared/planFeatures.ts';
import { DASHBOARD_HOME } from './paths.ts';

export type { Role, DashboardRoute };

// The dashboard's navigation: the route table and the menus come from the contract (codegen:
// x-dashboard pages and x-resource list routes, their roles from x-roles, x-feature-flag and
// x-plan-feature); this module turns them into menus per role and answers access questions. It is
// pure data and pure functions so the access rules are unit-tested without rendering anything.

export type FeatureFlags = Readonly<Record<string, boolean>>;

export const ROLES: readonly Role[] = ['admin', 'member', 'billingcontact'];
export { DASHBOARD_HOME, NOT_FOUND_PATH } from './paths.ts';

/** Every /dashboard route, generated from the contract. */
export const dashboardRoutes: readonly DashboardRoute[] = generatedRoutes;

/** A menu entry (part 1 §3 "Menu item"), plus the roles it is shown to. */
export interface MenuItem {
  key: string;
  label: string;
  /** In-app path, or an absolute URL for external entries; absent for actions (logout) and groups. */
  path?: string;
  icon: SvgIconComponent;
  newTab?: boolean;
  isBeta?: boolean;
  subMenu?: readonly MenuItem[];
  /** True for entries of the sidebar; false for the user and resources menus. */
  sidebar: boolean;
  featureFlag?: string;
  /** Roles that see the entry; every role that may open its path when absent. */
  roles?: readonly Role[];
}

const iconOf = (name: string): SvgIconComponent => {
  const icon = menuIcons[name];
  if (!icon) throw new Error(`no menu icon ${name}`);
  return icon;
};

function toItem(entry: MenuEntry): MenuItem {
  return {
    key: entry.key,
    label: entry.label,
    path: entry.path,
    icon: iconOf(entry.icon),
    sidebar: entry.menu === 'sidebar',
    ...(entry.newTab ? { newTab: true } : {}),
    ...(entry.beta ? { isBeta: true } : {}),
    ...(entry.featureFlag ? { featureFlag: entry.featureFlag } : {}),
    ...(entry.roles ? { roles: entry.roles } : {}),
  };
}

/** The sidebar: its entries and its groups (with their entries as a sub-menu), in contract order. */
function buildSidebar(): MenuItem[] {
  const top = menuEntries.filter((entry) => entry.menu === 'sidebar' && !entry.group).map((entry) => ({ order: entry.order, item: toItem(entry) }));
  const groups = menuGroups.map((group) => ({
    order: group.order,
    item: {
      key: group.key,
      label: group.label,
      icon: iconOf(group.icon),
      sidebar: true,
      subMenu: menuEntries.filter((entry) => entry.group === group.key).map(toItem),
    } satisfies MenuItem,
  }));
  return [...top, ...groups].sort((a, b) => a.order - b.order).map(({ item }) => item);
}

// The observed product falls back to the member menu for every role (part 1 §6); we choose the
// menu by role, as the spec's intent reads, and the route table keeps both consistent.
export const sidebarMenu: readonly MenuItem[] = buildSidebar();

export const userMenu: readonly MenuItem[] = [
  ...menuEntries.filter((entry) => entry.menu === 'user').map(toItem),
  // An action, not a page: shown to every role.
  { key: 'logout', label: 'Logout', icon: Logout, sidebar: false },
];

export const resourcesMenu: readonly MenuItem[] = menuEntries.filter((entry) => entry.menu === 'resources').map(toItem);

const isExternal = (path: string) => /^https?:\/\//.test(path);

/** Path without query, hash and trailing slash. */
export function normalizePath(path: string): string {
  const bare = path.split(/[?#]/)[0] ?? '';
  return bare.length > 1 ? bare.replace(/\/+$/, '') : bare;
}

function matches(pattern: string, segments: readonly string[]): boolean {
  const parts = pattern.split('/');
  return parts.length === segments.length && parts.every((part, i) => part.startsWith(':') ? segments[i] !== '' : part === segments[i]);
}

/** The route-table entry a /dashboard path opens, ignoring role; undefined when there is none. */
export function matchDashboardRoute(path: string): DashboardRoute | undefined {
  const bare = normalizePath(path);
  if (!bare.startsWith('/dashboard/')) return undefined;
  const segments = bare.slice('/dashboard/'.length).split('/');
  // Static segments win over params (presets/create over a future presets/:id).
  const candidates = dashboardRoutes.filter((route) => matches(route.pattern, segments));
  return candidates.sort((a, b) => (b.pattern.match(/(^|\/)[^:]/g)?.length ?? 0) - (a.pattern.match(/(^|\/)[^:]/g)?.length ?? 0))[0];
}

const flagOn = (flags: FeatureFlags, flag: string | undefined) => flag === undefined || flags[flag] === true;

/** Where a path sends a role instead of rendering (billing contact: subscription is its home). */
export function redirectFor(role: Role, path: string): string | undefined {
  const bare = normalizePath(path);
  if (bare === '/dashboard') return DASHBOARD_HOME;
  if (role === 'billingcontact' && bare === '/dashboard/subscription') return DASHBOARD_HOME;
  // The login rule sends a billing contact to getting started on its first login (part 1 §2), but
  // its route table has no getting started: it lands on its home (the subscription page) instead
  // of a 404 straight after signing up.
  if (role === 'billingcontact' && bare === '/dashboard/getting-started') return DASHBOARD_HOME;
  return undefined;
}

/** Whether `role` (with `flags`) may open `path`. Non-dashboard paths are public. */
export function canAccess(role: Role, path: string, flags: FeatureFlags = {}): boolean {
  if (isExternal(path)) return true;
  const bare = normalizePath(path);
  if (bare !== '/dashboard' && !bare.startsWith('/dashboard/')) return true;
  const route = matchDashboardRoute(bare);
  return route !== undefined && route.roles.includes(role) && flagOn(flags, route.featureFlag);
}

/** orgMetaData.featureList: the plan features of the user's organisation. */
export type PlanFeatures = Readonly<Partial<Record<string, boolean>>>;

/**
 * The plan's refusal of a route gated by x-plan-feature (personalisation without whiteLabelling,
 * presets without customMapping): the sentence the engine's 403 carries, or undefined when the
 * route is open under the plan. The page stays in the menu, so a user learns why and what to do.
 */
export function planRefusal(route: Pick<DashboardRoute, 'planFeature'>, features: PlanFeatures): string | undefined {
  const feature = route.planFeature;
  if (feature === undefined || features[feature] === true) return undefined;
  return isPlanFeature(feature) ? PLAN_FEATURE_MESSAGES[feature] : 'This page is not available under the current plan. Please contact support to enable this feature.';
}

function visible(item: MenuItem, role: Role, flags: FeatureFlags): boolean {
  if (item.roles && !item.roles.includes(role)) return false;
  if (!flagOn(flags, item.featureFlag)) return false;
  return item.path === undefined || canAccess(role, item.path, flags);
}

function filterItems(items: readonly MenuItem[], role: Role, flags: FeatureFlags): MenuItem[] {
  const out: MenuItem[] = [];
  for (const item of items) {
    if (!visible(item, role, flags)) continue;
    if (item.subMenu) {
      const subMenu = filterItems(item.subMenu, role, flags);
      // A group with nothing left to open is dropped rather than shown empty.
      if (subMenu.length > 0) out.push({ ...item, subMenu });
    } else {
      out.push(item);
    }
  }
  return out;
}

/** The sidebar menu of a role, filtered by the user's feature flags. */
export function menuFor(role: Role, flags: FeatureFlags = {}): MenuItem[] {
  return filterItems(sidebarMenu, role, flags);
}

/** The user menu of a role: Profile, Settings, Logout; Logout only for a billing contact. */
export function userMenuFor(role: Role, flags: FeatureFlags = {}): MenuItem[] {
  return filterItems(userMenu, role, flags);
}

export function resourcesMenuFor(role: Role, flags: FeatureFlags = {}): MenuItem[] {
  return filterItems(resourcesMenu, role, flags);
}

/** The screen title of a path, for breadcrumbs and the not-built-yet page. */
export function titleFor(path: string): string | undefined {
  return matchDashboardRoute(path)?.title;
}

export function isRole(value: unknown): value is Role {
  return typeof value === 'string' && (ROLES as readonly string[]).includes(value);
}
