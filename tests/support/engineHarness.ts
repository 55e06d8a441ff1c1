import { vi } from 'vitest';
import type { InjectOptions } from 'fastify';
import { loadConfig, type EngineConfig } from '../../src/engine/config.ts';
import { createEngine, type Engine } from '../../src/engine/engine.ts';
import { devMailbox } from '../../src/engine/services/mailer.ts';
import { createTestDatabase, type DatabaseLocation } from './testDatabase.ts';

// An engine on a fresh database with a controllable clock, the dev mailbox and response
// validation on: every response a test sees has been checked against the contract.
export interface TestEngine {
  engine: Engine;
  clock: { now(): number; advance(ms: number): void; set(ms: number): void };
  /** Where other processes open the engine's database (HarnessOptions.shared). */
  location?: DatabaseLocation;
  call<T = any>(method: 'GET' | 'POST' | 'PUT', url: string, options?: CallOptions): Promise<{ status: number; body: T }>;
  lastCode(email: string): Promise<string | undefined>;
  close(): Promise<void>;
}

export interface CallOptions {
  body?: unknown;
  token?: string;
  query?: Record<string, string>;
  /** The client's address as the engine sees it (default 127.0.0.1). */
  remoteAddress?: string;
}

export interface HarnessOptions {
  /**
   * The database is one other processes can open (a SQLite file rather than memory; its location
   * in TestEngine.location), and the engine runs on the system clock, as the processes a test
   * spawns do: what it writes is due for them.
   */
  shared?: boolean;
}

/** The clock of an engine that runs in real time: it cannot be moved. */
export const systemClock: TestEngine['clock'] = {
  now: () => Date.now(),
  advance: () => { throw new Error('the system clock cannot be moved'); },
  set: () => { throw new Error('the system clock cannot be moved'); },
};

export async function startTestEngine(overrides: Partial<EngineConfig> = {}, options: HarnessOptions = {}): Promise<TestEngine> {
  // The catalogue comes with the database (loaded once per worker), so the engine skips its upsert.
  const database = await createTestDatabase({ reference: true, shared: options.shared });
  let now = Date.UTC(2026, 10, 20, 12, 0, 0);
  const clock = options.shared ? systemClock : { now: () => now, advance: (ms: number) => { now += ms; }, set: (ms: number) => { now = ms; } };
  const config = loadConfig({ NODE_ENV: 'test' }, { validateResponses: true, dashboardDir: undefined, uiVersion: '1.2.3', ...overrides });
  // With an SMTP URL the engine picks its SMTP mailer itself; otherwise a quiet dev mailbox.
  const mailer = config.smtpUrl ? undefined : devMailbox(database.db, clock.now, () => {});
  const engine = await createEngine(config, { db: database.db, clock, mailer, referenceSeeded: database.reference });
  return { ...testEngineOf(engine, clock, database.cleanup), location: database.location };
}

/** The test API over an engine: calls through app.inject, the dev mailbox's codes, close (then `cleanup`). */
export function testEngineOf(engine: Engine, clock: TestEngine['clock'], cleanup: () => Promise<void>): TestEngine {
  const seenMail = new Map<string, number>();
  return {
    engine,
    clock,
    async call(method, url, options = {}) {
      const request: InjectOptions = { method, url, query: options.query, headers: {}, ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}) };
      if (options.token) request.headers!.authorization = `Bearer ${options.token}`;
      if (options.body !== undefined) request.payload = options.body as InjectOptions['payload'];
      const response = await engine.app.inject(request);
      return { status: response.statusCode, body: (response.body ? response.json() : undefined) as never };
    },
    async lastCode(email) {
      // Mail is sent without awaiting delivery, so give the dev mailbox a moment to store it (up to
      // 15 s: on a machine busy with other suites a burst of calls can take several seconds).
      for (const deadline = Date.now() + 15_000; Date.now() < deadline;) {
        const row = await engine.db.selectFrom('mailbox').select(['otp', 'id']).where('to_email', '=', email).where('kind', '=', 'otp')
          .orderBy('id', 'desc').limit(1).executeTakeFirst();
        if (row && row.id !== seenMail.get(email)) { seenMail.set(email, row.id); return row.otp ?? undefined; }
        await new Promise((r) => setTimeout(r, 20));
      }
      return undefined;
    },
    async close() {
      await engine.close();
      await cleanup();
    },
  };
}

/** Signs a brand-new user up through the API and returns the session token. */
export async function signUp(t: TestEngine, email: string, details: Record<string, unknown> = {}): Promise<string> {
  await t.call('POST', '/api/auth.signIn', { body: { userEmail: email, newUser: true } });
  const otp = await t.lastCode(email);
  const verified = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: email, newUser: true, otp } });
  if (verified.status !== 200) throw new Error(`verifyOtp answered ${verified.status}: ${JSON.stringify(verified.body)}`);
  const token = verified.body.msg.token as string;
  const sent = await t.call('POST', '/api/auth.sendOrgDetails', {
    token,
    body: { username: 'Dana Developer', orgName: 'Acme', apps: [{ label: 'Acme Payroll', category: 'Requested' }], userEmail: email, newUser: true, orgSize: '51-100', ...details },
  });
  if (sent.status !== 200) throw new Error(`sendOrgDetails answered ${sent.status}: ${JSON.stringify(sent.body)}`);
  return token;
}

/**
 * The SQL statements a call runs, the session lookup left out (a process keeps a session for a
 * second, so whether it is read again depends on the timing). On PostgreSQL each is a round trip.
 */
export async function statementsOf<T>(t: TestEngine, call: () => Promise<T>): Promise<{ result: T; statements: string[] }> {
  const executor = t.engine.db.getExecutor();
  const spy = vi.spyOn(executor, 'executeQuery');
  try {
    const result = await call();
    const statements = spy.mock.calls.map(([query]) => query.sql).filter((text) => !/\bfrom "sessions"/.test(text));
    return { result, statements };
  } finally {
    spy.mockRestore();
  }
}
