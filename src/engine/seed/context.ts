import type { Faker } from '@faker-js/faker';
import type { Kysely } from 'kysely';
import type { DialectName } from '../db/dialect.ts';
import type { Database } from '../db/schema.ts';
import type { BulkLoader } from './bulk.ts';
import type { SeedTables } from './loadPlan.ts';
import type { CatalogApp } from './catalogApps.ts';
import type { Rng } from './random.ts';
import type { Category } from '../../shared/categories.ts';
import type { IntegrationState } from '../../shared/integrationStates.ts';
import { DAY_MS, startOfUtcDay } from '../../shared/timeWindows.ts';

/*
 * What the demo generators share: the seeded randomness, the clock of the run, the demo
 * organisation, its accounts, and the running counters that become usage_daily, issues and the
 * organisation's usage. Counters are filled while log rows are generated, so the overview tables
 * agree with the log tables by construction.
 */

export interface DemoUser {
  id: string;
  email: string;
  name: string | null;
}

export interface EndCustomer {
  idx: number;
  id: string;
  originOrgId: string;
  userPassedOriginOrgId: string;
  name: string;
  domain: string;
  createdAt: number;
  accounts: number;
}

export interface DemoAccount {
  idx: number;
  id: string;
  customer: EndCustomer;
  app: CatalogApp;
  category: Category;
  state: IntegrationState;
  createdAt: number;
  /** Calls and syncs happen in [createdAt, activeUntil]: deactivation or expiry ends them. */
  activeUntil: number;
  /** Error accounts fail from here on (their credentials broke). */
  errorSince: number | null;
  errorDescription: string | null;
  originUserEmail: string;
  originUserName: string;
  /** Dashboard user who created the magic link; null when connected through the customer's backend. */
  doneBy: string | null;
  testAccount: boolean;
  /** Test accounts only. */
  expiresAt: number | null;
  syncEnabled: boolean;
  syncPaused: boolean;
  frequency: 'STANDARD' | 'MEDIUM' | 'HIGH' | 'custom';
  frequencyRate: number | null;
  frequencyUnit: 'minutes' | 'hours' | 'days' | null;
  showCustomFields: boolean;
  subscribed: { subCategory: string; syncModels: string[] }[];
  presetId: string | null;
  /** Relative API traffic of the account. */
  weight: number;
}

export interface DemoContext {
  db: Kysely<Database>;
  dialect: DialectName;
  faker: Faker;
  rng: Rng;
  now: number;
  /** Start of the seeded history. */
  windowStart: number;
  orgId: string;
  orgName: string;
  /** Engine secret the demo's webhook signing secret is sealed under (services/secrets.ts). */
  secret: string;
  loader: BulkLoader<SeedTables>;
  users: { admin: DemoUser; member: DemoUser; billing: DemoUser; invited: DemoUser };
  /** The live API keys in clear text (the CLI prints them). */
  keys: { prod: string; sandbox: string };
  /** Path of the customer's webhook URL per category (webhook logs show it). */
  webhookPaths: Partial<Record<Category, string>>;
  customers: EndCustomer[];
  accounts: DemoAccount[];
  usage: UsageCounters;
  issues: IssueCollector;
  /** Sync credits used in the current billing term (events processed by runs). */
  termStart: number;
  syncCreditsInTerm: number;
  log: (line: string) => void;
}

/** The usage_daily counters, per account and UTC day, in flat typed arrays (millions of adds). */
export const USAGE_FIELDS = ['api_calls', 'native_api_calls', 'events_emitted', 'events_consumed', 'issues', 'api_call_errors', 'webhook_errors'] as const;
type UsageField = (typeof USAGE_FIELDS)[number];
type NumberPer<T extends readonly unknown[]> = { -readonly [K in keyof T]: number };
/** One day's counters of an account, in USAGE_FIELDS order. */
type UsageValues = NumberPer<typeof USAGE_FIELDS>;

export class UsageCounters {
  readonly firstDay: number;
  readonly days: number;
  private readonly data: Record<UsageField, Int32Array>;

  constructor(accounts: number, fromMs: number, toMs: number) {
    this.firstDay = startOfUtcDay(fromMs);
    this.days = Math.floor((startOfUtcDay(toMs) - this.firstDay) / DAY_MS) + 1;
    const size = Math.max(accounts, 1) * this.days;
    this.data = Object.fromEntries(USAGE_FIELDS.map((f) => [f, new Int32Array(size)])) as Record<UsageField, Int32Array>;
  }

  add(account: number, ts: number, field: UsageField, n = 1): void {
    const day = Math.floor((ts - this.firstDay) / DAY_MS);
    if (day < 0 || day >= this.days) return;
    this.data[field][account * this.days + day] += n;
  }

  /** Sum of one field over [fromMs, toMs] across accounts. */
  total(field: UsageField, fromMs: number, toMs: number): number {
    const from = Math.max(0, Math.floor((fromMs - this.firstDay) / DAY_MS));
    const to = Math.min(this.days - 1, Math.floor((toMs - this.firstDay) / DAY_MS));
    let sum = 0;
    const arr = this.data[field];
    for (let a = 0; a * this.days < arr.length; a++) for (let d = from; d <= to; d++) sum += arr[a * this.days + d];
    return sum;
  }

  /** Non-zero cells: [account, dayMs, values in USAGE_FIELDS order]. */
  *cells(accounts: number): Generator<[number, number, UsageValues]> {
    for (let a = 0; a < accounts; a++) {
      for (let d = 0; d < this.days; d++) {
        const i = a * this.days + d;
        const values = USAGE_FIELDS.map((f) => this.data[f][i]) as number[] as UsageValues;
        if (values.some((v) => v !== 0)) yield [a, this.firstDay + d * DAY_MS, values];
      }
    }
  }
}

interface IssueGroup {
  account: number;
  logType: 'api' | 'webhook';
  errorType: string;
  statusCode: number;
  message: string;
  calls: number;
  firstTs: number;
  lastTs: number;
  executionId: string | null;
}

/**
 * Groups failing calls into issues: one issue per account, error type and two-week window
 * (a recurring failure after a quiet spell is a new issue), as IssueRow describes.
 */
export class IssueCollector {
  static readonly WINDOW_MS = 14 * DAY_MS;
  readonly groups = new Map<string, IssueGroup>();

  constructor(private readonly now: number) {}

  add(account: number, logType: 'api' | 'webhook', errorType: string, statusCode: number, message: string, ts: number, executionId: string | null): void {
    const bucket = Math.floor((this.now - ts) / IssueCollector.WINDOW_MS);
    const key = `${account}|${logType}|${errorType}|${bucket}`;
    const g = this.groups.get(key);
    if (!g) {
      this.groups.set(key, { account, logType, errorType, statusCode, message, calls: 1, firstTs: ts, lastTs: ts, executionId });
      return;
    }
    g.calls++;
    if (ts < g.firstTs) g.firstTs = ts;
    if (ts > g.lastTs) {
      g.lastTs = ts;
      g.executionId = executionId;
    }
  }
}
