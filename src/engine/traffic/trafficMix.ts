/*
 * What `npm run demo:traffic` sends: a realistic mix of unified API calls on the demo
 * organisation's sandbox accounts, as a customer's backend would make them. Mostly list reads
 * (first pages, then following a cursor it got), some passthrough reads of the app's other data,
 * sync starts, and the failures real traffic meets: the app's rate limit and outages (forced at
 * the sandbox's control surface, so the logs and issues screens show them), a cursor from another
 * list, an account of another category. Pure: the randomness comes in, so the mix is testable.
 */
export const TRAFFIC_CATEGORIES = [
  'HRIS', 'ATS', 'CRM', 'ACCOUNTING', 'ASSESSMENT', 'EXPENSES', 'TICKETING', 'MEETING', 'E_SIGN', 'EMAIL', 'STORAGE', 'CALENDAR',
  'SUBSCRIPTION_MANAGEMENT',
] as const;
export type TrafficCategory = (typeof TRAFFIC_CATEGORIES)[number];

export interface TrafficAccount {
  integrationId: string;
  category: TrafficCategory;
}

/** The unified API's reads of each category (paths under /v1.0). */
export const READS: Record<TrafficCategory, readonly string[]> = {
  HRIS: ['hris.employees'],
  ATS: ['ats.jobs', 'ats.applications'],
  CRM: ['crm.contacts', 'crm.deals', 'crm.accounts', 'crm.leads', 'crm.engagements'],
  ACCOUNTING: ['accounting.journalEntries', 'accounting.expenses', 'accounting.employees'],
  ASSESSMENT: ['assessment.packages', 'assessment.orders'],
  EXPENSES: ['expenses.reports', 'expenses.cardTransactions'],
  TICKETING: ['ticketing.tickets', 'ticketing.users'],
  MEETING: ['meeting.meetings'],
  E_SIGN: ['esign.documents'],
  EMAIL: ['email.messages'],
  STORAGE: ['storage.files'],
  CALENDAR: ['calendar.events'],
  SUBSCRIPTION_MANAGEMENT: ['subscription.subscriptions', 'subscription.customers'],
};

/** A read of the app's own API that the unified models leave out, per category: passthrough's use. */
const PASSTHROUGH: Record<TrafficCategory, { path: string; query: Record<string, string> }> = {
  HRIS: { path: '/v1/me', query: {} },
  ATS: { path: '/v1/candidates', query: { per_page: '5' } },
  // The unified models read every list of these: what is left is who the credentials are.
  CRM: { path: '/v1/me', query: {} },
  ACCOUNTING: { path: '/v1/me', query: {} },
  ASSESSMENT: { path: '/v1/me', query: {} },
  // An expense app's expenses, which its reports hold but no model of EXPENSES reads on their own.
  EXPENSES: { path: '/v1/expenses', query: { limit: '5' } },
  TICKETING: { path: '/v1/me', query: {} },
  MEETING: { path: '/v1/me', query: {} },
  E_SIGN: { path: '/v1/me', query: {} },
  EMAIL: { path: '/v1/me', query: {} },
  STORAGE: { path: '/v1/me', query: {} },
  CALENDAR: { path: '/v1/me', query: {} },
  SUBSCRIPTION_MANAGEMENT: { path: '/v1/me', query: {} },
};

export type TrafficStep =
  | { kind: 'read'; call: string; query: Record<string, string> }
  | { kind: 'passthrough'; path: string; query: Record<string, string> }
  | { kind: 'syncStart' }
  /** The app answers the account's next `count` calls with `status`, then the read meets it. */
  | { kind: 'appFailure'; status: 429 | 500 | 503; count: number; call: string }
  | { kind: 'wrongCategory'; call: string };

type Random = () => number;

const pick = <T>(items: readonly T[], random: Random): T => items[Math.floor(random() * items.length) % items.length];

function weighted<T>(choices: readonly [T, number][], random: Random): T {
  const total = choices.reduce((sum, [, weight]) => sum + weight, 0);
  let at = random() * total;
  for (const [choice, weight] of choices) {
    at -= weight;
    if (at < 0) return choice;
  }
  return choices[choices.length - 1][0];
}

/**
 * The next call on `account`. `cursors` holds, per read, the nextCursor the last page of it
 * answered (the generator keeps it up to date), so a caller reads on like a backend paging a list.
 */
export function nextStep(account: TrafficAccount, cursors: ReadonlyMap<string, string>, random: Random): TrafficStep {
  const call = pick(READS[account.category], random);
  const cursor = cursors.get(`${account.integrationId} ${call}`);
  const kind = weighted<TrafficStep['kind'] | 'nextPage'>([
    ['read', 50], ['nextPage', cursor ? 20 : 0], ['passthrough', 10], ['syncStart', 6], ['appFailure', 10], ['wrongCategory', 4],
  ], random);
  switch (kind) {
    case 'nextPage': return { kind: 'read', call, query: { cursor: cursor! } };
    case 'read': return { kind: 'read', call, query: { pageSize: String(pick([10, 20, 25, 50], random)) } };
    case 'passthrough': return { kind: 'passthrough', ...PASSTHROUGH[account.category] };
    case 'syncStart': return { kind: 'syncStart' };
    case 'appFailure': {
      // A short rate limit, an outage the retries get past, an outage they do not.
      const [status, count] = weighted<[429 | 500 | 503, number]>([[[429, 1], 5], [[500, 1], 3], [[503, 3], 2]], random);
      return { kind: 'appFailure', status, count, call };
    }
    case 'wrongCategory': {
      const other = TRAFFIC_CATEGORIES.filter((c) => c !== account.category);
      return { kind: 'wrongCategory', call: pick(READS[pick(other, random)], random) };
    }
  }
}
