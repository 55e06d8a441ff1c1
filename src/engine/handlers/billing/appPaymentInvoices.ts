import { defineHandler } from '../types.ts';
import { badRequest, forbidden } from '../../errors.ts';
import { decodeCursor, InvalidCursorError, paginate } from '../../db/keyset.ts';
import { INVOICES_PAGE_SIZE } from '../../../shared/constants.ts';
import { toInvoice } from '../../repositories/invoices.ts';
import { invoiceFileName, invoiceLink } from '../../services/billing.ts';

// Newest first, keyset-paged on (date, id) by the (org_id, date, id) index; the spec's `offset`
// carries the previous page's nextCursor. Each row gets a fresh signed download link.
export const appPaymentInvoices = defineHandler('appPaymentInvoices', async ({ query }, { db, config, clock, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  let cursor;
  try { cursor = decodeCursor(query.offset); } catch (error) {
    if (error instanceof InvalidCursorError) throw badRequest('Invalid cursor', 'offset');
    throw error;
  }
  if (cursor && typeof cursor.id !== 'string') throw badRequest('Invalid cursor', 'offset');
  const after = query['date[after]'];
  const page = await paginate(
    db.selectFrom('invoices').selectAll().where('org_id', '=', caller.orgId)
      .$if(after !== undefined, (q) => q.where('date', '>', after! * 1000)),
    { ts: 'date', id: 'id', limit: query.limit ?? INVOICES_PAGE_SIZE, cursor },
  );
  const now = clock.now();
  return {
    invoices: page.items.map((row) => toInvoice(row, invoiceLink(config, row, now), invoiceFileName(row))),
    nextCursor: page.nextCursor,
  };
});
