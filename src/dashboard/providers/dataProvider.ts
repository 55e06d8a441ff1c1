/**
 * The one react-admin DataProvider, for every generated resource (src/generated/resources). The
 * contract's x-resource and x-paging say which operation lists a resource, where its rows and total
 * are, and how it pages; this file only maps react-admin's verbs onto that.
 *
 * | Method           | HTTP call                                                                      |
 * |------------------|--------------------------------------------------------------------------------|
 * | getList          | the resource's list operation (GET /app.getOrganizations?timeFilter=last30&pageNo=2&limit=10, |
 * |                  | POST /app.issue.data {type, limit: 10, cursor}, ...). A filter goes to the query or the body  |
 * |                  | as its definition's `in` says; a filter the definition does not list (a route param such as  |
 * |                  | jobId) goes to the path when the path names it, else the query of a GET or the body otherwise.|
 * |                  | Paging by style: cursor -> `limit` + `cursor` (page N+1 sends page N's nextCursor, kept per   |
 * |                  | list in a cursor stack; pageInfo.hasNextPage = nextCursor !== null); pageNumber -> `pageNo` + |
 * |                  | `limit` (+ `cursor` = the previous page's nextCursor when moving forward one page;            |
 * |                  | pageInfo.hasNextPage = hasMoreRecords); none -> one call, paged and sorted here.              |
 * | getOne           | the detail operation where the contract has one (presets: GET /app.getPresetDetails?presetId),|
 * |                  | else the row as the last getList returned it                                   |
 * | getMany          | rows of earlier getList calls                                                  |
 * | getManyReference | getList with filter {[target]: id}                                             |
 * | create, update, updateMany, delete, deleteMany | not offered: writes are screen actions on their own  |
 * |                  | operations (POST /app.integratedAccountOptionsAction, ...), never generic CRUD  |
 *
 * Rows get `id` from the definition's rowId. The total shown above a table (x-resource `total`) is
 * returned in `meta.total`; cursor and page-number lists report pageInfo, since their totals are
 * display counters, not row counts. `meta.response` is the whole 200 body, so a screen reads the
 * list call's other counters (the accounts pie chart's categoryDetails) without a second call.
 */
import type { DataProvider, GetListParams, GetListResult, GetManyParams, GetManyResult, GetOneParams, GetOneResult, RaRecord } from 'react-admin';
import { resources as generatedResources, type FilterDefinition, type ResourceDefinition } from '../../generated/resources/index.ts';
import type { ApiClients } from './apiClient.ts';
import { unwrap } from './apiClient.ts';
import { ApiError } from './errors.ts';
import { sanitizeFilters } from '../resources/filters/sanitize.ts';
import { pagedByServer, pageSizeOf } from '../resources/pageSize.ts';

type Method = ResourceDefinition['method'];
type Params = Record<string, unknown>;
interface GenericClient {
  request(method: string, url: string, init?: Params): Promise<{ data?: unknown; error?: unknown; response: Response }>;
}

/** A detail operation: how getOne fetches one record of a resource. */
interface DetailOperation {
  service: 'engine' | 'ai';
  method: Method;
  path: string;
  /** Query parameter carrying the id. */
  idParam: string;
  /** Dot path to the record in the 200 body. */
  record: string;
}

const detailOperations: Record<string, DetailOperation> = {
  presets: { service: 'engine', method: 'get', path: '/app.getPresetDetails', idParam: 'presetId', record: 'msg.presetDetails' },
};

/** Where the paging parameters go when not where the method says (invoices: POST with query `offset`). */
const pagingOverrides: Record<string, { in: 'query' | 'body'; cursorParam: string }> = {
  appPaymentInvoices: { in: 'query', cursorParam: 'offset' },
};

interface DataProviderOptions {
  clients: ApiClients;
  resources?: Record<string, ResourceDefinition>;
  details?: Record<string, DetailOperation>;
}

