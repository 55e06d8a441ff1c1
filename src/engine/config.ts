import { readFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { resolve } from 'node:path';

// Everything the engine reads from the environment, read once at start.
export interface EngineConfig {
  port: number;
  host: string;
  /** Public origin of the dashboard and engine, used in e-mailed and magic links. */
  publicUrl: string;
  databaseUrl?: string;
  sqliteFile: string;
  smtpUrl?: string;
  mailFrom: string;
  production: boolean;
  /** Version the dashboard was built with; answered by auth.getUiVersion. */
  uiVersion: string;
  /** Secret for signed tokens (invites, upload URLs, magic-link state). */
  signingSecret: string;
  sessionIdleSeconds: number;
  sessionAbsoluteSeconds: number;
  /** Validate every response against the contract (tests turn it on). */
  validateResponses: boolean;
  dashboardDir?: string;
  /** Where the built knit-auth component is (scripts/build-auth-component.ts), served at /knit-auth.js. */
  authComponentDir?: string;
  /**
   * Online payments of the built-in billing provider (app.payment.enabled). Off unless
   * BILLING_ENABLED=true: the provider's hosted checkout and portal pages are not built yet.
   */
  billingEnabled: boolean;
  /** Where Talk to Sales requests (app.payment.plans.notify) are e-mailed. */
  salesEmail: string;
  /**
   * Hosts (`host` or `host:port`) that outbound calls (webhook tests and deliveries) may reach
   * although they resolve to loopback; empty by default. Link-local and metadata addresses stay
   * refused whatever is listed. OUTBOUND_ALLOW_HOSTS, comma-separated.
   */
  outboundAllowHosts: string[];
  /**
   * Fastify's trustProxy: whether X-Forwarded-For sets the client address. Off unless TRUST_PROXY
   * is set (`true`, a hop count, or comma-separated proxy addresses/CIDRs).
   */
  trustProxy: boolean | number | string[];
  /**
   * Origins that may frame the pages an embed needs (/magic/*, the auth component); every other
   * page refuses framing. FRAME_ANCESTORS, comma-separated; empty by default.
   */
  frameAncestors: string[];
  /**
   * Multiplies every sign-in throttle budget (SIGN_IN_THROTTLE_FACTOR, a whole number, default 1):
   * for end-to-end and load runs that sign in many times from one machine. Production keeps 1.
   */
  signInThrottleFactor: number;
  /**
   * The sandbox provider (`/sandbox`: vendor-style APIs per category and the OAuth 2.0 server the
   * catalog's OAuth apps authorise against). On outside production; in production only with
   * SANDBOX_ENABLED=true. Its control surface (revoke a connection, force failures) never exists in
   * production.
   */
  sandboxEnabled: boolean;
  /** Share of sandbox API calls answered with a 5xx (SANDBOX_ERROR_RATE, 0 to 1): 0.02, and 0 under NODE_ENV=test. */
  sandboxErrorRate: number;
  /** Sandbox API calls per connection per minute before a 429 with Retry-After (SANDBOX_RATE_LIMIT, default 120). */
  sandboxRateLimit: number;
  /** Lifetime of the sandbox OAuth server's access tokens in seconds (SANDBOX_ACCESS_TOKEN_SECONDS, default 900). */
  sandboxAccessTokenSeconds: number;
  /**
   * Where the sync scheduler and webhook delivery run (WORKERS): `inline` (default) in the engine
   * process, started after it listens; `off` leaves them to `npm run worker` processes.
   */
  workers: 'inline' | 'off';
  /**
   * How long a worker's hold on what it works on lasts (a sync job, an account's deliveries, and on
   * SQLite the workers lease itself) unless renewed (WORKER_LEASE_SECONDS, default 15): a live
   * worker renews every third of it, so the work of a process that died (killed, crashed, cut off
   * from the database) is taken over by another within this time.
   */
  workerLeaseMs: number;
  /**
   * How many processes serve HTTP on the one port (ENGINE_PROCESSES, 1 to 64): a Node process
   * uses one core, so a production engine starts one per core (the default under
   * NODE_ENV=production), and elsewhere one. With more than one, the first process prepares the
   * database and runs the workers, the others serve (engineCluster.ts).
   */
  engineProcesses: number;
}

/** The development default: public, so production refuses it. */
export const DEV_SIGNING_SECRET = 'dev-signing-secret-change-me';
const MIN_SIGNING_SECRET_BYTES = 32;

/**
 * Production starts only with what keeps it safe: its own signing secret of at least 32 bytes
 * (tokens and sealed secrets are only as strong as it is), and an SMTP server, so that sign-in
 * codes are mailed and never printed to the log.
 */
function refuseUnsafeProduction(env: NodeJS.ProcessEnv, signingSecret: string): void {
  if (!signingSecret) throw new Error('SIGNING_SECRET must be set when NODE_ENV=production');
  if (signingSecret === DEV_SIGNING_SECRET) throw new Error('SIGNING_SECRET must not be the development default when NODE_ENV=production');
  if (Buffer.byteLength(signingSecret) < MIN_SIGNING_SECRET_BYTES) {
    throw new Error(`SIGNING_SECRET must be at least ${MIN_SIGNING_SECRET_BYTES} bytes when NODE_ENV=production`);
  }
  if (!env.SMTP_URL) throw new Error('SMTP_URL must be set when NODE_ENV=production: sign-in codes are never printed to the log there');
}

function throttleFactorOf(value: string | undefined, production: boolean): number {
  if (value === undefined || value === '') return 1;
  const factor = Number(value);
  if (!Number.isInteger(factor) || factor < 1) throw new Error('SIGN_IN_THROTTLE_FACTOR must be a whole number of at least 1');
  if (production && factor !== 1) throw new Error('SIGN_IN_THROTTLE_FACTOR is for test runs: production keeps the sign-in limits as they are');
  return factor;
}

function sandboxEnabledOf(value: string | undefined, production: boolean): boolean {
  if (value === undefined || value === '') return !production;
  if (value !== 'true' && value !== 'false') throw new Error('SANDBOX_ENABLED must be true or false');
  return value === 'true';
}

function numberOf(name: string, value: string | undefined, fallback: number, valid: (n: number) => boolean, rule: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || !valid(n)) throw new Error(`${name} must be ${rule}`);
  return n;
}

