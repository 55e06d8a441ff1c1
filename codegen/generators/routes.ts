// x-dashboard (root of the engine document) and x-resource `title`/`menu` -> src/generated/
// dashboard/: the one table of dashboard routes (pattern, title, roles, feature flag, plan
// feature) and the menu entries built from it. A list route takes its roles from its operation's
// x-roles, x-feature-flag and x-plan-feature; a page that is not a list (home, forms, wizards)
// declares its own. A new list operation with x-resource therefore gets its route, its role check
// and (with `menu`) its sidebar entry from codegen alone.
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkKeys, isObject } from '../extensions.ts';
import { listOperations, type BundledDocument } from '../openapi.ts';
import { literal } from '../format.ts';
import type { GeneratedFile } from '../pipeline.ts';
import type { ResourceDraft } from './resources.ts';

export const ROUTES_GENERATOR = 'codegen/generators/routes.ts';
const ROLES = ['admin', 'member', 'billingcontact'] as const;
const MENUS = ['sidebar', 'user', 'resources'] as const;
const PAGE_KEYS = ['route', 'title', 'roles', 'featureFlag', 'planFeature', 'menu'];
const MENU_KEYS = ['label', 'icon', 'order', 'group', 'in', 'roles', 'beta'];
const LINK_KEYS = ['key', 'label', 'path', 'icon', 'order', 'group', 'in', 'roles', 'newTab'];
const GROUP_KEYS = ['label', 'icon', 'order'];
const ICONS_DIR = fileURLToPath(new URL('../../node_modules/@mui/icons-material/', import.meta.url));

export interface DashboardRouteMeta {
  pattern: string;
  title: string;
  roles: readonly string[];
  featureFlag?: string;
  planFeature?: string;
  /** True for a generated list screen (x-resource), false for a page. */
  listScreen: boolean;
  resource?: string;
}

export interface MenuEntryMeta {
  key: string;
  label: string;
  path: string;
  icon: string;
  order: number;
  menu: (typeof MENUS)[number];
  group?: string;
  roles?: readonly string[];
  featureFlag?: string;
  beta?: boolean;
  newTab?: boolean;
}

export interface MenuGroupMeta {
  key: string;
  label: string;
  icon: string;
  order: number;
}

export interface DashboardMeta {
  routes: DashboardRouteMeta[];
  menu: MenuEntryMeta[];
  groups: MenuGroupMeta[];
}

/** `/dashboard/syncs/{jobId}` -> `syncs/:jobId`; undefined for a route outside /dashboard. */
export function toPattern(route: string): string | undefined {
  if (!route.startsWith('/dashboard/')) return undefined;
  return route.slice('/dashboard/'.length).replace(/\{(\w+)\}/g, ':$1');
}

const iconExists = (name: string) => /^[A-Z][A-Za-z0-9]*$/.test(name) && existsSync(join(ICONS_DIR, `${name}.js`));

function readRoles(raw: unknown, where: string, problems: string[]): string[] {
  if (!Array.isArray(raw) || raw.length === 0 || raw.some((role) => !ROLES.includes(role))) {
    problems.push(`${where}: roles must be a non-empty list of ${ROLES.join(', ')}`);
    return [];
  }
  return raw as string[];
}

function readMenu(raw: unknown, where: string, defaults: { key: string; path: string; label: string }, routeRoles: readonly string[], groups: Set<string>, problems: string[]): MenuEntryMeta | undefined {
  if (raw === undefined) return undefined;
  if (!isObject(raw)) {
    problems.push(`${where}: menu must be an object { label, icon, order, group?, in?, roles?, beta? }`);
    return undefined;
  }
  checkKeys(raw, MENU_KEYS, `${where}: menu`, problems);
  const entry = readEntry(raw, where, defaults, groups, problems);
  if (entry?.roles && entry.roles.some((role) => !routeRoles.includes(role))) problems.push(`${where}: menu roles must be roles of the route (${routeRoles.join(', ')})`);
  if (entry && defaults.path.includes('{')) problems.push(`${where}: a route with parameters cannot be a menu entry`);
  return entry;
}

