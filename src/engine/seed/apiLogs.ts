import { type ApiTuple, CATEGORY_APIS, type HttpMethod, UNIFIED_API_ORIGIN } from './catalogApis.ts';
import type { Category } from '../../shared/categories.ts';
import { nativeBasePath } from './catalogModel.ts';
import type { DemoAccount, DemoContext } from './context.ts';

/*
 * Unified API calls (api_logs) and the native calls each one made to the app. Exactly `count`
 * rows, spread over each account's active life with recent days denser. Accounts in Error fail
 * with their error from the moment it started; others fail now and then (validation, rate
 * limits, app outages). Failures feed the issue collector and every call feeds usage_daily.
 */

interface Failure {
  code: number;
  errorType: string;
  message: string;
  /** Native calls made before the failure was known (0: rejected before calling the app). */
  natives: [number, number];
}

const FAILURES: [Failure, number][] = [
  [{ code: 400, errorType: 'VALIDATION_ERROR', message: 'Invalid request: pageSize must be between 1 and 200', natives: [0, 0] }, 3],
  [{ code: 422, errorType: 'VALIDATION_ERROR', message: 'The app rejected the record: email is not valid', natives: [1, 1] }, 2],
  [{ code: 404, errorType: 'NOT_FOUND', message: 'Record not found in the app', natives: [1, 1] }, 2],
  [{ code: 429, errorType: 'RATE_LIMITED', message: "Rate limit of the app's API exceeded", natives: [1, 3] }, 2],
  [{ code: 403, errorType: 'PERMISSION_DENIED', message: 'Insufficient permissions: the connected user cannot read this data', natives: [1, 1] }, 1],
  [{ code: 500, errorType: 'APP_ERROR', message: 'The app returned an internal error', natives: [1, 2] }, 1],
  [{ code: 502, errorType: 'APP_ERROR', message: 'Bad gateway from the app', natives: [1, 2] }, 0.5],
  [{ code: 503, errorType: 'APP_ERROR', message: 'The app is temporarily unavailable', natives: [1, 2] }, 0.5],
];

/** What an account in Error answers: its errorDescription decides the status. */
const ACCOUNT_ERROR: Record<string, Failure> = {
  'Invalid API Key': { code: 401, errorType: 'AUTH_ERROR', message: 'Invalid API Key', natives: [1, 1] },
  'OAuth token expired and could not be refreshed': { code: 401, errorType: 'AUTH_ERROR', message: 'OAuth token expired and could not be refreshed', natives: [1, 2] },
  'Insufficient permissions: the connected user cannot read this data': { code: 403, errorType: 'PERMISSION_DENIED', message: 'Insufficient permissions: the connected user cannot read this data', natives: [1, 1] },
  'Account subdomain not found': { code: 404, errorType: 'AUTH_ERROR', message: 'Account subdomain not found', natives: [1, 1] },
};

const STATUS_TEXT: Record<number, string> = { 200: 'OK', 201: 'Created' };

interface CategoryApis {
  reads: ApiTuple[];
  writes: ApiTuple[];
  passthrough: ApiTuple | undefined;
}

function apisByCategory(): Map<Category, CategoryApis> {
  const out = new Map<Category, CategoryApis>();
  for (const [category, apis] of Object.entries(CATEGORY_APIS) as [Category, ApiTuple[]][]) {
    out.set(category, {
      reads: apis.filter((a) => a[2] === 'GET'),
      writes: apis.filter((a) => a[2] !== 'GET' && !a[0].endsWith('.passthrough')),
      passthrough: apis.find((a) => a[0].endsWith('.passthrough')),
    });
  }
  return out;
}

/** The app-side resource of a unified call: hris.employees.list -> employees. */
const resourceOf = (apiId: string): string => apiId.split('.')[1] ?? 'records';

