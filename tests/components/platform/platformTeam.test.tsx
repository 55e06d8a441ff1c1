// The platform-team test: in a temporary copy of the contract, add (a) a column to the accounts
// list, (b) a select filter with labelled enum values and (c) a new admin-only list operation with
// x-resource and a menu entry; regenerate; then render the dashboard (the hand-written code,
// byte for byte, over the regenerated code) against the regenerated orval MSW mocks, and see the
// column, the filter and the new screen with its menu entry for an admin and not for a member,
// with no hand-written file changed.
//
// Layout of the scratch folder (inside the repo, under the git-ignored .tmp/, so packages resolve
// from the repo's node_modules and whole-repo hashing tests skip it):
//   .tmp/platform-team-<id>/openapi/        the edited copy of openapi/
//   .tmp/platform-team-<id>/src/generated/  codegen's output for it
//   .tmp/platform-team-<id>/src/dashboard/  copies of the hand-written code, whose
//   .tmp/platform-team-<id>/src/shared/     '../../generated/...' imports now reach the output above
import { faker } from '@faker-js/faker';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import type { RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import type { ComponentType } from 'react';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import * as committedNavigation from '../../../src/dashboard/app/navigation.ts';
import { accountsResource as committedAccounts } from '../../../src/generated/resources/accounts.ts';
import type { ResourceDefinition } from '../../../src/generated/resources/types.ts';
import {
  applyPlatformTeamEdits,
  NEW_COLUMN,
  NEW_ENUM_LABELS,
  NEW_ENUM_SCHEMA,
  NEW_FILTER,
  NEW_OPERATION,
  NEW_RESOURCE,
} from './contractEdits.ts';

// One react-router for everything. Under vitest, code it transforms (this file, the dashboard) gets
// react-router's ESM build while react-admin, loaded by node, reaches its CommonJS build through
// react-router-dom: two router contexts, so <Admin basename="/dashboard"> would not see the
// MemoryRouter and would open a HashRouter of its own. The browser bundle has one copy; so has this test.
vi.mock('react-router', async () => {
  const { createRequire } = await import('node:module');
  return createRequire(import.meta.url)('react-router') as Record<string, unknown>;
});

type Navigation = typeof import('../../../src/dashboard/app/navigation.ts');
type Role = Navigation['ROLES'][number];
type Json = Record<string, unknown>;

const REPO = resolve(__dirname, '../../..');
const SCRATCH = join(REPO, '.tmp', `platform-team-${process.pid}-${randomBytes(4).toString('hex')}`);
const CONTRACT = join(SCRATCH, 'openapi');
const SRC = join(SCRATCH, 'src');
const GENERATED = join(SRC, 'generated');
const COMMITTED_GENERATED = join(REPO, 'src', 'generated');
/** The hand-written code the dashboard is: copied unchanged next to the regenerated code. */
const HAND_WRITTEN = ['src/dashboard', 'src/shared'];
/** Where a misdirected codegen run would write: the contract, the generators and the committed output. */
const CODEGEN_TREES = ['openapi', 'codegen', 'src/generated'];
/** What the test must leave alone. */
const UNTOUCHED = [...HAND_WRITTEN, ...CODEGEN_TREES];
const ORIGIN = 'http://localhost';
const FALLBACK_LABELS = ['Running', 'Paused', 'Disabled'];

function hashTree(dir: string, out = new Map<string, string>(), root = dir): Map<string, string> {
  if (!existsSync(dir)) return out;
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) hashTree(full, out, root);
    else if (entry.isFile()) out.set(relative(root, full), createHash('sha256').update(readFileSync(full)).digest('hex'));
  }
  return out;
}

/** Fresh output against the committed tree, as codegen:check compares them (pipeline.ts cannot load in jsdom). */
function compareTrees(fresh: string, committed: string): { changed: string[]; missing: string[]; orphaned: string[] } {
  const want = hashTree(fresh);
  const have = hashTree(committed);
  return {
    changed: [...want.keys()].filter((file) => have.has(file) && have.get(file) !== want.get(file)).sort(),
    missing: [...want.keys()].filter((file) => !have.has(file)).sort(),
    orphaned: [...have.keys()].filter((file) => !want.has(file)).sort(),
  };
}

const snapshot = (dirs: readonly string[]) => new Map(dirs.map((dir) => [dir, hashTree(join(REPO, dir))]));

