import { customFieldsOf, iso, isoDate, prefixedIds, type ResourceSpec } from './core.ts';

// Accounting and expense data: journal entries that are drafted then posted (always balanced);
// employees who are hired and may leave; expenses that are submitted, approved and reimbursed (or
// rejected). The CRM's records are in crm.ts.

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
      email: `${first}.${last}`.toLowerCase().replace(/[^a-z.]/g, '') + '@finance.example',
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
