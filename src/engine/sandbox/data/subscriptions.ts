import { DAY_MS } from '../../../shared/timeWindows.ts';
import { customFieldsOf, emailOf, prefixedIds, type ResourceSpec } from './core.ts';

// A Chargebee-like billing platform: times in Unix seconds, amounts in cents. Customers whose
// billing contact or company changes now and then; subscriptions that start on a trial (half of
// them), renew every month with more or fewer seats, and end for some: cancelled or paused.

const CUSTOMER_IDS = prefixedIds('cus_', 1_000_000);
const SUBSCRIPTION_IDS = prefixedIds('sub_', 2_000_000);
const unix = (ms: number) => Math.floor(ms / 1000);

export const subscriptionCustomers: ResourceSpec<Record<string, unknown>> = {
  name: 'customers',
  ids: CUSTOMER_IDS,
  everyDays: [2, 5],
  max: 1000,
  changeEveryDays: [30, 200],
  unchanging: 0.5,
  lastVersion: 2,
  build({ faker, meta, hash, seedVersion }) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    let company = faker.company.name();
    const domain = () => `${company.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
    let email = emailOf(first, last, domain());
    const city = faker.location.city();
    const country = faker.location.countryCode();
    // Version 1: billing goes to the finance team; version 2: the company is renamed.
    if (meta.version >= 1) email = `billing@${domain()}`;
    if (meta.version >= 2) {
      company = seedVersion(2).company.name();
      email = `billing@${domain()}`;
    }
    return {
      id: CUSTOMER_IDS.of(meta.index),
      object: 'customer',
      first_name: first,
      last_name: last,
      email,
      company,
      auto_collection: 'on',
      net_term_days: 0,
      billing_address: { first_name: first, last_name: last, company, city, country, object: 'billing_address' },
      custom_fields: customFieldsOf(hash),
      deleted: false,
      created_at: unix(meta.createdAt),
      updated_at: unix(meta.modifiedAt),
      resource_version: meta.modifiedAt,
    };
  },
};

const PLANS: [id: string, cents: number][] = [['starter', 2_900], ['growth', 7_900], ['business', 19_900], ['enterprise', 49_900]];
const ADDONS: [id: string, cents: number][] = [['extra-storage', 1_000], ['priority-support', 4_900], ['sso', 9_900]];
const TRIAL_MS = 14 * DAY_MS;
const TERM_MS = 30 * DAY_MS;

/** How a subscription ends: cancelled after 1 to 6 renewals (one in four), paused at its third (one in ten), else it renews on. */
const endOf = (hash: (purpose: string) => number): { at: number; status: 'cancelled' | 'paused' | 'active' } =>
  hash('churn') % 4 === 0 ? { at: 1 + (hash('churnAt') % 6), status: 'cancelled' }
    : hash('churn') % 10 === 1 ? { at: 3, status: 'paused' } : { at: 12, status: 'active' };

export const subscriptions: ResourceSpec<Record<string, unknown>> = {
  name: 'subscriptions',
  ids: SUBSCRIPTION_IDS,
  everyDays: [1.5, 4],
  max: 1500,
  changeEveryDays: [28, 31],
  unchanging: 0.05,
  lastVersion: 12,
  lastVersionOf: (hash) => endOf(hash).at,
  build({ faker, meta, countAt, hash, seedVersion }) {
    const customers = Math.max(1, countAt(subscriptionCustomers, meta.createdAt));
    const [plan, planCents] = faker.helpers.arrayElement(PLANS);
    const currency = faker.helpers.arrayElement(['USD', 'USD', 'EUR']);
    const addons = faker.helpers.arrayElements(ADDONS, { min: 0, max: 2 });
    let seats = faker.number.int({ min: 1, max: 40 });
    const trial = meta.changes && hash('trial') % 2 === 0;
    for (let v = 1; v <= meta.version; v += 1) seats = Math.max(1, seats + seedVersion(v).number.int({ min: -3, max: 5 }));
    const end = endOf(hash);
    const ended = meta.changes && meta.version === end.at && end.status !== 'active';
    const status = ended ? end.status : meta.version === 0 && trial ? 'in_trial' : 'active';
    const suffix = `${currency}-Monthly`;
    const items = [
      { item_price_id: `${plan}-${suffix}`, item_type: 'plan', quantity: seats, unit_price: planCents, amount: seats * planCents, object: 'subscription_item' },
      ...addons.map(([addon, cents]) => ({ item_price_id: `${addon}-${suffix}`, item_type: 'addon', quantity: 1, unit_price: cents, amount: cents, object: 'subscription_item' })),
    ];
    // A term starts when the subscription starts, its trial ends or it renews (its current version's start).
    const termStart = meta.modifiedAt;
    const termEnd = termStart + (status === 'in_trial' ? TRIAL_MS : TERM_MS);
    const billed = status === 'active';
    return {
      id: SUBSCRIPTION_IDS.of(meta.index),
      object: 'subscription',
      customer_id: CUSTOMER_IDS.of(hash('customer') % customers),
      status,
      currency_code: currency,
      billing_period: 1,
      billing_period_unit: 'month',
      subscription_items: items,
      ...(status === 'cancelled' ? { cancelled_at: unix(meta.modifiedAt), cancel_reason: 'not_paid' } : { current_term_start: unix(termStart), current_term_end: unix(termEnd) }),
      ...(status === 'paused' ? { pause_date: unix(meta.modifiedAt) } : {}),
      ...(trial ? { trial_start: unix(meta.createdAt), trial_end: unix(meta.createdAt + TRIAL_MS) } : {}),
      mrr: billed ? items.reduce((sum, i) => sum + i.amount, 0) : 0,
      custom_fields: customFieldsOf(hash),
      created_at: unix(meta.createdAt),
      started_at: unix(meta.createdAt),
      updated_at: unix(meta.modifiedAt),
      resource_version: meta.modifiedAt,
      deleted: false,
    };
  },
};