/** Read-only: what git sees as changed under the given paths (no index refresh, no lock). */
function gitStatus(paths: readonly string[]): string {
  const result = spawnSync('git', ['--no-optional-locks', 'status', '--porcelain', '--', ...paths], { cwd: REPO, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`git status failed: ${result.stderr}`);
  return result.stdout;
}

/**
 * generateAll + writeTree on the edited copy, in a plain node process (regenerate.ts): this
 * project runs in jsdom, whose URL class the pipeline's node-only steps cannot use.
 */
function regenerate(): { files: string[]; written: string[]; deleted: string[] } {
  const result = spawnSync(process.execPath, ['--import', 'tsx', join(__dirname, 'regenerate.ts'), CONTRACT, GENERATED], {
    cwd: REPO,
    encoding: 'utf8',
    maxBuffer: 16 * 1024 * 1024,
  });
  if (result.status !== 0) throw new Error(`codegen failed on the edited contract:\n${result.stdout}${result.stderr}`);
  return JSON.parse(result.stdout.trim().split('\n').at(-1) ?? '{}') as { files: string[]; written: string[]; deleted: string[] };
}

/** A module of the scratch tree (hand-written copy or regenerated code), loaded by the test runner. */
const load = <T,>(path: string): Promise<T> => import(/* @vite-ignore */ join(SRC, path)) as Promise<T>;

// The modules of the regenerated dashboard, loaded once the scratch tree exists.
let navigation: Navigation;
let AppRoutes: ComponentType;
let sessionStore: typeof import('../../../src/dashboard/session/index.ts')['sessionStore'];
let dashboardVersion: string;
let mocks: Json & typeof import('../../../src/generated/mocks/engine.ts');
let accountsResource: ResourceDefinition;
let auditResource: ResourceDefinition;
let labels: Json;
let routesModule: typeof import('../../../src/generated/dashboard/routes.ts');

let server: ReturnType<typeof setupServer>;
const unhandled: string[] = [];
let before: { status: string; hashes: Map<string, Map<string, string>> };
let generation: ReturnType<typeof regenerate>;
/** Hashes of each hand-written folder's copy and of the repo's folder, taken when it was copied. */
const copied = new Map<string, { copy: Map<string, string>; repo: Map<string, string> }>();

beforeAll(async () => {
  before = { status: gitStatus(UNTOUCHED), hashes: snapshot(CODEGEN_TREES) };
  mkdirSync(SCRATCH, { recursive: true });
  cpSync(join(REPO, 'openapi'), CONTRACT, { recursive: true });
  applyPlatformTeamEdits(CONTRACT);
  generation = regenerate();
  for (const dir of HAND_WRITTEN) {
    cpSync(join(REPO, dir), join(SCRATCH, dir), { recursive: true });
    copied.set(dir, { copy: hashTree(join(SCRATCH, dir)), repo: hashTree(join(REPO, dir)) });
  }

  // The dashboard's clients call the services' absolute URLs (the build's VITE_ENGINE_URL), which
  // the generated handlers (*/api/<call>) answer.
  vi.stubEnv('VITE_ENGINE_URL', `${ORIGIN}/api`);
  vi.stubEnv('VITE_AI_URL', `${ORIGIN}/ai`);
  // The handlers first: openapi-fetch keeps the fetch it finds when a client is created, so the
  // dashboard's clients must be created (its modules loaded) after MSW has patched fetch.
  mocks = await load('generated/mocks/engine.ts');
  const handlers = await load<{ engineHandlers: RequestHandler[]; aiHandlers: RequestHandler[] }>('generated/mocks/index.ts');
  server = setupServer(...handlers.engineHandlers, ...handlers.aiHandlers);
  server.listen({ onUnhandledRequest: (request) => void unhandled.push(`${request.method} ${request.url}`) });

  navigation = await load<Navigation>('dashboard/app/navigation.ts');
  ({ AppRoutes } = await load<{ AppRoutes: ComponentType }>('dashboard/app/App.tsx'));
  ({ sessionStore } = await load<typeof import('../../../src/dashboard/session/index.ts')>('dashboard/session/index.ts'));
  ({ DASHBOARD_VERSION: dashboardVersion } = await load<{ DASHBOARD_VERSION: string }>('dashboard/machines/versionCheck/index.ts'));
  ({ accountsResource } = await load<{ accountsResource: ResourceDefinition }>('generated/resources/accounts.ts'));
  ({ auditTrailResource: auditResource } = await load<{ auditTrailResource: ResourceDefinition }>(`generated/resources/${NEW_RESOURCE.name}.ts`));
  labels = await load<Json>('generated/labels.ts');
  routesModule = await load('generated/dashboard/routes.ts');
  // The screens the tests open load lazily; transforming them here keeps that cost out of the tests' timeouts.
  await Promise.all(['dashboard/app/DashboardApp.tsx', 'dashboard/resources/accounts/index.ts', 'dashboard/pages/NotFoundPage.tsx'].map((path) => load(path)));
}, 240_000);

afterEach(async () => {
  cleanup();
  server?.resetHandlers();
  await sessionStore?.clear();
  localStorage.clear();
});

afterAll(() => {
  server?.close();
  vi.unstubAllEnvs();
  rmSync(SCRATCH, { recursive: true, force: true });
});

// --- rendering helpers --------------------------------------------------------------------------

interface Served {
  accounts: Json[];
  auditTrail: Json[];
  accountsQueries: URLSearchParams[];
  auditTrailCalls: number;
}

/**
 * Signs `role` in and answers from the generated mocks: the generated handlers for every call,
 * with the generated response factories for the user (its role; no test-account popup over the
 * page) and the version (this build's, so the version check stays quiet). The list answers are
 * the factories' too, recorded so the test can look for their rows on screen.
 */
async function signIn(role: Role): Promise<Served> {
  faker.seed(20_260_522);
  const served: Served = { accounts: [], auditTrail: [], accountsQueries: [], auditTrailCalls: 0 };
  const user = mocks.getUserUserDetailsResponseMock();
  const version = mocks.getAuthGetUiVersionResponseMock();
  const auditMock = mocks.getAppGetAuditTrailResponseMock as () => { msg: { events: Json[] } };
  const auditHandler = mocks.getAppGetAuditTrailMockHandler as (answer: () => unknown) => RequestHandler;
  server.use(
    mocks.getUserUserDetailsMockHandler({ ...user, msg: { ...user.msg, role, featureFlags: {}, hideTestAccPopup: true } }),
    mocks.getAuthGetUiVersionMockHandler({ ...version, msg: { ...version.msg, uiVersion: dashboardVersion } }),
    mocks.getAppGetIntegrationAccountsMockHandler(({ request }) => {
      const body = mocks.getAppGetIntegrationAccountsResponseMock();
      served.accountsQueries.push(new URL(request.url).searchParams);
      served.accounts.push(...(body.msg.organizationDetails as unknown as Json[]));
      return body;
    }),
    auditHandler(() => {
      const body = auditMock();
      served.auditTrailCalls += 1;
      served.auditTrail.push(...body.msg.events);
      return body;
    }),
  );
  // A distinct token per sign-in: the authProvider caches the user per token.
  await sessionStore.save({ token: `token-${role}-${randomBytes(4).toString('hex')}`, isLoggedIn: true, isFirstLogin: false, onBoardingCompleted: true, uiVersion: dashboardVersion });
  return served;
}

const renderDashboard = (path: string) =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <AppRoutes />
    </MemoryRouter>,
  );