function workersOf(value: string | undefined): 'inline' | 'off' {
  if (value === undefined || value === '') return 'inline';
  if (value !== 'inline' && value !== 'off') throw new Error('WORKERS must be inline or off');
  return value;
}

const list = (value: string | undefined): string[] =>
  (value ?? '').split(',').map((item) => item.trim()).filter(Boolean);

function trustProxyOf(value: string | undefined): boolean | number | string[] {
  if (!value || value === 'false') return false;
  if (value === 'true') return true;
  if (/^\d+$/.test(value)) return Number(value);
  return list(value);
}

const packageVersion = (): string =>
  (JSON.parse(readFileSync(resolve(import.meta.dirname, '../../package.json'), 'utf8')) as { version: string }).version;

export function loadConfig(env: NodeJS.ProcessEnv = process.env, overrides: Partial<EngineConfig> = {}): EngineConfig {
  const port = Number(env.PORT ?? 3000);
  const production = env.NODE_ENV === 'production';
  const signingSecret = env.SIGNING_SECRET ?? (production ? '' : DEV_SIGNING_SECRET);
  if (production) refuseUnsafeProduction(env, signingSecret);
  return {
    port,
    host: env.HOST ?? '127.0.0.1',
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${port}`,
    databaseUrl: env.DATABASE_URL || undefined,
    sqliteFile: env.SQLITE_FILE ?? 'data/engine.sqlite',
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM ?? 'Integration Dashboard <no-reply@localhost>',
    production,
    uiVersion: env.UI_VERSION ?? packageVersion(),
    signingSecret,
    sessionIdleSeconds: Number(env.SESSION_IDLE_SECONDS ?? 60 * 60 * 12),
    sessionAbsoluteSeconds: Number(env.SESSION_ABSOLUTE_SECONDS ?? 60 * 60 * 24 * 7),
    validateResponses: env.VALIDATE_RESPONSES === 'true',
    dashboardDir: env.DASHBOARD_DIR ?? resolve(import.meta.dirname, '../../dist/dashboard'),
    authComponentDir: env.AUTH_COMPONENT_DIR ?? resolve(import.meta.dirname, '../../dist/auth-component'),
    billingEnabled: env.BILLING_ENABLED === 'true',
    salesEmail: env.SALES_EMAIL ?? 'sales@localhost',
    outboundAllowHosts: list(env.OUTBOUND_ALLOW_HOSTS).map((host) => host.toLowerCase()),
    trustProxy: trustProxyOf(env.TRUST_PROXY),
    frameAncestors: list(env.FRAME_ANCESTORS),
    signInThrottleFactor: throttleFactorOf(env.SIGN_IN_THROTTLE_FACTOR, production),
    sandboxEnabled: sandboxEnabledOf(env.SANDBOX_ENABLED, production),
    sandboxErrorRate: numberOf('SANDBOX_ERROR_RATE', env.SANDBOX_ERROR_RATE, env.NODE_ENV === 'test' ? 0 : 0.02, (n) => n >= 0 && n <= 1, 'a number from 0 to 1'),
    sandboxRateLimit: numberOf('SANDBOX_RATE_LIMIT', env.SANDBOX_RATE_LIMIT, 120, (n) => Number.isInteger(n) && n >= 1, 'a whole number of at least 1'),
    sandboxAccessTokenSeconds: numberOf('SANDBOX_ACCESS_TOKEN_SECONDS', env.SANDBOX_ACCESS_TOKEN_SECONDS, 900, (n) => Number.isInteger(n) && n >= 1, 'a whole number of at least 1'),
    workers: workersOf(env.WORKERS),
    workerLeaseMs: 1000 * numberOf('WORKER_LEASE_SECONDS', env.WORKER_LEASE_SECONDS, 15, (n) => Number.isInteger(n) && n >= 1, 'a whole number of at least 1'),
    engineProcesses: engineProcessesOf(env, production),
    ...overrides,
  };
}

function engineProcessesOf(env: NodeJS.ProcessEnv, production: boolean): number {
  const processes = numberOf('ENGINE_PROCESSES', env.ENGINE_PROCESSES, production ? availableParallelism() : 1, (n) => Number.isInteger(n) && n >= 1 && n <= 64, 'a whole number from 1 to 64');
  // Each process would open its own private in-memory database.
  if (processes > 1 && !env.DATABASE_URL && env.SQLITE_FILE === ':memory:') throw new Error('ENGINE_PROCESSES above 1 needs a database file or DATABASE_URL, not SQLITE_FILE=:memory:');
  return processes;
}
