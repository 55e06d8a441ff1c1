import type { Faker } from '@faker-js/faker';
import { DAY_MS } from '../../../shared/timeWindows.ts';
import { customFieldsOf, iso, isoDate, numericIds, type ResourceSpec } from './core.ts';

// A HubSpot-like CRM: companies, contacts and leads that progress, deals that move through the
// pipeline to won or lost, and the calls, e-mails, meetings, notes and tasks the sales team logs
// against contacts (tasks get done). Every record keeps its values under `properties`.

const INDUSTRIES = ['Software', 'Manufacturing', 'Healthcare', 'Retail', 'Financial Services', 'Logistics', 'Education', 'Media'];
const LIFECYCLE = ['subscriber', 'lead', 'marketingqualifiedlead', 'salesqualifiedlead', 'opportunity', 'customer'];
const DEAL_STAGES = ['appointmentscheduled', 'qualifiedtobuy', 'presentationscheduled', 'decisionmakerboughtin', 'contractsent'];
const LEAD_STATUS = ['NEW', 'ATTEMPTED_TO_CONTACT', 'CONNECTED', 'OPEN_DEAL'];

const props = (meta: { createdAt: number; modifiedAt: number }, values: Record<string, unknown>) => ({
  properties: { ...values, createdate: iso(meta.createdAt), lastmodifieddate: iso(meta.modifiedAt) },
  createdAt: iso(meta.createdAt),
  updatedAt: iso(meta.modifiedAt),
  archived: false,
});

const ACCOUNT_IDS = numericIds(5_100_000);
const CONTACT_IDS = numericIds(7_200_000);

const owner = (faker: Faker) => `${faker.person.firstName().toLowerCase()}@sales.example`;

export const crmAccounts: ResourceSpec<Record<string, unknown>> = {
  name: 'accounts',
  ids: ACCOUNT_IDS,
  everyDays: [3, 8],
  max: 600,
  changeEveryDays: [30, 150],
  unchanging: 0.4,
  lastVersion: 6,
  build({ faker, meta, seedVersion }) {
    const name = faker.company.name();
    const domain = `${name.toLowerCase().replace(/[^a-z0-9]+/g, '')}.example`;
    let employeesCount = faker.number.int({ min: 5, max: 5000 });
    let revenue = employeesCount * faker.number.int({ min: 80, max: 300 }) * 1000;
    for (let v = 1; v <= meta.version; v += 1) {
      const f = seedVersion(v);
      employeesCount = Math.max(1, Math.round(employeesCount * f.number.float({ min: 0.95, max: 1.2 })));
      revenue = Math.round(revenue * f.number.float({ min: 0.97, max: 1.25 }));
    }
    return {
      id: ACCOUNT_IDS.of(meta.index),
      ...props(meta, {
        name,
        domain,
        industry: faker.helpers.arrayElement(INDUSTRIES),
        numberofemployees: employeesCount,
        annualrevenue: revenue,
        city: faker.location.city(),
        country: faker.location.countryCode(),
        hubspot_owner_email: owner(faker),
      }),
    };
  },
};

export const crmContacts: ResourceSpec<Record<string, unknown>> = {
  name: 'contacts',
  ids: CONTACT_IDS,
  everyDays: [0.8, 2.5],
  max: 2000,
  changeEveryDays: [10, 60],
  unchanging: 0.3,
  lastVersion: LIFECYCLE.length - 1,
  build({ faker, meta, countAt, hash }) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const accounts = countAt(crmAccounts, meta.createdAt);
    return {
      id: CONTACT_IDS.of(meta.index),
      ...props(meta, {
        firstname: first,
        lastname: last,
        email: faker.internet.email({ firstName: first, lastName: last, provider: 'client.example' }).toLowerCase(),
        phone: faker.phone.number({ style: 'international' }),
        jobtitle: faker.person.jobTitle(),
        account_id: accounts > 0 ? ACCOUNT_IDS.of(hash('account') % accounts) : null,
        lifecyclestage: LIFECYCLE[meta.version],
        custom_fields: customFieldsOf(hash),
      }),
    };
  },
};

export const crmLeads: ResourceSpec<Record<string, unknown>> = {
  name: 'leads',
  ids: numericIds(8_300_000),
  everyDays: [0.5, 1.5],
  max: 2000,
  changeEveryDays: [3, 20],
  unchanging: 0.2,
  lastVersion: LEAD_STATUS.length,
  lastVersionOf: (hash) => (hash('unqualified') % 4 === 0 ? 1 + (hash('at') % 2) : LEAD_STATUS.length),
  build({ faker, meta, hash }) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const unqualified = hash('unqualified') % 4 === 0 && meta.version === 1 + (hash('at') % 2);
    return {
      id: String(8_300_000 + meta.index),
      ...props(meta, {
        firstname: first,
        lastname: last,
        email: faker.internet.email({ firstName: first, lastName: last, provider: 'prospect.example' }).toLowerCase(),
        company: faker.company.name(),
        hs_lead_status: unqualified ? 'UNQUALIFIED' : LEAD_STATUS[Math.min(meta.version, LEAD_STATUS.length - 1)],
        leadsource: faker.helpers.arrayElement(['Webinar', 'Website', 'Trade show', 'Cold outreach', 'Partner']),
      }),
    };
  },
};