export async function generateApiLogs(ctx: DemoContext, count: number): Promise<void> {
  const { rng, loader, orgId, usage } = ctx;
  const active = ctx.accounts.filter((a) => a.state === 'Success' || a.state === 'Error' || a.state === 'Deactivated' || a.state === 'Expired');
  if (count > 0 && active.length === 0) throw new Error('seed: no active account to log API calls for');
  // Index array repeated by weight: a weighted pick in O(1) for a million rows.
  const picker: DemoAccount[] = [];
  for (const a of active) for (let w = 0; w < a.weight; w++) picker.push(a);
  const apis = apisByCategory();

  for (let i = 0; i < count; i++) {
    const a = picker[Math.floor(rng.next() * picker.length)];
    const ts = a.activeUntil - Math.floor(rng.recentFraction() * (a.activeUntil - a.createdAt));
    const catApis = apis.get(a.category)!;
    const kind = rng.next();
    const api = kind < 0.05 && catApis.passthrough ? catApis.passthrough : kind < 0.28 && catApis.writes.length > 0 ? rng.pick(catApis.writes) : rng.pick(catApis.reads);
    const [apiId, , method, path] = api;
    const list = method === 'GET' && /s$/.test(resourceOf(apiId)) && !apiId.endsWith('.get');
    const query = method !== 'GET' ? '' : list ? (rng.chance(0.2) ? `?pageSize=50&cursor=${rng.token(16)}` : `?pageSize=${rng.pick([25, 50, 100])}`) : `?id=${rng.int(1000, 99999)}`;

    const failing = a.errorSince !== null && ts >= a.errorSince && rng.chance(0.75);
    const failure = failing ? ACCOUNT_ERROR[a.errorDescription ?? 'Invalid API Key'] : rng.chance(0.05) ? rng.weighted(FAILURES) : null;
    const code = failure ? failure.code : method === 'POST' && apiId.endsWith('.create') ? 201 : 200;
    const natives = failure ? rng.int(failure.natives[0], failure.natives[1])
      : apiId.endsWith('.passthrough') ? 1
      : method === 'GET' ? rng.weighted([[0, 10], [1, 45], [2, 28], [3, 17]] as const)
      : rng.int(1, 2);

    const executionId = rng.id('exe');
    const base = nativeBasePath(a.app.id);
    const resource = apiId.endsWith('.passthrough') ? 'reports/custom' : resourceOf(apiId);
    let offset = rng.int(3, 15);
    for (let n = 0; n < natives; n++) {
      const last = n === natives - 1;
      const nativeMethod: HttpMethod = last ? method : 'GET';
      const nativeCode = last && failure ? failure.code : last && code === 201 ? 201 : 200;
      const duration = rng.int(40, 900);
      loader.add('native_calls', [orgId, executionId, null, null, ts + offset, nativeMethod, list || !last ? `${base}/${resource}` : `${base}/${resource}/${rng.int(1000, 99999)}`,
        nativeCode, failure && last ? failure.message : STATUS_TEXT[nativeCode], a.app.id, a.app.label, duration]);
      offset += duration + rng.int(2, 20);
    }
    loader.add('api_logs', [orgId, ts, executionId, a.customer.originOrgId, a.customer.name, a.id, a.app.id, a.app.label, a.category,
      method, `${UNIFIED_API_ORIGIN}${path}${query}`, path, code, failure ? failure.message : STATUS_TEXT[code], natives, offset + rng.int(5, 40)]);

    usage.add(a.idx, ts, 'api_calls');
    usage.add(a.idx, ts, 'native_api_calls', natives);
    if (failure) {
      usage.add(a.idx, ts, 'api_call_errors');
      ctx.issues.add(a.idx, 'api', failure.errorType, failure.code, failure.message, ts, executionId);
    }
    if ((i & 4095) === 4095) await ctx.loader.maybeFlush();
  }
}

export const API_LOG_COLUMNS = ['org_id', 'request_ts', 'execution_id', 'origin_org_id', 'origin_org_name', 'integration_id', 'app_id',
  'app_label', 'category', 'method', 'url', 'path', 'status_code', 'status_message', 'native_api_call_count', 'duration_ms'] as const;
