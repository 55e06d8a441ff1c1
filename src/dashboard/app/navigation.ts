import type { SvgIconComponent } from '@mui/icons-material';
import AccountTreeOutlined from '@mui/icons-material/AccountTreeOutlined';
import AdminPanelSettingsOutlined from '@mui/icons-material/AdminPanelSettingsOutlined';
import ApartmentOutlined from '@mui/icons-material/ApartmentOutlined';
import CreditCardOutlined from '@mui/icons-material/CreditCardOutlined';
import GroupOutlined from '@mui/icons-material/GroupOutlined';
import HomeOutlined from '@mui/icons-material/HomeOutlined';
import HubOutlined from '@mui/icons-material/HubOutlined';
import KeyOutlined from '@mui/icons-material/KeyOutlined';
import Logout from '@mui/icons-material/Logout';
import MenuBookOutlined from '@mui/icons-material/MenuBookOutlined';
import PaletteOutlined from '@mui/icons-material/PaletteOutlined';
import PersonOutlined from '@mui/icons-material/PersonOutlined';
import ReceiptLongOutlined from '@mui/icons-material/ReceiptLongOutlined';
import ReportProblemOutlined from '@mui/icons-material/ReportProblemOutlined';
import RocketLaunchOutlined from '@mui/icons-material/RocketLaunchOutlined';
import SettingsOutlined from '@mui/icons-material/SettingsOutlined';
import SmartToyOutlined from '@mui/icons-material/SmartToyOutlined';
import SyncOutlined from '@mui/icons-material/SyncOutlined';
import TableChartOutlined from '@mui/icons-material/TableChartOutlined';
import type { Role } from '../../generated/engine/types.ts';
import { DASHBOARD_HOME } from './paths.ts';

export type { Role };

// The dashboard's navigation in one place: the spec's route table per role (part 1 §2 "Dashboard
// routes by role", part 2 §6) and the menus built from it. Everything here is pure data and pure
// functions so the access rules are unit-tested without rendering anything.

export type FeatureFlags = Readonly<Record<string, boolean>>;

export const ROLES: readonly Role[] = ['admin', 'member', 'billingcontact'];
export { DASHBOARD_HOME, NOT_FOUND_PATH } from './paths.ts';
export const DOCUMENTATION_URL = 'https://developers.getknit.dev/';

/** One dashboard route: pattern relative to /dashboard, who may open it, and its screen title. */
export interface DashboardRoute {
  /** react-router pattern relative to /dashboard, e.g. `syncs/:jobId`. */
  pattern: string;
  title: string;
  roles: readonly Role[];
  featureFlag?: string;
  /**
   * False when the screen is more than one generated list (tabs, cards, wizards), so a matching
   * generated resource must not stand in for it.
   */
  listScreen?: boolean;
}

const ALL: readonly Role[] = ROLES;
const STAFF: readonly Role[] = ['admin', 'member'];
const ADMIN: readonly Role[] = ['admin'];

export const dashboardRoutes: readonly DashboardRoute[] = [
  { pattern: 'home', title: 'Home', roles: ALL, listScreen: false },
  { pattern: 'getting-started', title: 'Getting Started', roles: STAFF, listScreen: false },
  { pattern: 'organizations', title: 'Organizations', roles: STAFF },
  { pattern: 'organizations/:orgId', title: 'Organization', roles: STAFF },
  { pattern: 'accounts', title: 'Integrated Accounts', roles: STAFF },
  { pattern: 'syncs', title: 'Syncs', roles: STAFF },
  { pattern: 'syncs/:jobId', title: 'Sync Runs', roles: STAFF },
  { pattern: 'syncs/:jobId/:runId', title: 'Sync Records', roles: STAFF },
  { pattern: 'logs', title: 'Logs', roles: ALL },
  { pattern: 'logs/api/:execId', title: 'API Log', roles: ALL },
  { pattern: 'logs/webhook/:runId', title: 'Webhook Log', roles: ALL },
  { pattern: 'logs/webhook/:runId/:recordId', title: 'Webhook Record', roles: ALL },
  { pattern: 'issues', title: 'Issues', roles: STAFF },
  { pattern: 'api-keys', title: 'API Keys & Webhooks', roles: STAFF, listScreen: false },
  { pattern: 'connectors', title: 'Connectors', roles: STAFF, featureFlag: 'ai_connectors' },
  { pattern: 'profile', title: 'Profile', roles: ALL, listScreen: false },
  { pattern: 'personalize', title: 'Personalize', roles: STAFF, listScreen: false },
  { pattern: 'settings', title: 'Settings', roles: STAFF, listScreen: false },
  { pattern: 'subscription', title: 'Subscription', roles: ADMIN, listScreen: false },
  { pattern: 'user-management', title: 'User Management', roles: ADMIN },
  { pattern: 'presets', title: 'Mapping Presets', roles: ADMIN },
  { pattern: 'presets/create', title: 'Create Preset', roles: ADMIN, listScreen: false },
];

