import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { type KeysetCursor, type KeysetPage, paginate } from '../db/keyset.ts';
import type { MsgOf } from '../contractTypes.ts';

// Invoices as the Invoices tab shows them. Amounts are minor units; dates are stored in ms and
// answered in seconds. Older rows may carry line items with a description only: their amount is
// the invoice's when it has one line, and their period the invoice date.
type Db = Kysely<Database> | Transaction<Database>;
type Invoice = MsgOf<'appPaymentInvoices'>['invoices'][number];
type LineItem = Invoice['line_items'][number];
type StoredLine = { description?: unknown; amount?: unknown; quantity?: unknown; date_from?: unknown; date_to?: unknown };

/** The columns an invoice is shown, linked and named from. */
const INVOICE_COLUMNS = [
  'id', 'org_id', 'number', 'date', 'currency_code', 'amount_paid', 'plan_name', 'line_items_json', 'file_name', 'total', 'status',
] as const;
type InvoiceRow = Pick<Row<'invoices'>, (typeof INVOICE_COLUMNS)[number]>;

const STATUSES = ['paid', 'payment_due', 'not_paid', 'voided', 'pending'] as const;
const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

function lineItems(row: InvoiceRow): LineItem[] {
  let stored: StoredLine[] = [];
  try { stored = JSON.parse(row.line_items_json || '[]') as StoredLine[]; } catch { stored = []; }
  const date = Math.floor(row.date / 1000);
  return (Array.isArray(stored) ? stored : []).map((line) => ({
    description: typeof line.description === 'string' ? line.description : row.plan_name ?? '',
    amount: int(line.amount) ?? (stored.length === 1 ? row.amount_paid : 0),
    quantity: Math.max(0, int(line.quantity) ?? 1),
    date_from: int(line.date_from) ?? date,
    date_to: int(line.date_to) ?? date,
  }));
}

export function toInvoice(row: InvoiceRow, link: { url: string }, fileName: string): Invoice {
  const lines = lineItems(row);
  const withAmounts = lines.length > 0 && lines.some((l) => l.amount !== 0);
  const total = row.total ?? (withAmounts ? lines.reduce((sum, l) => sum + l.amount, 0) : row.amount_paid);
  const status = (STATUSES as readonly string[]).includes(row.status ?? '') ? row.status as Invoice['status']
    : row.amount_paid >= total ? 'paid' : 'payment_due';
  return {
    id: row.number,
    date: Math.floor(row.date / 1000),
    currency_code: /^[A-Z]{3}$/.test(row.currency_code) ? row.currency_code : 'USD',
    amount_paid: Math.max(0, row.amount_paid),
    total,
    status,
    planName: lines[0]?.description || row.plan_name || '',
    line_items: lines,
    download_url: link.url,
    fileName,
  };
}

/** One invoice of the organisation by its number (Invoice.id); another org's is not found. */
export async function findInvoiceByNumber(db: Db, orgId: string, number: string): Promise<Row<'invoices'> | undefined> {
  return db.selectFrom('invoices').selectAll().where('org_id', '=', orgId).where('number', '=', number).executeTakeFirst();
}

/**
 * One page of the organisation's invoices, newest first, keyset-paged on (date, id) by the
 * (org_id, date, id) index; `after` (unix ms) keeps only later ones.
 */
export async function pageInvoices(db: Db, orgId: string, options: { after?: number; limit: number; cursor?: KeysetCursor }): Promise<KeysetPage<InvoiceRow>> {
  return paginate(
    db.selectFrom('invoices').select(INVOICE_COLUMNS).where('org_id', '=', orgId)
      .$if(options.after !== undefined, (q) => q.where('date', '>', options.after!)),
    { ts: 'date', id: 'id', limit: options.limit, cursor: options.cursor },
  );
}

/** Every invoice with this number, of any organisation (a signed link names which one is meant). */
export async function invoicesByNumber(db: Db, number: string): Promise<InvoiceRow[]> {
  return db.selectFrom('invoices').select(INVOICE_COLUMNS).where('number', '=', number).execute();
}