const LONG = { timeout: 30_000 };
const sidebar = async () => within(await screen.findByRole('complementary', { name: 'Sidebar' }, LONG));
const header = (name: string) => screen.findByRole('columnheader', { name }, LONG);

// --- the tests ----------------------------------------------------------------------------------

describe('the platform-team test: contract edits reach the dashboard through codegen alone', { timeout: 90_000 }, () => {
  it('regenerates the accounts resource, the enum labels, the new resource, the route table, the menu icons and the mocks', () => {
    expect(generation.deleted).toEqual([]);
    const diff = compareTrees(GENERATED, COMMITTED_GENERATED);
    expect(diff.missing).toEqual([`resources/${NEW_RESOURCE.name}.ts`]);
    expect(diff.orphaned).toEqual([]);
    expect(diff.changed).toEqual(
      expect.arrayContaining([
        'api/engine.ts',
        'contract/engine.ts',
        'dashboard/menuIcons.ts',
        'dashboard/routes.ts',
        'engine/operations.ts',
        'labels.ts',
        'mocks/engine.ts',
        'mocks/index.ts',
        'resources/accounts.ts',
        'resources/index.ts',
      ]),
    );

    // (a) and (b) in the accounts definition; the committed one has neither.
    expect(committedAccounts.columns.some((column) => column.source === NEW_COLUMN.source)).toBe(false);
    expect(committedAccounts.filters.some((filter) => (filter.source as string) === NEW_FILTER.source)).toBe(false);
    expect(accountsResource.columns.find((column) => column.source === NEW_COLUMN.source)).toEqual(NEW_COLUMN);
    expect(accountsResource.columns.at(-1)?.kind).toBe('actions');
    expect(accountsResource.filters.find((filter) => filter.source === NEW_FILTER.source)).toEqual({
      ...NEW_FILTER,
      choices: Object.keys(NEW_ENUM_LABELS),
      choiceLabels: NEW_ENUM_LABELS,
      in: 'query',
    });
    expect(labels.enumLabels).toMatchObject({ [NEW_ENUM_SCHEMA]: NEW_ENUM_LABELS });

    // (c): the list definition, the route (roles from x-roles) and the menu entry.
    expect(auditResource).toMatchObject({
      name: NEW_RESOURCE.name,
      service: 'engine',
      operationId: NEW_OPERATION.operationId,
      method: 'get',
      path: NEW_OPERATION.path,
      route: NEW_RESOURCE.route,
      rows: 'msg.events',
      rowId: 'eventId',
      paging: { style: 'cursor', pageSize: 10 },
      filters: [],
    });
    expect(auditResource.columns.map(({ source, label, kind }) => ({ source, label, kind }))).toEqual(NEW_RESOURCE.columns);
    expect(routesModule.dashboardRoutes.find((route) => route.pattern === NEW_RESOURCE.name)).toEqual({
      pattern: NEW_RESOURCE.name,
      title: NEW_RESOURCE.title,
      roles: ['admin'],
      listScreen: true,
      resource: NEW_RESOURCE.name,
    });
    expect(routesModule.menuEntries.find((entry) => entry.key === NEW_RESOURCE.name)).toEqual({
      key: NEW_RESOURCE.name,
      path: NEW_RESOURCE.route,
      menu: 'sidebar',
      ...NEW_RESOURCE.menu,
    });
    expect(readFileSync(join(GENERATED, 'dashboard/menuIcons.ts'), 'utf8')).toContain(`import ${NEW_RESOURCE.menu.icon} from '@mui/icons-material/${NEW_RESOURCE.menu.icon}';`);
  });

  it('gives an admin the new menu entry and route, and a member neither', () => {
    const entry = (role: Role) => navigation.menuFor(role).find((item) => item.key === NEW_RESOURCE.name);
    expect(committedNavigation.menuFor('admin').some((item) => item.key === NEW_RESOURCE.name)).toBe(false);
    expect(committedNavigation.canAccess('admin', NEW_RESOURCE.route)).toBe(false);

    expect(entry('admin')).toMatchObject({ key: NEW_RESOURCE.name, label: NEW_RESOURCE.menu.label, path: NEW_RESOURCE.route, sidebar: true });
    expect(navigation.canAccess('admin', NEW_RESOURCE.route)).toBe(true);
    expect(navigation.titleFor(NEW_RESOURCE.route)).toBe(NEW_RESOURCE.title);
    // Between API Keys & Webhooks (order 100) and the Administration group (110).
    const keys = navigation.menuFor('admin').map((item) => item.key);
    expect(keys.indexOf(NEW_RESOURCE.name)).toBe(keys.indexOf('api-keys') + 1);

    for (const role of ['member', 'billingcontact'] as const) {
      expect(entry(role), role).toBeUndefined();
      expect(navigation.canAccess(role, NEW_RESOURCE.route), role).toBe(false);
    }
    // The accounts list keeps its roles: the new column and filter are for everyone who sees it.
    expect(navigation.canAccess('member', '/dashboard/accounts')).toBe(true);
  });

  it('an admin sees the new column and the labelled filter on accounts, the menu entry, and the new screen behind it', async () => {
    const served = await signIn('admin');
    renderDashboard('/dashboard/accounts');

    // (a) The new column, with the mock rows' values in it.
    expect(await header(NEW_COLUMN.label)).toBeTruthy();
    await waitFor(() => expect(served.accounts.length).toBeGreaterThan(0), LONG);
    const firstRow = served.accounts[0]!;
    expect(await screen.findByText(String(firstRow[NEW_COLUMN.source]), undefined, LONG)).toBeTruthy();
    const headers = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(headers.indexOf(NEW_COLUMN.label)).toBe(headers.indexOf('Actions') - 1);

    // (b) The new filter: a select whose choices read as the contract's x-enum-labels.
    const select = await screen.findByRole('combobox', { name: new RegExp(`^${NEW_FILTER.label}`) }, LONG);
    fireEvent.mouseDown(select);
    const listbox = within(await screen.findByRole('listbox', undefined, LONG));
    expect(listbox.getAllByRole('option').map((option) => option.textContent)).toEqual(['All', ...Object.values(NEW_ENUM_LABELS)]);
    for (const fallback of FALLBACK_LABELS) expect(listbox.queryByText(fallback)).toBeNull();
    // Choosing a label sends its enum value as the query parameter.
    fireEvent.click(listbox.getByRole('option', { name: NEW_ENUM_LABELS.paused }));
    await waitFor(() => expect(served.accountsQueries.at(-1)?.get(NEW_FILTER.source)).toBe('paused'), LONG);

    // (c) The menu entry, and the generated list screen it opens.
    const menu = await sidebar();
    const link = await menu.findByRole('link', { name: NEW_RESOURCE.menu.label }, LONG);
    expect(link.getAttribute('href')).toBe(NEW_RESOURCE.route);
    fireEvent.click(link);
    expect(await screen.findByRole('heading', { level: 1, name: NEW_RESOURCE.title }, LONG)).toBeTruthy();
    for (const column of NEW_RESOURCE.columns) expect(await header(column.label)).toBeTruthy();
    await waitFor(() => expect(served.auditTrail.length).toBeGreaterThan(0), LONG);
    expect(await screen.findByText(String(served.auditTrail[0]!.actor), undefined, LONG)).toBeTruthy();
    expect((await sidebar()).getByRole('link', { name: NEW_RESOURCE.menu.label }).className).toContain('Mui-selected');
    expect(unhandled).toEqual([]);
  });

  it('a member sees the new column and filter on accounts (its roles), no menu entry, and a 404 for the new screen', async () => {
    const served = await signIn('member');
    const view = renderDashboard('/dashboard/accounts');

    expect(await header(NEW_COLUMN.label)).toBeTruthy();
    expect(await screen.findByRole('combobox', { name: new RegExp(`^${NEW_FILTER.label}`) }, LONG)).toBeTruthy();
    const menu = await sidebar();
    // The member's menu has loaded (its own entries are there) and lacks the new one.
    expect(await menu.findByRole('link', { name: 'Integrated Accounts' }, LONG)).toBeTruthy();
    expect(menu.queryByRole('link', { name: NEW_RESOURCE.menu.label })).toBeNull();
    expect(menu.queryByText(NEW_RESOURCE.menu.label)).toBeNull();
    view.unmount();

    renderDashboard(NEW_RESOURCE.route);
    expect(await screen.findByRole('heading', { name: '404' }, LONG)).toBeTruthy();
    expect(screen.getByText('Sorry, the page you visited does not exist.')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: NEW_RESOURCE.title })).toBeNull();
    expect(served.auditTrailCalls).toBe(0);
    expect(unhandled).toEqual([]);
  });

  // Last, so it covers the whole run.
  it('changes no hand-written file: the dashboard above ran on the committed hand-written code, and the repo is untouched', () => {
    // The scratch src/ holds byte-identical copies of the hand-written folders and codegen's output, nothing else.
    expect(readdirSync(SRC).sort()).toEqual(['dashboard', 'generated', 'shared']);
    for (const dir of HAND_WRITTEN) {
      expect(copied.get(dir)!.copy.size, dir).toBeGreaterThan(0);
      expect(copied.get(dir)!.copy, dir).toEqual(copied.get(dir)!.repo);
      expect(hashTree(join(SCRATCH, dir)), dir).toEqual(copied.get(dir)!.copy);
    }
    // git's view of the same folders: no file changed, added or removed since the test began.
    const lines = (status: string) => status.split('\n').filter(Boolean);
    const now = lines(gitStatus(UNTOUCHED));
    const was = lines(before.status);
    expect({ appeared: now.filter((line) => !was.includes(line)), vanished: was.filter((line) => !now.includes(line)) }).toEqual({ appeared: [], vanished: [] });
    // Byte for byte where codegen could have written.
    const after = snapshot(CODEGEN_TREES);
    for (const dir of CODEGEN_TREES) {
      const was = before.hashes.get(dir)!;
      const now = after.get(dir)!;
      const touched = [...new Set([...was.keys(), ...now.keys()])].filter((file) => was.get(file) !== now.get(file));
      expect(touched, dir).toEqual([]);
    }
  });
});