function readEntry(raw: Record<string, unknown>, where: string, defaults: { key: string; path: string; label: string }, groups: Set<string>, problems: string[]): MenuEntryMeta | undefined {
  const label = raw.label ?? defaults.label;
  if (typeof label !== 'string' || label === '') problems.push(`${where}: menu label must be a string`);
  if (typeof raw.icon !== 'string' || !iconExists(raw.icon)) problems.push(`${where}: icon '${String(raw.icon)}' is not an @mui/icons-material icon`);
  if (!Number.isInteger(raw.order)) problems.push(`${where}: order must be an integer`);
  const menu = (raw.in ?? 'sidebar') as MenuEntryMeta['menu'];
  if (!MENUS.includes(menu)) problems.push(`${where}: in must be one of ${MENUS.join(', ')}`);
  if (raw.group !== undefined && !groups.has(String(raw.group))) problems.push(`${where}: group '${String(raw.group)}' is not in x-dashboard.menuGroups`);
  const roles = raw.roles === undefined ? undefined : readRoles(raw.roles, where, problems);
  for (const key of ['beta', 'newTab'] as const) {
    if (raw[key] !== undefined && typeof raw[key] !== 'boolean') problems.push(`${where}: ${key} must be a boolean`);
  }
  return {
    key: defaults.key, label: label as string, path: defaults.path, icon: raw.icon as string, order: raw.order as number, menu,
    ...(raw.group !== undefined ? { group: raw.group as string } : {}),
    ...(roles ? { roles } : {}),
    ...(raw.beta === true ? { beta: true } : {}),
    ...(raw.newTab === true ? { newTab: true } : {}),
  };
}

/** Reads x-dashboard and the resources' title and menu into the route table and menus. */
export function collectDashboard(doc: BundledDocument, resources: readonly ResourceDraft[], allDocs: readonly BundledDocument[] = [doc]): { meta: DashboardMeta; problems: string[] } {
  const problems: string[] = [];
  const root = (doc as unknown as Record<string, unknown>)['x-dashboard'];
  const meta: DashboardMeta = { routes: [], menu: [], groups: [] };
  if (!isObject(root)) return { meta, problems: ['x-dashboard: the engine document must declare its dashboard pages (an object { menuGroups, pages, links })'] };
  checkKeys(root, ['menuGroups', 'pages', 'links'], 'x-dashboard', problems);

  const rawGroups = isObject(root.menuGroups) ? root.menuGroups : {};
  for (const [key, raw] of Object.entries(rawGroups)) {
    const where = `x-dashboard.menuGroups.${key}`;
    if (!isObject(raw)) { problems.push(`${where}: must be an object { label, icon, order }`); continue; }
    checkKeys(raw, GROUP_KEYS, where, problems);
    if (typeof raw.label !== 'string') problems.push(`${where}: label must be a string`);
    if (typeof raw.icon !== 'string' || !iconExists(raw.icon)) problems.push(`${where}: icon '${String(raw.icon)}' is not an @mui/icons-material icon`);
    if (!Number.isInteger(raw.order)) problems.push(`${where}: order must be an integer`);
    meta.groups.push({ key, label: raw.label as string, icon: raw.icon as string, order: raw.order as number });
  }
  const groups = new Set(meta.groups.map((group) => group.key));

  const pages = Array.isArray(root.pages) ? root.pages : [];
  if (!Array.isArray(root.pages)) problems.push('x-dashboard.pages must be a list');
  pages.forEach((raw, index) => {
    const where = `x-dashboard page ${index + 1}`;
    if (!isObject(raw)) { problems.push(`${where}: must be an object { route, title, roles, ... }`); return; }
    checkKeys(raw, PAGE_KEYS, where, problems);
    const pattern = typeof raw.route === 'string' ? toPattern(raw.route) : undefined;
    if (!pattern) { problems.push(`${where}: route must start with /dashboard/`); return; }
    if (typeof raw.title !== 'string' || raw.title === '') problems.push(`${where}: title must be a string`);
    const roles = readRoles(raw.roles, where, problems);
    meta.routes.push({
      pattern, title: raw.title as string, roles, listScreen: false,
      ...(typeof raw.featureFlag === 'string' ? { featureFlag: raw.featureFlag } : {}),
      ...(typeof raw.planFeature === 'string' ? { planFeature: raw.planFeature } : {}),
    });
    const entry = readMenu(raw.menu, where, { key: pattern, path: raw.route as string, label: raw.title as string }, roles, groups, problems);
    if (entry) meta.menu.push({ ...entry, ...(typeof raw.featureFlag === 'string' ? { featureFlag: raw.featureFlag } : {}) });
  });

  const operations = new Map(allDocs.flatMap((each) => listOperations(each)).map((entry) => [`${entry.operation.operationId as string}`, entry.operation]));
  for (const { definition, menu, title } of resources) {
    const pattern = toPattern(definition.route);
    if (!pattern) continue;
    const where = `x-resource ${definition.name}`;
    // A page declared on the same route owns it (the subscription page holds the invoices list).
    if (meta.routes.some((route) => route.pattern === pattern)) continue;
    const operation = operations.get(definition.operationId) ?? {};
    const roles = (operation['x-roles'] ?? []) as string[];
    const featureFlag = operation['x-feature-flag'] as string | undefined;
    const planFeature = operation['x-plan-feature'] as string | undefined;
    meta.routes.push({
      pattern, title: title ?? definition.name, roles, listScreen: true, resource: definition.name,
      ...(featureFlag ? { featureFlag } : {}), ...(planFeature ? { planFeature } : {}),
    });
    const entry = readMenu(menu, where, { key: definition.name, path: definition.route, label: title ?? definition.name }, roles, groups, problems);
    if (entry) meta.menu.push({ ...entry, ...(featureFlag ? { featureFlag } : {}) });
  }

  const links = Array.isArray(root.links) ? root.links : [];
  links.forEach((raw, index) => {
    const where = `x-dashboard link ${index + 1}`;
    if (!isObject(raw)) { problems.push(`${where}: must be an object { key, label, path, icon, order }`); return; }
    checkKeys(raw, LINK_KEYS, where, problems);
    if (typeof raw.key !== 'string' || typeof raw.path !== 'string') { problems.push(`${where}: key and path are required strings`); return; }
    const entry = readEntry(raw, where, { key: raw.key, path: raw.path, label: raw.key }, groups, problems);
    if (entry) meta.menu.push(entry);
  });

  const seen = new Set<string>();
  for (const route of meta.routes) {
    if (seen.has(route.pattern)) problems.push(`x-dashboard: two routes '${route.pattern}'`);
    seen.add(route.pattern);
  }
  const keys = new Set<string>();
  for (const entry of meta.menu) {
    if (keys.has(entry.key)) problems.push(`x-dashboard: two menu entries '${entry.key}'`);
    keys.add(entry.key);
  }
  meta.menu.sort((a, b) => a.order - b.order || a.key.localeCompare(b.key));
  meta.groups.sort((a, b) => a.order - b.order);
  return { meta, problems };
}

