import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { MsgOf } from '../handlers/types.ts';

// Invoices as the Invoices tab shows them. Amounts are minor units; dates are stored in ms and
// answered in seconds. Older rows may carry line items with a description only: their amount is
// the invoice's when it has one line, and their period the invoice date.
type Db = Kysely<Database> | Transaction<Database>;
export type Invoice = MsgOf<'appPaymentInvoices'>['invoices'][number];
type LineItem = Invoice['line_items'][number];
type StoredLine = { description?: unknown; amount?: unknown; quantity?: unknown; date_from?: unknown; date_to?: unknown };

const STATUSES = ['paid', 'payment_due', 'not_paid', 'voided', 'pending'] as const;
const int = (value: unknown): number | undefined => (typeof value === 'number' && Number.isSafeInteger(value) ? value : undefined);

export function lineItems(row: Row<'invoices'>): LineItem[] {
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

export function toInvoice(row: Row<'invoices'>, link: { url: string }, fileName: string): Invoice {
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
