import type { Faker } from '@faker-js/faker';
import { DAY_MS } from '../../../shared/timeWindows.ts';
import { customFieldsOf, iso, isoDate, numericIds, prefixedIds, type ResourceSpec } from './core.ts';

// CRM, accounting and expense data: companies, contacts and leads that progress, deals that move
// through the pipeline to won or lost; journal entries that are drafted then posted (always
// balanced); expenses that are submitted, approved and reimbursed (or rejected).

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
const EMPLOYEE_IDS = prefixedIds('emp_', 2000);

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

/** A small chart of accounts: [code, name, kind]. */
const CHART: [string, string, 'expense' | 'revenue' | 'asset' | 'liability'][] = [
  ['1000', 'Cash', 'asset'], ['1200', 'Accounts Receivable', 'asset'], ['2000', 'Accounts Payable', 'liability'],
  ['2100', 'Accrued Liabilities', 'liability'], ['4000', 'Sales Revenue', 'revenue'], ['4100', 'Service Revenue', 'revenue'],
  ['6000', 'Rent Expense', 'expense'], ['6100', 'Salaries Expense', 'expense'], ['6200', 'Software Subscriptions', 'expense'],
  ['6300', 'Travel Expense', 'expense'], ['6400', 'Office Supplies', 'expense'], ['6500', 'Marketing Expense', 'expense'],
];
const ofKind = (kind: string) => CHART.filter((c) => c[2] === kind);

export const journalEntries: ResourceSpec<Record<string, unknown>> = {
  name: 'journal-entries',
  ids: prefixedIds('je_', 100_000),
  everyDays: [0.3, 1],
  max: 5000,
  changeEveryDays: [1, 6],
  unchanging: 0.3,
  lastVersion: 1,
  build({ faker, meta, hash }) {
    const kind = faker.helpers.arrayElement(['expense', 'revenue', 'payable'] as const);
    const amount = faker.number.int({ min: 50, max: 25_000 });
    const expense = faker.helpers.arrayElement(ofKind('expense'));
    const revenue = faker.helpers.arrayElement(ofKind('revenue'));
    const [debit, credit] = kind === 'expense' ? [expense, CHART[0]] : kind === 'revenue' ? [CHART[1], revenue] : [expense, CHART[2]];
    const memo = kind === 'expense' ? `${expense[1]}: ${faker.company.name()}` : kind === 'revenue' ? `Invoice INV-${10_000 + meta.index}` : `Bill from ${faker.company.name()}`;
    const line = (account: (typeof CHART)[number], debitAmount: number, creditAmount: number) =>
      ({ account_code: account[0], account_name: account[1], description: memo, debit: debitAmount, credit: creditAmount });
    return {
      id: `je_${(100_000 + meta.index).toString(36)}`,
      number: `JE-${String(1001 + meta.index).padStart(6, '0')}`,
      date: isoDate(meta.createdAt),
      memo,
      currency: 'USD',
      // Entries that change are drafts until posted; the others were posted when entered.
      status: meta.changes && meta.version === 0 ? 'draft' : 'posted',
      lines: [line(debit, amount, 0), line(credit, 0, amount)],
      total_amount: amount,
      custom_fields: customFieldsOf(hash),
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

export const accountingEmployees: ResourceSpec<Record<string, unknown>> = {
  name: 'employees',
  ids: EMPLOYEE_IDS,
  everyDays: [6, 14],
  max: 250,
  changeEveryDays: [60, 240],
  unchanging: 0.5,
  lastVersion: 1,
  build({ faker, meta }) {
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    return {
      id: EMPLOYEE_IDS.of(meta.index),
      name: `${first} ${last}`,
      email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@finance.example',
      department: faker.helpers.arrayElement(['Engineering', 'Sales', 'Marketing', 'Finance', 'Operations']),
      status: meta.version === 1 ? 'inactive' : 'active',
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

const EXPENSE_FLOW = ['submitted', 'approved', 'reimbursed'] as const;

export const expenses: ResourceSpec<Record<string, unknown>> = {
  name: 'expenses',
  ids: prefixedIds('exp_', 300_000),
  everyDays: [0.5, 1.5],
  max: 4000,
  changeEveryDays: [1, 5],
  unchanging: 0.05,
  lastVersion: 2,
  lastVersionOf: (hash) => (hash('rejected') % 8 === 0 ? 1 : 2),
  build({ faker, meta, countAt, hash }) {
    const employees = Math.max(1, countAt(accountingEmployees, meta.createdAt));
    const category = faker.helpers.arrayElement(['Travel', 'Meals', 'Software', 'Office Supplies', 'Training', 'Client Entertainment']);
    const rejected = hash('rejected') % 8 === 0 && meta.version === 1;
    return {
      id: `exp_${(300_000 + meta.index).toString(36)}`,
      date: isoDate(meta.createdAt),
      merchant: faker.company.name(),
      category,
      description: `${category} - ${faker.commerce.productName()}`,
      amount: faker.number.float({ min: 5, max: 1500, fractionDigits: 2 }),
      currency: faker.helpers.arrayElement(['USD', 'USD', 'EUR', 'GBP']),
      employee_id: EMPLOYEE_IDS.of(hash('employee') % employees),
      status: rejected ? 'rejected' : EXPENSE_FLOW[meta.version],
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

/** Records of a category without a vendor API of its own: one generic list per category. */
export function genericRecords(kind: string): ResourceSpec<Record<string, unknown>> {
  return {
    name: 'records',
    ids: prefixedIds('rec_', 500_000),
    everyDays: [0.5, 2],
    max: 2000,
    changeEveryDays: [2, 30],
    unchanging: 0.3,
    lastVersion: 3,
    build({ faker, meta }) {
      const first = faker.person.firstName();
      const last = faker.person.lastName();
      return {
        id: `rec_${(500_000 + meta.index).toString(36)}`,
        type: kind,
        title: faker.lorem.sentence({ min: 3, max: 7 }).replace(/\.$/, ''),
        description: faker.lorem.paragraph(),
        status: ['open', 'in_progress', 'done', 'archived'][meta.version],
        owner: { name: `${first} ${last}`, email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@team.example' },
        created_at: iso(meta.createdAt),
        updated_at: iso(meta.modifiedAt),
      };
    },
  };
}
