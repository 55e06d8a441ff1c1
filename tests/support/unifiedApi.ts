import type { TestEngine } from './engineHarness.ts';

// Calling the unified API (/v1.0) as a customer backend does, and the accounts it calls: an
// organisation's API keys, and accounts its end customers connect through an auth session the
// backend opens with one of them (connect.getSession, connect.complete).

export interface UnifiedAnswer<T = any> {
  status: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: T;
}

export interface ApiKeys { prod: string; sandbox: string }

/** The organisation's keys, in full: the first call of app.getApiKeys creates and shows them. */
export async function apiKeysOf(t: TestEngine, sessionToken: string): Promise<ApiKeys> {
  const msg = (await t.call('GET', '/api/app.getApiKeys', { token: sessionToken })).body.msg;
  if (msg.prodApiKeyMasked || msg.sandboxApiKeyMasked) throw new Error('the keys were shown before: rotate them with app.getNewApiKeys');
  return { prod: msg.prodApiKey, sandbox: msg.sandboxApiKey };
}

/**
 * An account of `appId` connected through an auth session opened with `apiKey`; every setup field is
 * `value-<name>` (plus `credentialSuffix`: accounts with other credentials are other sandbox connections, with their own data and rate limit).
 */
export async function connectWithKey(t: TestEngine, apiKey: string, app: { appId: string; category: string; originOrgId?: string; credentialSuffix?: string }): Promise<string> {
  const session = await t.call('POST', '/api/auth.createSession', {
    token: apiKey,
    body: { originOrgId: app.originOrgId ?? 'globex-7', originOrgName: 'Globex Corp', originUserEmail: 'hank@globex.test', originUserName: 'Hank Scorpio' },
  });
  if (session.status !== 200) throw new Error(`auth.createSession answered ${session.status}: ${JSON.stringify(session.body)}`);
  const authSessionToken = session.body.msg.token as string;
  const offer = (await t.call('POST', '/api/connect.getSession', { body: { authSessionToken } })).body.msg;
  const offered = offer.categories.flatMap((c: { apps: { id: string }[] }) => c.apps).find((a: { id: string }) => a.id === app.appId);
  if (!offered) throw new Error(`${app.appId} is not offered: ${JSON.stringify(offer.categories.map((c: { category: string }) => c.category))}`);
  const values = Object.fromEntries(offered.steps.flatMap((s: { fields: { name: string }[] }) => s.fields).map((f: { name: string }) => [f.name, `value-${f.name}${app.credentialSuffix ?? ''}`]));
  const done = await t.call('POST', '/api/connect.complete', { body: { authSessionToken, appId: app.appId, category: app.category, values } });
  if (done.status !== 200) throw new Error(`connect.complete answered ${done.status}: ${JSON.stringify(done.body)}`);
  return done.body.msg.integrationId as string;
}

/** A unified API call: `apiKey` as bearer token, `integrationId` in X-Knit-Integration-Id (each left out when undefined). */
export async function unified<T = any>(
  t: TestEngine,
  method: 'GET' | 'POST',
  call: string,
  options: { apiKey?: string; integrationId?: string; query?: Record<string, string>; body?: unknown },
): Promise<UnifiedAnswer<T>> {
  const headers: Record<string, string> = {};
  if (options.apiKey !== undefined) headers.authorization = `Bearer ${options.apiKey}`;
  if (options.integrationId !== undefined) headers['x-knit-integration-id'] = options.integrationId;
  const response = await t.engine.app.inject({
    method, url: `/v1.0/${call}`, query: options.query, headers, ...(options.body !== undefined ? { payload: options.body as object } : {}),
  });
  return { status: response.statusCode, headers: response.headers, body: (response.body ? response.json() : undefined) as T };
}

/** Makes the account's next `count` calls to its app answer `status` (the sandbox's control surface). */
export async function failNextAppCalls(t: TestEngine, integrationId: string, count: number, status: number): Promise<void> {
  const res = await t.engine.app.inject({ method: 'POST', url: '/sandbox/control/fail', payload: { integrationId, count, status } });
  if (res.statusCode !== 200) throw new Error(`control/fail answered ${res.statusCode}: ${res.body}`);
}
