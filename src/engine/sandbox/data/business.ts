import { DAY_MS } from '../../../shared/timeWindows.ts';
import { customFieldsOf, emailOf, iso, isoDate, prefixedIds, type ResourceSpec } from './core.ts';

// Accounting and expense data: journal entries that are drafted then posted (always balanced);
// employees who are hired and may leave; expenses that are submitted, approved and reimbursed (or
// rejected); an expense app's reports and card transactions. The CRM's records are in crm.ts.

const EMPLOYEE_IDS = prefixedIds('emp_', 2000);

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
      first_name: first,
      last_name: last,
      email: emailOf(first, last, 'finance.example'),
      department: faker.helpers.arrayElement(['Engineering', 'Sales', 'Marketing', 'Finance', 'Operations']),
      status: meta.version === 1 ? 'inactive' : 'active',
      // Entered in the books when hired.
      hire_date: isoDate(meta.createdAt),
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

const EXPENSE_FLOW = ['submitted', 'approved', 'reimbursed'] as const;

export const expenses: ResourceSpec<Record<string, unknown>> = {
  name: 'expenses',
  ids: prefixedIds('exp_', 300_000),
  everyDays: [1, 3],
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

const REPORT_FLOW = ['draft', 'submitted', 'approved', 'reimbursed'] as const;
const TRIPS = ['Berlin', 'London', 'New York', 'Austin', 'Toronto', 'Singapore', 'Lisbon'];

/**
 * Expense reports (an expense app's, EXPENSES): a report is drafted with its expenses and
 * receipts, then submitted, approved and reimbursed, one step per version.
 */
export const expenseReports: ResourceSpec<Record<string, unknown>> = {
  name: 'reports',
  ids: prefixedIds('rpt_', 700_000),
  everyDays: [2, 5],
  max: 1000,
  changeEveryDays: [1, 6],
  unchanging: 0.05,
  lastVersion: REPORT_FLOW.length - 1,
  build({ faker, meta, countAt, hash }) {
    const id = `rpt_${(700_000 + meta.index).toString(36)}`;
    const employees = Math.max(1, countAt(accountingEmployees, meta.createdAt));
    const first = faker.person.firstName();
    const last = faker.person.lastName();
    const currency = faker.helpers.arrayElement(['USD', 'USD', 'EUR', 'GBP']);
    const trip = faker.helpers.arrayElement(TRIPS);
    const expenses = Array.from({ length: faker.number.int({ min: 1, max: 5 }) }, (_, n) => ({
      id: `${id}_${n + 1}`,
      merchant: faker.company.name(),
      category: faker.helpers.arrayElement(['Travel', 'Meals', 'Lodging', 'Taxi', 'Client Entertainment']),
      amount: faker.number.float({ min: 8, max: 900, fractionDigits: 2 }),
      date: isoDate(meta.createdAt - faker.number.int({ min: 0, max: 6 }) * DAY_MS),
      has_receipt: faker.datatype.boolean(0.8),
    }));
    const step = (v: number) => (v <= meta.version ? iso(meta.createdAt + ((meta.modifiedAt - meta.createdAt) * v) / Math.max(1, meta.version)) : null);
    return {
      id,
      title: `Trip to ${trip}`,
      employee_id: EMPLOYEE_IDS.of(hash('employee') % employees),
      submitter: { name: `${first} ${last}`, email: emailOf(first, last, 'team.example') },
      status: REPORT_FLOW[meta.version],
      currency,
      total: Math.round(expenses.reduce((sum, x) => sum + x.amount, 0) * 100) / 100,
      expenses: expenses.map(({ has_receipt: _, ...x }) => x),
      receipts: expenses.filter((x) => x.has_receipt).map((x) => ({ file_name: `receipt-${x.id}.jpg`, url: `https://files.expenses.example/receipts/${x.id}.jpg` })),
      submitted_at: step(1),
      approved_at: step(2),
      reimbursed_at: step(3),
      custom_fields: customFieldsOf(hash),
      created_at: iso(meta.createdAt),
      updated_at: iso(meta.modifiedAt),
    };
  },
};

const MERCHANTS: [name: string, mcc: string, tipped: boolean][] = [
  ['Delta Air Lines', '3058', false], ['Uber', '4121', true], ['Marriott', '3509', false], ['Starbucks', '5814', true],
  ['Amazon Web Services', '7399', false], ['Staples', '5943', false], ['The Capital Grille', '5812', true], ['Zoom', '4816', false],
];

/**
 * Corporate card transactions (Brex-like): amounts in cents, pending when made, then posted, a
 * tipped one (restaurants, rides) for its final amount.
 */
export const cardTransactions: ResourceSpec<Record<string, unknown>> = {
  name: 'card-transactions',
  ids: prefixedIds('ctx_', 800_000),
  everyDays: [1, 3],
  max: 4000,
  changeEveryDays: [1, 3],
  unchanging: 0.1,
  lastVersion: 1,
  build({ faker, meta, hash, seedVersion }) {
    const [merchant, mcc, tipped] = faker.helpers.arrayElement(MERCHANTS);
    const currency = faker.helpers.arrayElement(['USD', 'USD', 'USD', 'EUR']);
    const last4 = String(1000 + (hash('card') % 12) * 731).slice(-4);
    let cents = faker.number.int({ min: 300, max: 120_000 });
    const posted = !meta.changes || meta.version === 1;
    if (meta.version === 1 && tipped) cents = Math.round(cents * seedVersion(1).number.float({ min: 1.1, max: 1.25 }));
    return {
      id: `ctx_${(800_000 + meta.index).toString(36)}`,
      card_id: `card_${last4}`,
      card_last_four: last4,
      merchant: { name: merchant, raw_descriptor: `${merchant.toUpperCase().slice(0, 18)} ${mcc}`, mcc },
      amount: { amount: cents, currency },
      status: posted ? 'POSTED' : 'PENDING',
      initiated_at_date: isoDate(meta.createdAt),
      posted_at_date: posted ? isoDate(meta.modifiedAt) : null,
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
        owner: { name: `${first} ${last}`, email: emailOf(first, last, 'team.example') },
        created_at: iso(meta.createdAt),
        updated_at: iso(meta.modifiedAt),
      };
    },
  };
}