export const crmDeals: ResourceSpec<Record<string, unknown>> = {
  name: 'deals',
  ids: numericIds(9_400_000),
  everyDays: [1.5, 4],
  max: 1200,
  changeEveryDays: [5, 25],
  unchanging: 0.05,
  lastVersion: DEAL_STAGES.length,
  build({ faker, meta, countAt, hash, seedVersion }) {
    const accounts = Math.max(1, countAt(crmAccounts, meta.createdAt));
    const contacts = countAt(crmContacts, meta.createdAt);
    let amount = faker.number.int({ min: 20, max: 400 }) * 250;
    // The last version closes it: won two times in five.
    const closed = meta.version === DEAL_STAGES.length;
    const stage = closed ? (hash('won') % 5 < 2 ? 'closedwon' : 'closedlost') : DEAL_STAGES[meta.version];
    for (let v = 1; v <= meta.version; v += 1) amount = Math.round(amount * seedVersion(v).number.float({ min: 0.85, max: 1.15 }) / 50) * 50;
    return {
      id: String(9_400_000 + meta.index),
      ...props(meta, {
        dealname: `${faker.company.buzzNoun().replace(/^\w/, (c) => c.toUpperCase())} ${faker.helpers.arrayElement(['expansion', 'renewal', 'pilot', 'rollout'])}`,
        amount,
        deal_currency_code: 'USD',
        dealstage: stage,
        pipeline: 'default',
        closedate: isoDate(closed ? meta.modifiedAt : meta.createdAt + faker.number.int({ min: 20, max: 120 }) * DAY_MS),
        account_id: ACCOUNT_IDS.of(hash('account') % accounts),
        contact_id: contacts > 0 ? CONTACT_IDS.of(hash('contact') % contacts) : null,
        hubspot_owner_email: owner(faker),
        custom_fields: customFieldsOf(hash),
      }),
    };
  },
};

const ENGAGEMENT_TYPES = ['CALL', 'EMAIL', 'MEETING', 'NOTE', 'TASK'] as const;
type EngagementType = (typeof ENGAGEMENT_TYPES)[number];
const engagementType = (hash: (purpose: string) => number): EngagementType => ENGAGEMENT_TYPES[hash('type') % ENGAGEMENT_TYPES.length];

/** What the sales team writes of each kind: its subject (a note has none) and its text. */
const ENGAGEMENT_TEXT: Record<EngagementType, (faker: Faker) => [subject: string | null, body: string]> = {
  CALL: (f) => [f.helpers.arrayElement(['Discovery call', 'Follow-up call', 'Pricing call', 'Check-in call']),
    `${f.helpers.arrayElement(['Connected', 'Left voicemail', 'No answer', 'Busy'])}. ${f.lorem.sentence()}`],
  EMAIL: (f) => [`Re: ${f.company.catchPhrase()}`, f.lorem.sentences(2)],
  MEETING: (f) => [f.helpers.arrayElement(['Product demo', 'Quarterly business review', 'Kick-off', 'Contract review']), f.lorem.sentences(2)],
  NOTE: (f) => [null, f.lorem.sentences(3)],
  TASK: (f) => [f.helpers.arrayElement(['Send proposal', 'Follow up on pricing', 'Book a demo', 'Share a case study']), f.lorem.sentence()],
};

/**
 * Calls, e-mails, meetings, notes and tasks logged against contacts. hs_timestamp is when it
 * happened: a meeting's start (booked ahead), a task's due date, the time it was logged otherwise.
 * Only tasks change: done once their owner completes them.
 */
export const crmEngagements: ResourceSpec<Record<string, unknown>> = {
  name: 'engagements',
  ids: numericIds(6_300_000),
  everyDays: [0.5, 1.5],
  max: 2500,
  changeEveryDays: [1, 7],
  unchanging: 0.1,
  lastVersion: 1,
  lastVersionOf: (hash) => (engagementType(hash) === 'TASK' ? 1 : 0),
  build({ faker, meta, countAt, hash }) {
    const type = engagementType(hash);
    const contacts = countAt(crmContacts, meta.createdAt);
    const [subject, body] = ENGAGEMENT_TEXT[type](faker);
    const ahead = type === 'MEETING' || type === 'TASK' ? faker.number.int({ min: 1, max: 14 }) * DAY_MS : 0;
    return {
      id: String(6_300_000 + meta.index),
      ...props(meta, {
        hs_engagement_type: type,
        hs_timestamp: iso(meta.createdAt + ahead),
        hs_subject: subject,
        hs_body_preview: body,
        ...(type === 'TASK' ? { hs_task_status: meta.version === 1 ? 'COMPLETED' : 'NOT_STARTED' } : {}),
        hubspot_owner_email: owner(faker),
        contact_id: contacts > 0 ? CONTACT_IDS.of(hash('contact') % contacts) : null,
      }),
    };
  },
};
