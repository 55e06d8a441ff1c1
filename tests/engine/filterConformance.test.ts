import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { aiDocument, engineDocument, type OpenApiDocument, type SchemaNode } from '../../src/generated/contract/index.ts';
import { resourceList, type FilterDefinition, type ResourceDefinition } from '../../src/generated/resources/index.ts';
import { graphQuery } from '../../src/dashboard/resources/issues/issueRules.ts';
import { activityOf, logsGraphQuery } from '../../src/dashboard/resources/logs/logsGraph.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { demoAdmin, type OrgSession } from '../support/dataFixtures.ts';

// Every filter the contract declares on a list operation (x-resource `filters`), called with each
// of its values on the seeded demo: every returned row must satisfy the filter, every baseline row
// that satisfies it must come back, the total above the table (x-resource `total`) and the other
// counters the screen shows beside the list must count the filtered rows, and the filter must
// narrow the list at least once where the seed has rows it should remove. A filter the engine
// ignores, or a counter that ignores a filter, fails here.
//
// What a filter means for a row is derived from the contract where it can be: a filter whose
// source (or the parameter its choices narrow, `narrowBy`) is a row field, or `<source>Value`,
// `<source>Id`, matches that field (by value or by the value's label); an id filter without the
// field matches `<base>Name`/`<base>Label` by the choice's label, and a row carrying another
// list's row id (integrationId) is joined to that list's row; date ranges and time filters match
// the row's first date column; a time filter on rows without a date narrows the rows' counters;
// a search matches a string of the row. What cannot be derived is said once in DECLARED below; a
// declared filter that is in neither fails.

type Row = Record<string, any>;
type Values = Record<string, unknown>;
type Definition = ResourceDefinition;
type Filter = FilterDefinition;

/** A filter's relation to a row, where the contract does not say it in a form a test can read. */
interface Relation {
  how: string;
  holds(row: Row, value: unknown, label?: string): boolean;
  /** The unfiltered rows that must come back, where that is narrower than `holds` (a search). */
  mustReturn?(row: Row, value: unknown): boolean;
}

// Filters whose meaning for a row the contract gives only in prose. Keep this small: a filter that
// can be derived must not be listed (the last test checks both ways).
const DECLARED: Record<string, Relation> = {
  // The view switch of /dashboard/logs: one operation serves both views and a row says which by
  // logType (LogRow's if/then/else), not by a field named after the switch.
  'logs.isApiLogs': { how: 'declared: logType is api for true, webhook for false', holds: (row, value) => row.logType === (value ? 'api' : 'webhook') },
  // IssueTypeFilter (api | webhook) is the issue's log type.
  'issues.type': { how: 'declared: logType', holds: (row, value) => row.logType === value },
  // IssueStatusFilter: outstanding issues are the unresolved ones (IssueRow.resolved).
  'issues.status': { how: 'declared: resolved', holds: (row, value) => row.resolved === (value === 'resolved') },
  // The matrix shows model fields or APIs; a row says which by kind (model | api).
  'fcm.modelsOrApis': { how: 'declared: kind is model for models, api for apis', holds: (row, value) => row.kind === (value === 'models' ? 'model' : 'api') },
  // The matrix rows are the category's models' fields or its APIs (app.categoryList, read in beforeAll).
  'fcm.category': { how: 'declared: modelId is a model or API of the category (app.categoryList)', holds: (row, value) => modelsOfCategory.get(value as string)?.has(row.modelId) ?? false },
};

// Counters a screen shows beside its table besides x-resource `total`, which the contract does not
// tie to the list. `split` names filters the counters do not take because they show each value
// separately (the issues counters are Outstanding / Resolved / Total).
interface CounterCheck {
  split?: string[];
  check(context: CounterContext): Promise<string[]>;
}
interface CounterContext {
  scope: Scope;
  filter: Filter;
  /** The values of the unfiltered list the filter is tried against (the view included). */
  base: Values;
  values: Values;
  listing: Listing;
  baseline: Listing;
}

const DAY = 86_400_000;
const MAX_PAGES = 40;
/** Parent rows (most recent first) a detail list is tried under before the two with most rows are kept. */
const PARENT_CANDIDATES = 40;
const documents: Record<Definition['service'], OpenApiDocument> = { engine: engineDocument, ai: aiDocument };

let t: TestEngine;
let demo: OrgSession;
let now: number;
/** app.categoryList: the model and API ids of each category. */
let modelsOfCategory = new Map<string, Set<string>>();
const notes: string[] = [];

beforeAll(async () => {
  t = await startTestEngine();
  demo = await demoAdmin(t);
  now = t.clock.now();
  const categories = (await t.call('GET', '/api/app.categoryList', { token: demo.token })).body.msg as { categoryId: string; models: { modelId: string }[]; api: { modelId: string }[] }[];
  modelsOfCategory = new Map(categories.map((c) => [c.categoryId, new Set([...c.models, ...c.api].map((m) => m.modelId))]));
});
afterAll(async () => {
  if (notes.length) console.info(`filter conformance:\n  ${notes.join('\n  ')}`);
  await t?.close();
});

