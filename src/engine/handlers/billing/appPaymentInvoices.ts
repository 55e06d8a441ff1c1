import { defineSessionHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { decodeCursor, InvalidCursorError } from '../../db/keyset.ts';
import { INVOICES_PAGE_SIZE } from '../../../shared/constants.ts';
import { pageInvoices, toInvoice } from '../../repositories/invoices.ts';
import { invoiceFileName, invoiceLink } from '../../services/billing.ts';

// Newest first, keyset-paged on (date, id) by the (org_id, date, id) index; the spec's `offset`
// carries the previous page's nextCursor. Each row gets a fresh signed download link.
export const appPaymentInvoices = defineSessionHandler('appPaymentInvoices', async ({ query }, { db, config, clock, caller }) => {
  let cursor;
  try { cursor = decodeCursor(query.offset); } catch (error) {
    if (error instanceof InvalidCursorError) throw badRequest('Invalid cursor', 'offset');
    throw error;
  }
  if (cursor && typeof cursor.id !== 'string') throw badRequest('Invalid cursor', 'offset');
  const after = query['date[after]'];
  const page = await pageInvoices(db, caller.orgId, {
    after: after === undefined ? undefined : after * 1000,
    limit: query.limit ?? INVOICES_PAGE_SIZE,
    cursor,
  });
  const now = clock.now();
  return {
    invoices: page.items.map((row) => toInvoice(row, invoiceLink(config, row, now), invoiceFileName(row))),
    nextCursor: page.nextCursor,
  };
});