function valueAt(data: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((node, key) => (node && typeof node === 'object' ? (node as Params)[key] : undefined), data);
}

const stableJson = (value: unknown): string =>
  value && typeof value === 'object' && !Array.isArray(value)
    ? `{${Object.keys(value as Params).sort().map((k) => `${JSON.stringify(k)}:${stableJson((value as Params)[k])}`).join(',')}}`
    : JSON.stringify(value) ?? 'null';
const siblingPath = (rowsPath: string, name: string) => [...rowsPath.split('.').slice(0, -1), name].join('.');
const isBlank = (value: unknown) => value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

interface CursorStack {
  /** cursors[n] is the cursor that fetches page n + 1 (cursors[0] = null: the first page). */
  cursors: (string | null)[];
  lastPage: number;
}

type ContractDataProvider = DataProvider & {
  /** Forgets the cursor stacks (of one resource, or all), e.g. after a write changed the rows. */
  resetCursors(resource?: string): void;
  /**
   * Starts a list's first call ahead of its screen (the route preload): the list's own getList with
   * the same params, made within PRELOAD_TTL_MS, gets this call's answer instead of a second call.
   */
  preloadList(resource: string, params: GetListParams): Promise<GetListResult>;
  /**
   * Takes a preloaded answer that no getList has taken yet (the preload hands it to the query cache
   * instead), so no later getList gets it; undefined when there is none left.
   */
  takePreloadedList(resource: string, params: GetListParams): Promise<GetListResult> | undefined;
};

/** How long a call started ahead waits for its list to ask for it (after that the list calls again). */
export const PRELOAD_TTL_MS = 10_000;