export function renderDashboard(meta: DashboardMeta): GeneratedFile[] {
  const icons = [...new Set([...meta.menu.map((entry) => entry.icon), ...meta.groups.map((group) => group.icon)])].sort();
  const routes = [
    `import type { Role } from '../engine/types.ts';`,
    '',
    `export interface DashboardRoute {`,
    `  /** react-router pattern relative to /dashboard, e.g. \`syncs/:jobId\`. */`,
    `  pattern: string;`,
    `  title: string;`,
    `  roles: readonly Role[];`,
    `  featureFlag?: string;`,
    `  planFeature?: string;`,
    `  /** False for a page that is not one generated list (tabs, cards, forms, wizards). */`,
    `  listScreen: boolean;`,
    `  /** The x-resource listed at this route. */`,
    `  resource?: string;`,
    `}`,
    '',
    `export interface MenuEntry {`,
    `  key: string;`,
    `  label: string;`,
    `  /** In-app path, or an absolute URL. */`,
    `  path: string;`,
    `  /** @mui/icons-material icon name (menuIcons.ts). */`,
    `  icon: string;`,
    `  order: number;`,
    `  menu: 'sidebar' | 'user' | 'resources';`,
    `  group?: string;`,
    `  /** Roles that see the entry when narrower than the route's. */`,
    `  roles?: readonly Role[];`,
    `  featureFlag?: string;`,
    `  beta?: boolean;`,
    `  newTab?: boolean;`,
    `}`,
    '',
    `export interface MenuGroup {`,
    `  key: string;`,
    `  label: string;`,
    `  icon: string;`,
    `  order: number;`,
    `}`,
    '',
    `/** The pattern of every /dashboard route, so screens are registered under patterns that exist. */`,
    `export type DashboardPattern = ${meta.routes.map((route) => JSON.stringify(route.pattern)).join(' | ') || 'never'};`,
    '',
    `/** Every /dashboard route: the pages of x-dashboard and the x-resource list routes. */`,
    `export const dashboardRoutes: readonly DashboardRoute[] = ${literal(meta.routes)};`,
    '',
    `/** Menu entries in order (sidebar, user menu, resources menu). */`,
    `export const menuEntries: readonly MenuEntry[] = ${literal(meta.menu)};`,
    '',
    `export const menuGroups: readonly MenuGroup[] = ${literal(meta.groups)};`,
    '',
  ].join('\n');
  const iconFile = [
    `import type { SvgIconComponent } from '@mui/icons-material';`,
    ...icons.map((icon) => `import ${icon} from '@mui/icons-material/${icon}';`),
    '',
    `/** The icons the menus name, by name. */`,
    `export const menuIcons: Readonly<Record<string, SvgIconComponent>> = { ${icons.join(', ')} };`,
    '',
  ].join('\n');
  return [
    { path: 'dashboard/routes.ts', generator: ROUTES_GENERATOR, body: routes },
    { path: 'dashboard/menuIcons.ts', generator: ROUTES_GENERATOR, body: iconFile },
  ];
}