/** A menu entry (part 1 §3 "Menu item"), plus the roles it is shown to. */
export interface MenuItem {
  key: string;
  label: string;
  /** In-app path, or an absolute URL for external entries; absent for actions (logout). */
  path?: string;
  icon: SvgIconComponent;
  newTab?: boolean;
  isBeta?: boolean;
  subMenu?: readonly MenuItem[];
  /** True for entries of the sidebar; false for the user and resources menus. */
  sidebar: boolean;
  featureFlag?: string;
  /** Roles that see the entry; every role when absent. */
  roles?: readonly Role[];
}

// The observed product falls back to the member menu for every role (part 1 §6); we choose the
// menu by role, as the spec's intent reads, and the access table keeps both consistent.
export const sidebarMenu: readonly MenuItem[] = [
  { key: 'home', label: 'Home', path: '/dashboard/home', icon: HomeOutlined, sidebar: true, roles: STAFF },
  // A billing contact's home is the subscription page (part 1 §2).
  { key: 'billing', label: 'Subscription', path: '/dashboard/home', icon: CreditCardOutlined, sidebar: true, roles: ['billingcontact'] },
  { key: 'getting-started', label: 'Getting Started', path: '/dashboard/getting-started', icon: RocketLaunchOutlined, sidebar: true },
  { key: 'organizations', label: 'Organizations', path: '/dashboard/organizations', icon: ApartmentOutlined, sidebar: true },
  { key: 'accounts', label: 'Integrated Accounts', path: '/dashboard/accounts', icon: HubOutlined, sidebar: true },
  { key: 'syncs', label: 'Syncs', path: '/dashboard/syncs', icon: SyncOutlined, sidebar: true },
  { key: 'logs', label: 'Logs', path: '/dashboard/logs', icon: ReceiptLongOutlined, sidebar: true },
  { key: 'issues', label: 'Issues', path: '/dashboard/issues', icon: ReportProblemOutlined, sidebar: true },
  { key: 'presets', label: 'Mapping Presets', path: '/dashboard/presets', icon: AccountTreeOutlined, sidebar: true },
  { key: 'connectors', label: 'Connectors', path: '/dashboard/connectors', icon: SmartToyOutlined, sidebar: true, isBeta: true, featureFlag: 'ai_connectors' },
  { key: 'api-keys', label: 'API Keys & Webhooks', path: '/dashboard/api-keys', icon: KeyOutlined, sidebar: true },
  {
    key: 'administration',
    label: 'Administration',
    icon: AdminPanelSettingsOutlined,
    sidebar: true,
    subMenu: [
      { key: 'user-management', label: 'User Management', path: '/dashboard/user-management', icon: GroupOutlined, sidebar: true },
      { key: 'subscription', label: 'Subscription', path: '/dashboard/subscription', icon: CreditCardOutlined, sidebar: true },
      { key: 'personalize', label: 'Personalize', path: '/dashboard/personalize', icon: PaletteOutlined, sidebar: true },
    ],
  },
];

export const userMenu: readonly MenuItem[] = [
  { key: 'profile', label: 'Profile', path: '/dashboard/profile', icon: PersonOutlined, sidebar: false, roles: STAFF },
  { key: 'settings', label: 'Settings', path: '/dashboard/settings', icon: SettingsOutlined, sidebar: false, roles: STAFF },
  { key: 'logout', label: 'Logout', icon: Logout, sidebar: false },
];

export const resourcesMenu: readonly MenuItem[] = [
  { key: 'documentation', label: 'Documentation', path: DOCUMENTATION_URL, icon: MenuBookOutlined, sidebar: false, newTab: true },
  { key: 'fcm', label: 'Field Capability Matrix', path: '/fcm', icon: TableChartOutlined, sidebar: false },
];

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