export function createDataProvider(options: DataProviderOptions): ContractDataProvider {
  const definitions: Record<string, ResourceDefinition> = options.resources ?? generatedResources;
  const details = options.details ?? detailOperations;
  const stacks = new Map<string, CursorStack>();
  const preloaded = new Map<string, { at: number; result: Promise<GetListResult> }>();
  const preloadKey = (resource: string, params: GetListParams) =>
    `${resource}|${stableJson({ pagination: params.pagination ?? null, sort: params.sort ?? null, filter: params.filter ?? {} })}`;
  /** The answer of a call started ahead with these params, taken once. */
  const takePreloaded = (resource: string, params: GetListParams) => {
    const key = preloadKey(resource, params);
    const entry = preloaded.get(key);
    preloaded.delete(key);
    return entry && Date.now() - entry.at <= PRELOAD_TTL_MS ? entry.result : undefined;
  };
  const rowCache = new Map<string, Map<string, RaRecord>>();

  const definitionOf = (resource: string) => {
    const definition = definitions[resource];
    if (!definition) throw new ApiError({ status: 404, code: 'UNKNOWN_RESOURCE', msg: `Unknown resource ${resource}` });
    return definition;
  };
  const clientOf = (service: 'engine' | 'ai') => options.clients[service] as unknown as GenericClient;

  function splitFilters(definition: ResourceDefinition, filter: Params) {
    const query: Params = {};
    const body: Params = {};
    const path: Params = {};
    const declared = new Map<string, FilterDefinition>(definition.filters.map((f) => [f.source, f]));
    for (const [key, value] of Object.entries(filter)) {
      if (isBlank(value)) continue;
      const where = declared.get(key)?.in ?? (definition.path.includes(`{${key}}`) ? 'path' : definition.method === 'get' ? 'query' : 'body');
      (where === 'path' ? path : where === 'query' ? query : body)[key] = value;
    }
    return { query, body, path };
  }

  async function fetchPage(definition: ResourceDefinition, filter: Params, paging: Params, signal?: AbortSignal) {
    const { query, body, path } = splitFilters(definition, filter);
    const override = pagingOverrides[definition.operationId];
    const pagingIn = override?.in ?? (definition.method === 'get' ? 'query' : 'body');
    for (const [key, value] of Object.entries(paging)) {
      if (value === undefined || value === null) continue;
      const name = key === 'cursor' && override ? override.cursorParam : key;
      (pagingIn === 'query' ? query : body)[name] = value;
    }
    const init: Params = { params: { query, path }, ...(signal ? { signal } : {}) };
    if (definition.method !== 'get' && definition.method !== 'delete') init.body = body;
    return unwrap(clientOf(definition.service).request(definition.method, definition.path, init));
  }

  function toRows(resource: string, definition: ResourceDefinition, body: unknown): RaRecord[] {
    const raw = valueAt(body, definition.rows);
    if (!Array.isArray(raw)) throw new ApiError({ status: 200, code: 'UNEXPECTED_RESPONSE', msg: 'Unexpected response from server' });
    const cache = rowCache.get(resource) ?? new Map<string, RaRecord>();
    rowCache.set(resource, cache);
    return raw.map((row: Params, index) => {
      const id = row[definition.rowId] ?? `${index}`;
      const record = { ...row, id } as RaRecord;
      cache.set(String(id), record);
      return record;
    });
  }

  const totalOf = (definition: ResourceDefinition, body: unknown) => {
    const total = definition.total ? valueAt(body, definition.total) : undefined;
    return typeof total === 'number' ? total : undefined;
  };

  function getList(resource: string, params: GetListParams): Promise<GetListResult> {
    return takePreloaded(resource, params) ?? fetchList(resource, params);
  }

  async function fetchList(resource: string, params: GetListParams): Promise<GetListResult> {
    const definition = definitionOf(resource);
    const page = Math.max(1, params.pagination?.page ?? 1);
    // A linked perPage=1000 would be over a server-paged operation's limit (pageSize.ts).
    const perPage = pagedByServer(definition) ? pageSizeOf(definition) : params.pagination?.perPage ?? pageSizeOf(definition);
    // Blank filter values are no filter: they neither reach the server nor start a new cursor stack.
    const given: Params = Object.fromEntries(Object.entries((params.filter ?? {}) as Params).filter(([, v]) => !isBlank(v)));
    // A declared filter's value the contract refuses is dropped (the engine then applies the
    // contract's default); other values (route params, fixed request values) pass as they are.
    const declared = new Set(definition.filters.flatMap((f) => [f.source, ...(f.end ? [f.end] : [])]));
    const filter: Params = sanitizeFilters(definition, given, new Set(Object.keys(given).filter((key) => !declared.has(key))), { defaults: false }).values;
    const style = definition.paging.style;

    if (style === 'none') {
      const body = await fetchPage(definition, filter, {}, params.signal);
      let rows = toRows(resource, definition, body);
      const field = params.sort?.field;
      if (field && field !== 'id') {
        const sign = params.sort?.order === 'DESC' ? -1 : 1;
        rows = [...rows].sort((a, b) => (a[field] > b[field] ? sign : a[field] < b[field] ? -sign : 0));
      }
      // The operation answers every row; the table still pages (fcm: 10 rows per page).
      const data = definition.paging.pageSize || params.pagination ? rows.slice((page - 1) * perPage, page * perPage) : rows;
      return { data, total: rows.length, meta: { total: totalOf(definition, body) ?? rows.length, response: body } };
    }

    // A list is one filter set and page size; changing either starts a new cursor stack (page 1).
    const key = `${resource}|${perPage}|${stableJson(filter)}`;
    let stack = stacks.get(key);
    if (!stack) {
      for (const k of stacks.keys()) if (k.startsWith(`${resource}|`)) stacks.delete(k);
      stack = { cursors: [null], lastPage: 0 };
      stacks.set(key, stack);
    }
    const nextCursorPath = siblingPath(definition.rows, 'nextCursor');

    const load = async (target: number) => {
      const movingForward = target === stack.lastPage + 1;
      const cursor = style === 'cursor' ? stack.cursors[target - 1] : movingForward ? stack.cursors[target - 1] : undefined;
      const paging: Params = style === 'cursor' ? { limit: perPage, cursor: cursor ?? undefined } : { pageNo: target, limit: perPage, cursor: cursor ?? undefined };
      const body = await fetchPage(definition, filter, paging, params.signal);
      const next = valueAt(body, nextCursorPath);
      stack.cursors[target] = typeof next === 'string' && next ? next : null;
      stack.lastPage = target;
      return body;
    };

    if (style === 'cursor') {
      // Reaching page N needs page N-1's cursor: walk forward from the last known one.
      let known = Math.min(page, stack.cursors.length);
      while (known > 1 && stack.cursors[known - 1] === undefined) known -= 1;
      for (let p = known; p < page; p += 1) {
        await load(p);
        if (stack.cursors[p] === null) break;
      }
      if (page > 1 && stack.cursors[page - 1] == null) {
        return { data: [], pageInfo: { hasNextPage: false, hasPreviousPage: true } };
      }
    }
    const body = await load(page);
    const data = toRows(resource, definition, body);
    const hasNextPage =
      style === 'cursor' ? stack.cursors[page] !== null : valueAt(body, siblingPath(definition.rows, 'hasMoreRecords')) === true;
    const total = totalOf(definition, body);
    return { data, pageInfo: { hasNextPage, hasPreviousPage: page > 1 }, meta: total === undefined ? { response: body } : { total, response: body } };
  }

  const cachedRow = (resource: string, id: unknown) => rowCache.get(resource)?.get(String(id));

  return {
    supportAbortSignal: true,
    getList,
    async getOne<R extends RaRecord>(resource: string, params: GetOneParams<R>): Promise<GetOneResult<R>> {
      const detail = details[resource];
      if (detail) {
        const body = await unwrap(
          clientOf(detail.service).request(detail.method, detail.path, {
            params: { query: { [detail.idParam]: params.id, ...(params.meta?.query ?? {}) } },
            ...(params.signal ? { signal: params.signal } : {}),
          }),
        );
        const record = valueAt(body, detail.record);
        if (!record || typeof record !== 'object') throw new ApiError({ status: 200, code: 'UNEXPECTED_RESPONSE', msg: 'Unexpected response from server' });
        return { data: { ...(record as Params), id: params.id } as R };
      }
      definitionOf(resource);
      const row = cachedRow(resource, params.id);
      if (!row) throw new ApiError({ status: 404, code: 'NOT_FOUND', msg: 'Something went wrong while fetching details' });
      return { data: row as R };
    },
    async getMany<R extends RaRecord>(resource: string, params: GetManyParams<R>): Promise<GetManyResult<R>> {
      definitionOf(resource);
      return { data: params.ids.map((id) => cachedRow(resource, id)).filter((row): row is R => !!row) };
    },
    async getManyReference(resource, params) {
      return getList(resource, { ...params, filter: { ...(params.filter ?? {}), [params.target]: params.id } });
    },
    create: notOffered,
    update: notOffered,
    updateMany: notOffered,
    delete: notOffered,
    deleteMany: notOffered,
    preloadList(resource, params) {
      const result = fetchList(resource, params);
      // Nobody may ever take it (the user left first): its failure is the list's to show, not a stray rejection.
      result.catch(() => undefined);
      preloaded.set(preloadKey(resource, params), { at: Date.now(), result });
      return result;
    },
    takePreloadedList: takePreloaded,
    resetCursors(resource) {
      for (const key of stacks.keys()) if (!resource || key.startsWith(`${resource}|`)) stacks.delete(key);
    },
  };
}

async function notOffered(resource: string): Promise<never> {
  throw new ApiError({ status: 405, code: 'NOT_OFFERED', msg: `Writes to ${resource} are screen actions, not generic CRUD` });
}
