import { defineSessionHandler } from '../types.ts';
import { notFound } from '../../errors.ts';
import { findInvoiceByNumber } from '../../repositories/invoices.ts';
import { invoiceFileName, invoiceLink } from '../../services/billing.ts';

export const appPaymentInvoicesId = defineSessionHandler('appPaymentInvoicesId', async ({ params }, { db, config, clock, caller }) => {
  const invoice = await findInvoiceByNumber(db, caller.orgId, params.id);
  if (!invoice) throw notFound('Invoice not found');
  const link = invoiceLink(config, invoice, clock.now());
  return [{ download_url: link.url, valid_till: link.validTill, mime_type: 'application/pdf', fileName: invoiceFileName(invoice) }];
});
