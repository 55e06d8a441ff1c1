import { defineHandler } from '../types.ts';
import { forbidden, notFound } from '../../errors.ts';
import { findOrganisation } from '../../repositories/organisations.ts';
import { invoicesByNumber, toInvoice } from '../../repositories/invoices.ts';
import { invoiceFileName, invoiceSignatureMatches } from '../../services/billing.ts';
import { renderPdf, type PdfLine } from '../../services/invoicePdf.ts';

const DENIED = 'This download link is invalid or expired';

function money(minor: number, currency: string): string {
  const digits = new Intl.NumberFormat('en-US', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  return `${(minor / 10 ** digits).toFixed(digits)} ${currency}`;
}
const day = (seconds: number) => new Date(seconds * 1000).toISOString().slice(0, 10);

// The signed link is the credential: it names the invoice row and its organisation, so the number
// in the path only has to match that row. The document is rendered from the row on every download.
export const appPaymentInvoicesIdPdf = defineHandler('appPaymentInvoicesIdPdf', async ({ params, query }, { db, config, clock, reply }) => {
  const { expires, signature } = query;
  if (expires === undefined || !signature || clock.now() >= expires * 1000) throw forbidden(DENIED);
  const candidates = await invoicesByNumber(db, params.id);
  const row = candidates.find((c) => invoiceSignatureMatches(signature, c.id, c.org_id, expires, config.signingSecret));
  if (!row) throw candidates.length === 0 ? notFound('Invoice not found') : forbidden(DENIED);
  const org = await findOrganisation(db, row.org_id);
  const fileName = invoiceFileName(row);
  const invoice = toInvoice(row, { url: config.publicUrl }, fileName);
  const lines: PdfLine[] = [
    { text: `Invoice ${invoice.id}`, size: 20 },
    { text: `Date: ${day(invoice.date)}`, gapBefore: 10 },
    { text: `Billed to: ${org?.name ?? row.org_id}` },
    { text: `Status: ${invoice.status.replace('_', ' ')}` },
    { text: 'Items', size: 13, gapBefore: 14 },
    ...invoice.line_items.map((l) => ({ text: `${l.description}  x${l.quantity}  ${day(l.date_from)} - ${day(l.date_to)}  ${money(l.amount, invoice.currency_code)}` })),
    { text: `Total: ${money(invoice.total, invoice.currency_code)}`, size: 13, gapBefore: 14 },
    { text: `Amount paid: ${money(invoice.amount_paid, invoice.currency_code)}`, size: 13 },
  ];
  await reply
    .header('content-type', 'application/pdf')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .header('cache-control', 'private, no-store')
    .send(renderPdf(`Invoice ${invoice.id}`, lines));
  return undefined as never;
});