// ---------------------------------------------------------------------------------------------
// The contract

function resolve(document: OpenApiDocument, node: unknown): SchemaNode | undefined {
  let current = node as SchemaNode | undefined;
  for (let i = 0; current && typeof current.$ref === 'string' && i < 20; i += 1) {
    const path = (current.$ref as string).replace(/^#\//, '').split('/');
    current = path.reduce<any>((at, key) => at?.[key.replace(/~1/g, '/').replace(/~0/g, '~')], document);
  }
  return current;
}

function operationOf(def: Definition) {
  const operation = documents[def.service].paths[def.path]?.[def.method];
  if (!operation) throw new Error(`${def.name}: the contract has no ${def.method} ${def.path}`);
  return operation;
}

const basePath = (def: Definition) => documents[def.service].servers?.[0]?.url ?? '/api';

/** The schema of a query parameter or body property of the list operation, and whether it is required. */
function parameterOf(def: Definition, name: string, where: 'query' | 'body'): { schema?: SchemaNode; required: boolean } {
  const document = documents[def.service];
  const operation = operationOf(def);
  if (where === 'query') {
    const parameter = (operation.parameters ?? []).map((p) => resolve(document, p)).find((p) => p?.in === 'query' && p.name === name);
    return { schema: resolve(document, parameter?.schema), required: parameter?.required === true };
  }
  const body = resolve(document, (resolve(document, operation.requestBody)?.content as any)?.['application/json']?.schema);
  return { schema: resolve(document, (body?.properties as any)?.[name]), required: ((body?.required as string[] | undefined) ?? []).includes(name) };
}

const pagingIn = (def: Definition): 'query' | 'body' => (def.method === 'get' ? 'query' : 'body');

/** Rows per page for complete listings: the operation's largest limit. */
function pageLimit(def: Definition): number {
  return Number(parameterOf(def, 'limit', pagingIn(def)).schema?.maximum ?? 100);
}

const dig = (value: unknown, path: string): any => path.split('.').reduce<any>((at, key) => at?.[key], value);

/** The date columns of a list, display order, with the factor to ms. */
function dateColumns(def: Definition): { source: string; toMs: number }[] {
  return def.columns.filter((c) => c.kind === 'date' && c.source).map((c) => ({ source: c.source!, toMs: c.timestampUnit === 's' ? 1000 : 1 }));
}

/** A row's date: its first date column that it carries, in ms. */
function dateOf(def: Definition, row: Row): number | undefined {
  for (const column of dateColumns(def)) if (typeof row[column.source] === 'number') return row[column.source] * column.toMs;
  return undefined;
}

/** A time filter's look-back in ms: a number is the look-back itself; lastN is N days, lastNh N hours. */
function windowOf(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  const match = /^last(\d+)(h?)$/.exec(String(value));
  if (!match) return undefined;
  return Number(match[1]) * (match[2] ? 3_600_000 : DAY);
}

const isAllChoice = (value: unknown) => value === 'all';

// ---------------------------------------------------------------------------------------------
// Calling a list

interface Scope {
  def: Definition;
  /** Route params (detail lists), by request parameter name. */
  params: Values;
  label: string;
}
interface Listing {
  ok: boolean;
  error?: string;
  rows: Row[];
  /** Every page was read. */
  complete: boolean;
  total?: number;
  /** The first page's body (counters the list returns beside its rows). */
  first: any;
}

/** Where a list parameter goes: a filter's own `in`, the route params and paging by the method. */
function placeOf(def: Definition, name: string): 'query' | 'body' {
  const filter = def.filters.find((f) => f.source === name || f.end === name);
  return filter ? filter.in : pagingIn(def);
}

async function callList(scope: Scope, values: Values, page: Values = {}) {
  const { def } = scope;
  const query: Record<string, string> = {};
  const body: Values = {};
  for (const [name, value] of Object.entries({ ...scope.params, ...values, ...page })) {
    if (value === undefined) continue;
    if (placeOf(def, name) === 'query') query[name] = Array.isArray(value) ? value.join(',') : String(value);
    else body[name] = value;
  }
  return t.call(def.method.toUpperCase() as 'GET' | 'POST', `${basePath(def)}${def.path}`, { token: demo.token, query, body: def.method === 'get' ? undefined : body });
}

const listings = new Map<string, Promise<Listing>>();

/** Every row of a list under the values (up to MAX_PAGES pages of the largest page size). */
function listAll(scope: Scope, values: Values): Promise<Listing> {
  const key = JSON.stringify([scope.def.name, scope.params, Object.entries(values).filter(([, v]) => v !== undefined).sort()]);
  let listing = listings.get(key);
  if (!listing) {
    listing = readAll(scope, values);
    listings.set(key, listing);
  }
  return listing;
}

async function readAll(scope: Scope, values: Values): Promise<Listing> {
  const { def } = scope;
  const rows: Row[] = [];
  let first: any;
  let cursor: string | null = null;
  for (let pageNo = 1; pageNo <= MAX_PAGES; pageNo += 1) {
    const page: Values = def.paging.style === 'none' ? {} : { limit: pageLimit(def), ...(cursor ? { cursor } : {}), ...(def.paging.style === 'pageNumber' ? { pageNo } : {}) };
    const res = await callList(scope, values, page);
    if (res.status !== 200) return { ok: false, error: `answered ${res.status} ${JSON.stringify(res.body?.error ?? res.body)}`, rows, complete: false, first };
    first ??= res.body;
    rows.push(...((dig(res.body, def.rows) ?? []) as Row[]));
    cursor = res.body.msg?.nextCursor ?? null;
    const more = def.paging.style !== 'none' && (cursor !== null || res.body.msg?.hasMoreRecords === true);
    if (!more) return { ok: true, rows, complete: true, total: def.total ? dig(first, def.total) : undefined, first };
    if (!cursor && def.paging.style === 'cursor') break;
  }
  return { ok: true, rows, complete: false, total: def.total ? dig(first, def.total) : undefined, first };
}

const idsOf = (def: Definition, rows: Row[]) => rows.map((r) => String(r[def.rowId]));

// ---------------------------------------------------------------------------------------------
// Baselines and detail lists

/** The values a screen cannot omit: required filters at their default. */
function baselineValues(def: Definition): Values {
  const values: Values = {};
  for (const f of def.filters) if (parameterOf(def, f.source, f.in).required) values[f.source] = f.default;
  return values;
}

/**
 * The views a filter is tried in: a toggle switches the whole list (API calls / webhooks), so every
 * other filter is tried under each of its values.
 */
function viewsOf(def: Definition, filter: Filter): Values[] {
  let views: Values[] = [{}];
  for (const toggle of def.filters.filter((f) => f.kind === 'toggle' && f !== filter)) {
    views = views.flatMap((view) => [true, false].map((value) => ({ ...view, [toggle.source]: value })));
  }
  return views;
}

/** The screen's initial filter values: every default. */
function defaultValues(def: Definition): Values {
  return Object.fromEntries(def.filters.filter((f) => f.default !== undefined).map((f) => [f.source, f.default]));
}

const routeParams = (template: string) => [...template.matchAll(/\{(\w+)\}/g)].map((m) => m[1]);

/** The list whose `show` route is this list's route: its rows fill this list's route params. */
function parentOf(def: Definition): { parent: Definition; bind: Record<string, string> } | undefined {
  const child = def.route.split('/');
  for (const parent of resourceList) {
    if (parent.service !== def.service || !parent.show) continue;
    const segments = parent.show.split('/');
    if (segments.length !== child.length) continue;
    const bind: Record<string, string> = {};
    const matches = segments.every((segment, i) => {
      const a = /^\{(\w+)\}$/.exec(segment);
      const b = /^\{(\w+)\}$/.exec(child[i]);
      if (a && b) { bind[b[1]] = a[1]; return true; }
      return !a && !b && segment === child[i];
    });
    if (matches) return { parent, bind };
  }
  return undefined;
}

const scopeCache = new Map<string, Promise<Scope[]>>();

/** The scopes a list is tested in: itself, or for a detail list the two parent rows (of the PARENT_CANDIDATES most recent) with most rows. */
function scopesOf(def: Definition): Promise<Scope[]> {
  let scopes = scopeCache.get(def.name);
  if (!scopes) {
    scopes = findScopes(def);
    scopeCache.set(def.name, scopes);
  }
  return scopes;
}

async function findScopes(def: Definition): Promise<Scope[]> {
  if (routeParams(def.route).length === 0) return [{ def, params: {}, label: def.name }];
  const link = parentOf(def);
  if (!link) throw new Error(`${def.name}: no list shows ${def.route}, so its route params cannot be filled`);
  const candidates: Scope[] = [];
  for (const parentScope of await scopesOf(link.parent)) {
    const parentRows = (await listAll(parentScope, baselineValues(link.parent))).rows;
    const recent = [...parentRows].sort((a, b) => (dateOf(link.parent, b) ?? 0) - (dateOf(link.parent, a) ?? 0)).slice(0, PARENT_CANDIDATES);
    for (const row of recent) {
      const params = Object.fromEntries(routeParams(def.route).map((name) => [name, row[link.bind[name]]]));
      candidates.push({ def, params, label: `${def.name} ${JSON.stringify(params)}` });
    }
  }
  const sized = await Promise.all(candidates.map(async (scope) => ({ scope, size: (await listAll(scope, baselineValues(def))).rows.length })));
  return sized.sort((a, b) => b.size - a.size).slice(0, 2).map((s) => s.scope);
}

// ---------------------------------------------------------------------------------------------
// Deriving a filter's relation to a row

/** Lists that other rows point at by their row id (integrationId -> accounts): top-level lists only. */
async function joinIndex(field: string, exclude: Definition): Promise<{ def: Definition; rows: Map<string, Row> } | undefined> {
  const def = resourceList.find((r) => r.rowId === field && r !== exclude && routeParams(r.route).length === 0 && r.service === exclude.service);
  if (!def) return undefined;
  const listing = await listAll({ def, params: {}, label: def.name }, baselineValues(def));
  return { def, rows: new Map(listing.rows.map((r) => [String(r[def.rowId]), r])) };
}

/** Names a select filter's value may go by: its source and the metadata parameters it narrows. */
function aliasesOf(def: Definition, filter: Filter): string[] {
  const narrowing = def.filters.flatMap((f) => Object.entries(f.choicesFrom?.narrowBy ?? {}).filter(([, source]) => source === filter.source).map(([param]) => param));
  return [...new Set([filter.source, ...narrowing])];
}

const fieldVariants = (name: string) => [name, `${name}Value`, `${name}Id`];

function valueMatches(actual: unknown, value: unknown, label?: string): boolean {
  if (Array.isArray(value)) return value.some((v) => valueMatches(actual, v, label));
  return actual === value || (label !== undefined && actual === label) || (typeof value === 'boolean' && actual === String(value));
}

/** Fields of the rows that carry the value itself. */
function directFields(rows: Row[], aliases: string[]): string[] {
  return aliases.flatMap(fieldVariants).filter((field) => rows.some((r) => field in r));
}

/** Fields of the rows that carry the value's label: `<base>Name`/`<base>Label` of an `<base>Id` filter. */
function labelFields(rows: Row[], aliases: string[]): string[] {
  return aliases.filter((a) => /Id$/.test(a)).flatMap((a) => [`${a.slice(0, -2)}Name`, `${a.slice(0, -2)}Label`]).filter((field) => rows.some((r) => field in r));
}

async function deriveRelation(def: Definition, filter: Filter, sample: Row[]): Promise<Relation | undefined> {
  const declared = DECLARED[`${def.name}.${filter.source}`];
  if (declared) return declared;
  return derive(def, filter, sample);
}

async function derive(def: Definition, filter: Filter, sample: Row[]): Promise<Relation | undefined> {
  switch (filter.kind) {
    case 'dateRange': {
      if (!sample.some((r) => dateOf(def, r) !== undefined)) return undefined;
      return { how: `date column (${dateColumns(def).map((c) => c.source).join(' | ')}) within [start, end]`, holds: (row, value) => {
        const { start, end } = value as { start: number; end: number };
        const at = dateOf(def, row);
        return at !== undefined && at >= start && at <= end;
      } };
    }
    case 'timeFilter': {
      if (!sample.some((r) => dateOf(def, r) !== undefined)) return undefined;
      return { how: `date column (${dateColumns(def).map((c) => c.source).join(' | ')}) within the look-back`, holds: (row, value) => {
        const at = dateOf(def, row);
        const window = windowOf(value);
        return at !== undefined && window !== undefined && at >= now - window && at <= now;
      } };
    }
    case 'search': {
      // A row found matches somewhere; a row whose first text column (the column the test takes
      // the value from) starts with it must be found.
      const column = searchColumn(def);
      return {
        how: `a string of the row contains it, case-insensitive (and every ${column} starting with it is found)`,
        holds: (row, value) => stringsOf(row).some((s) => s.toLowerCase().includes(String(value).toLowerCase())),
        mustReturn: (row, value) => typeof row[column] === 'string' && row[column].toLowerCase().startsWith(String(value).toLowerCase()),
      };
    }
    default: {
      const aliases = aliasesOf(def, filter);
      const direct = directFields(sample, aliases);
      if (direct.length) {
        return { how: `row field ${direct.join(' & ')}`, holds: (row, value, label) => {
          const present = direct.filter((f) => f in row);
          return present.length > 0 && present.every((f) => valueMatches(row[f], value, label));
        } };
      }
      // Each check says true, false, or nothing (a row the check cannot place): a row matches when
      // some check places it and none says false.
      const checks: { how: string; holds(row: Row, value: unknown, label?: string): boolean | undefined }[] = [];
      const labelled = labelFields(sample, aliases);
      if (labelled.length) {
        checks.push({ how: `row field ${labelled.join(' & ')} is the choice's label`, holds: (row, _value, label) => {
          const present = labelled.filter((f) => f in row);
          return present.length && label !== undefined ? present.every((f) => row[f] === label) : undefined;
        } });
      }
      // Joins through another list's row id, the first that knows the row (a webhook log's job may
      // be missing from the syncs list, its account never is from the accounts list).
      const joins: { key: string; rows: Map<string, Row>; fields: string[] }[] = [];
      for (const key of new Set(sample.flatMap((r) => Object.keys(r)))) {
        const index = await joinIndex(key, def);
        const fields = index ? directFields([...index.rows.values()], aliases) : [];
        if (index && fields.length) joins.push({ key, rows: index.rows, fields });
      }
      if (joins.length) {
        checks.push({ how: joins.map((j) => `${j.key} -> ${resourceList.find((r) => r.rowId === j.key && r !== def)!.name} row field ${j.fields.join(' & ')}`).join(' or '), holds: (row, value, label) => {
          for (const join of joins) {
            const other = join.rows.get(String(row[join.key]));
            if (other) return join.fields.every((f) => !(f in other) || valueMatches(other[f], value, label));
          }
          return undefined;
        } });
      }
      if (!checks.length) return undefined;
      return { how: checks.map((c) => c.how).join('; '), holds: (row, value, label) => {
        const said = checks.map((c) => c.holds(row, value, label));
        return said.some((x) => x === true) && !said.includes(false);
      } };
    }
  }
}

/** The column a search is tried with: the list's first text column. */
const searchColumn = (def: Definition) => def.columns.find((c) => c.kind === 'text' && c.source)?.source ?? def.rowId;

function stringsOf(value: unknown): string[] {
  if (typeof value === 'string') return [value];
  if (Array.isArray(value)) return value.flatMap(stringsOf);
  if (value && typeof value === 'object') return Object.values(value).flatMap(stringsOf);
  return [];
}

// ---------------------------------------------------------------------------------------------
// A filter's values

interface Choice {
  /** The parameters the choice sets (a date range sets two). */
  values: Values;
  /** The value the relation is tested with. */
  value: unknown;
  label?: string;
}

async function choicesOf(scope: Scope, filter: Filter, baseline: Listing): Promise<Choice[]> {
  const { def } = scope;
  const one = (value: unknown, label?: string): Choice => ({ values: { [filter.source]: filter.kind === 'multiselect' ? [value] : value }, value, label });
  switch (filter.kind) {
    case 'toggle':
      return [one(true), one(false)];
    case 'dateRange': {
      const unit = parameterOf(def, filter.source, filter.in).schema?.['x-timestamp'] === 's' ? 1000 : 1;
      const dates = [...new Set(baseline.rows.map((r) => dateOf(def, r)).filter((d): d is number => d !== undefined))].sort((a, b) => a - b);
      if (!dates.length) return [];
      // A window that leaves out the first and the last row's date, and the single instant of one
      // row (both ends inclusive), so neither end can be ignored unseen.
      const last = dates.length - 1;
      const mid = dates[Math.floor(last / 2)];
      const instants = dates.length >= 3 ? [[dates[1], dates[last - 1]], [mid, mid]] : dates.map((d) => [d, d]);
      // Rows show their date to the column's precision (seconds or ms): a window covers whole units.
      const precision = Math.max(...dateColumns(def).map((c) => c.toMs));
      const windows = instants.map(([start, end]) => [start, end + precision - 1]);
      return windows.map(([start, end]) => ({
        values: { [filter.source]: Math.floor(start / unit), [filter.end!]: Math.floor(end / unit) },
        value: { start: Math.floor(start / unit) * unit, end: Math.floor(end / unit) * unit + unit - 1 },
      }));
    }
    case 'search': {
      // A prefix of a real value of the first text column, and the same in upper case.
      const column = searchColumn(def);
      const values = baseline.rows.map((r) => r[column]).filter((v): v is string => typeof v === 'string' && v.length > 0);
      if (!values.length) return [];
      const real = values[Math.floor(values.length / 2)];
      const prefix = real.slice(0, Math.max(filter.minLength ?? 1, Math.ceil((real.length * 2) / 3)));
      return [one(prefix), one(prefix.toUpperCase())];
    }
    default: {
      if (filter.choicesFrom) {
        const from = filter.choicesFrom;
        const res = await t.call('GET', `${basePath(def)}${from.path}`, { token: demo.token, query: { ...from.query } });
        if (res.status !== 200) throw new Error(`${def.name}.${filter.source}: ${from.path} answered ${res.status}`);
        const list = (res.body.msg?.[from.list] ?? []) as { value: unknown; label?: string }[];
        return list.slice(0, 3).map((c) => one(c.value, c.label));
      }
      return (filter.choices ?? []).filter((c) => !isAllChoice(c)).map((c) => one(c, filter.choiceLabels?.[String(c)]));
    }
  }
}

// ---------------------------------------------------------------------------------------------
// The screens' other counters

const count = (rows: Row[], test: (r: Row) => boolean) => rows.filter(test).length;

const SCREEN_COUNTERS: Record<string, CounterCheck> = {
  // The category pie above the accounts table (msg.categoryDetails): the accounts matching every
  // filter except category, per category (the operation's description), so a slice keeps its size
  // while one category is chosen.
  accounts: {
    async check({ scope, values, listing }) {
      const problems: string[] = [];
      const pie = (listing.first?.msg?.categoryDetails ?? {}) as Record<string, number>;
      const labels = new Map(((listing.first?.msg?.categoryList ?? []) as { value: string; label: string }[]).map((c) => [c.value, c.label]));
      const { category: _category, ...others } = values;
      const counted = await listAll(scope, others);
      const sample = (await listAll(scope, baselineValues(scope.def))).rows;
      const relation = await deriveRelation(scope.def, scope.def.filters.find((f) => f.source === 'category')!, sample);
      if (!counted.complete || !relation) return ['categoryDetails: cannot read every account or relate a row to its category'];
      for (const category of new Set([...Object.keys(pie), ...labels.keys()])) {
        const expected = count(counted.rows, (r) => relation.holds(r, category, labels.get(category)));
        if ((pie[category] ?? 0) !== expected) problems.push(`categoryDetails.${category} is ${pie[category] ?? 0}, the accounts of that category under the other filters are ${expected}`);
      }
      return problems;
    },
  },
  // The counters above the issues table come from app.issue.graph with the screen's query
  // (issueRules.graphQuery): Outstanding, Resolved, Total and Total Issue Calls; they show each
  // status, so the status filter is not theirs.
  issues: {
    split: ['status'],
    async check({ scope, values }) {
      const screenValues = { ...defaultValues(scope.def), ...values };
      const res = await t.call('GET', '/api/app.issue.graph', { token: demo.token, query: graphQuery(screenValues) as Record<string, string> });
      if (res.status !== 200) return [`app.issue.graph answered ${res.status}`];
      const graph = res.body.msg;
      const { status: _status, ...others } = values;
      const counted = await listAll(scope, others);
      if (!counted.complete) return ['issues: cannot read every issue'];
      const status = DECLARED['issues.status'];
      const expected = {
        totalIssues: counted.rows.length,
        OutstandingIssues: count(counted.rows, (r) => status.holds(r, 'outstanding')),
        resolvedIssues: count(counted.rows, (r) => status.holds(r, 'resolved')),
        totalIssueCalls: counted.rows.reduce((sum, r) => sum + Number(r.issueCalls ?? 0), 0),
      };
      return Object.entries(expected).filter(([key, n]) => graph[key] !== n).map(([key, n]) => `app.issue.graph ${key} is ${graph[key]}, the issues table under the same filters gives ${n}`);
    },
  },
  // The activity line above the logs table: app.getLogsGraphData with the screen's query
  // (logsGraph.logsGraphQuery), drawn for the current view (activityOf). The last 24 hours are
  // counted from the logs themselves, so the API view's total is its rows; longer periods sum daily
  // counters from the UTC day the period starts (at least the rows); webhook totals count webhook
  // records rather than rows. Whatever the view, a filter that removes rows lowers the total.
  logs: {
    async check({ scope, filter, base, values, listing, baseline }) {
      const graphOf = async (v: Values) => {
        const screenValues = { ...defaultValues(scope.def), ...v };
        const res = await t.call('GET', '/api/app.getLogsGraphData', { token: demo.token, query: Object.fromEntries(Object.entries(logsGraphQuery(screenValues)).map(([k, x]) => [k, String(x)])) });
        if (res.status !== 200) throw new Error(`app.getLogsGraphData answered ${res.status}`);
        // The view as logViews.logViewOf reads it: isApiLogs, API calls unless false.
        return activityOf(res.body.msg, screenValues.isApiLogs === false ? 'webhook' : 'api').total;
      };
      const problems: string[] = [];
      const shown = await graphOf(values);
      const screenValues = { ...defaultValues(scope.def), ...values };
      const api = screenValues.isApiLogs !== false;
      if (api && listing.complete) {
        const period = windowOf(screenValues.timestamp)!;
        if (period <= DAY && shown !== listing.rows.length) problems.push(`graph total ${shown} is not the ${listing.rows.length} API rows of the last 24 hours`);
        if (shown < listing.rows.length) problems.push(`graph total ${shown} is below the ${listing.rows.length} API rows listed`);
      }
      if (filter.kind !== 'toggle' && listing.complete && baseline.complete) {
        const before = await graphOf(base);
        if (listing.rows.length < baseline.rows.length && !(shown < before)) problems.push(`graph total stays ${shown} (unfiltered ${before}) while the rows go from ${baseline.rows.length} to ${listing.rows.length}`);
        if (listing.rows.length > baseline.rows.length && !(shown >= before)) problems.push(`graph total drops to ${shown} (unfiltered ${before}) while the rows grow from ${baseline.rows.length} to ${listing.rows.length}`);
      }
      return problems;
    },
  },
};

// ---------------------------------------------------------------------------------------------
// The checks

/** One filter on one scope: every value, every check. Returns problems; narrowing is returned apart. */
async function checkFilter(scope: Scope, filter: Filter, view: Values): Promise<{ problems: string[]; narrowed: boolean; seedAllows: boolean; how: string; tried: number }> {
  const { def } = scope;
  const problems: string[] = [];
  const base = { ...baselineValues(def), ...view };
  const label = `${scope.label}${Object.keys(view).length ? ` ${JSON.stringify(view)}` : ''}`;
  const baseline = await listAll(scope, base);
  if (!baseline.ok) return { problems: [`${label} without filters ${baseline.error}`], narrowed: false, seedAllows: false, how: '', tried: 0 };
  if (!baseline.rows.length) return { problems: [`${label}: the seed gives no rows, so ${filter.source} cannot be checked`], narrowed: false, seedAllows: false, how: '', tried: 0 };
  const relation = await deriveRelation(def, filter, baseline.rows);
  const counterPeriod = !relation && filter.kind === 'timeFilter';
  if (!relation && !counterPeriod) {
    return { problems: [`${def.name}.${filter.source} (${filter.kind}): no row field relates to it and it is not in DECLARED, so the test cannot tell whether the engine honours it`], narrowed: false, seedAllows: false, how: '', tried: 0 };
  }
  const choices = await choicesOf(scope, filter, baseline);
  if (!choices.length) problems.push(`${def.name}.${filter.source}: no value to try on the seed`);
  let narrowed = false;
  let seedAllows = false;

  for (const choice of choices) {
    const values = { ...base, ...choice.values };
    const at = `${label} ${JSON.stringify(choice.values)}`;
    const listing = await listAll(scope, values);
    if (!listing.ok) { problems.push(`${at} ${listing.error}`); continue; }
    const ids = idsOf(def, listing.rows);

    if (relation) {
      // Every row returned satisfies the filter.
      const wrong = listing.rows.filter((r) => !relation.holds(r, choice.value, choice.label));
      if (wrong.length) problems.push(`${at}: ${wrong.length} of ${listing.rows.length} rows do not match (${relation.how}), e.g. ${JSON.stringify(pick(def, filter, wrong[0]))}`);
      // Every baseline row that satisfies it comes back.
      if (baseline.complete && listing.complete) {
        const returned = new Set(ids);
        const expected = relation.mustReturn ?? relation.holds;
        const missing = baseline.rows.filter((r) => expected(r, choice.value, choice.label) && !returned.has(String(r[def.rowId])));
        if (missing.length) problems.push(`${at}: ${missing.length} matching rows of the unfiltered list are missing, e.g. ${JSON.stringify(pick(def, filter, missing[0]))}`);
      }
      if (baseline.complete && baseline.rows.some((r) => !relation.holds(r, choice.value, choice.label))) seedAllows = true;
    } else if ((windowOf(choice.value) ?? Infinity) <= (windowOf(base[filter.source] ?? filter.default) ?? Infinity)) {
      // A period over rows without a date narrows their counters: against a longer period (all
      // time by default) none grows and some shrink.
      seedAllows = true;
      const before = new Map(baseline.rows.map((r) => [String(r[def.rowId]), r]));
      for (const row of listing.rows) {
        const old = before.get(String(row[def.rowId]));
        if (!old) continue;
        for (const [field, n] of Object.entries(row)) {
          if (typeof n !== 'number' || typeof old[field] !== 'number' || dateColumns(def).some((c) => c.source === field)) continue;
          if (n > old[field]) problems.push(`${at}: ${field} of ${row[def.rowId]} is ${n}, more than the ${old[field]} of the longer period`);
          if (n < old[field]) narrowed = true;
        }
      }
    }

    if (listing.complete && baseline.complete && listing.rows.length < baseline.rows.length) narrowed = true;
    if (typeof listing.total === 'number' && typeof baseline.total === 'number' && listing.total < baseline.total) narrowed = true;
    if (filter.kind === 'toggle' || (filter.default !== undefined && !isAllChoice(filter.default))) {
      // A filter that is always set (a view, a default category) narrows when its values give other rows.
      if (ids.join() !== idsOf(def, baseline.rows).join()) narrowed = true;
    }

    // The total above the table counts the filtered rows.
    if (def.total) {
      if (typeof listing.total !== 'number') problems.push(`${at}: no ${def.total}`);
      else if (listing.complete && listing.total !== listing.rows.length) problems.push(`${at}: ${def.total} is ${listing.total}, the list has ${listing.rows.length} rows${listing.total === baseline.total ? ' (the unfiltered total)' : ''}`);
      else if (!listing.complete && listing.total < listing.rows.length) problems.push(`${at}: ${def.total} is ${listing.total}, below the ${listing.rows.length} rows read`);
    }

    // The other counters the screen shows beside the list.
    const counters = SCREEN_COUNTERS[def.name];
    if (counters && !(counters.split ?? []).includes(filter.source)) {
      problems.push(...(await counters.check({ scope, filter, base, values, listing, baseline })).map((p) => `${at}: ${p}`));
    }
  }

  if (filter.default !== undefined && !(filter.source in base)) {
    // Sending the default is the same as leaving the filter out.
    const explicit = await listAll(scope, { ...base, [filter.source]: filter.default });
    if (!explicit.ok) problems.push(`${label} with the default ${filter.source}=${JSON.stringify(filter.default)} ${explicit.error}`);
    else if (idsOf(def, explicit.rows).join() !== idsOf(def, baseline.rows).join() || explicit.total !== baseline.total) problems.push(`${label}: the default ${filter.source}=${JSON.stringify(filter.default)} gives other rows than leaving it out`);
  }
  if (filter.kind === 'dateRange' && filter.defaultDays && relation) {
    // Without a range the list covers the last defaultDays days.
    const old = baseline.rows.filter((r) => !relation.holds(r, { start: now - filter.defaultDays! * DAY, end: now }));
    if (old.length) problems.push(`${label}: without a range ${old.length} rows fall outside the last ${filter.defaultDays} days`);
  }
  if (filter.kind === 'search' && (filter.minLength ?? 0) > 1 && choices.length) {
    // A search shorter than minLength is ignored.
    const short = await listAll(scope, { ...base, [filter.source]: String(choices[0].value).slice(0, filter.minLength! - 1) });
    if (idsOf(def, short.rows).join() !== idsOf(def, baseline.rows).join()) problems.push(`${label}: a search under ${filter.minLength} characters is not ignored`);
  }
  return { problems, narrowed, seedAllows, how: relation?.how ?? 'the period of the rows\' counters', tried: choices.length };
}

/** The fields of a failing row worth showing. */
function pick(def: Definition, filter: Filter, row: Row): Row {
  const keep = new Set([def.rowId, ...aliasesOf(def, filter).flatMap(fieldVariants), ...dateColumns(def).map((c) => c.source), 'logType', 'resolved', 'kind', 'modelId', 'integrationId', 'originOrgName']);
  return Object.fromEntries(Object.entries(row).filter(([k]) => keep.has(k)));
}

// ---------------------------------------------------------------------------------------------
// The tests, one per declared filter

const filtered = resourceList.filter((def) => def.filters.length > 0);

describe.each(filtered.map((def) => [def.name, def] as const))('%s', (_name, def) => {
  it.each(def.filters.map((f) => [`${f.source} (${f.kind})`, f] as const))('honours %s', async (_label, filter) => {
    const problems: string[] = [];
    let narrowed = false;
    let seedAllows = false;
    const hows = new Set<string>();
    let tried = 0;
    for (const [scope, view] of (await scopesOf(def)).flatMap((scope) => viewsOf(def, filter).map((view) => [scope, view] as const))) {
      const result = await checkFilter(scope, filter, view);
      problems.push(...result.problems);
      narrowed ||= result.narrowed;
      seedAllows ||= result.seedAllows;
      if (result.how) hows.add(result.how);
      tried += result.tried;
    }
    if (seedAllows && !narrowed) problems.push(`${def.name}.${filter.source}: no value narrows the list although the seed has rows it should remove`);
    const sizes = await Promise.all((await scopesOf(def)).map(async (scope) => (await listAll(scope, baselineValues(def))).rows.length));
    notes.push(`${def.name}.${filter.source} (${filter.kind}): ${tried} values over ${sizes.join(' + ')} rows; ${[...hows].join(' / ')}; ${narrowed ? 'narrows' : seedAllows ? 'DOES NOT NARROW' : 'seed cannot show narrowing'}`);
    expect(problems).toEqual([]);
  });
});

describe('the declared relations', () => {
  it('name only filters the contract declares and the test cannot derive', async () => {
    const problems: string[] = [];
    for (const key of Object.keys(DECLARED)) {
      const [name, source] = key.split('.');
      const def = resourceList.find((r) => r.name === name);
      const filter = def?.filters.find((f) => f.source === source);
      if (!def || !filter) { problems.push(`${key} is not a declared filter any more`); continue; }
      const scope = (await scopesOf(def))[0];
      const sample = (await listAll(scope, baselineValues(def))).rows;
      const derived = await derive(def, filter, sample);
      if (derived) problems.push(`${key} can be derived (${derived.how}); drop it from DECLARED`);
    }
    expect(problems).toEqual([]);
  });
});
