import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';
import { newId } from '../db/ids.ts';

// Talk to Sales requests: who in which organisation asked for which plan, and when.
type Db = Kysely<Database> | Transaction<Database>;

/** Whether the organisation asked for this plan after `since` (unix ms). */
export async function hasSalesRequestSince(db: Db, orgId: string, planId: string, since: number): Promise<boolean> {
  const recent = await db.selectFrom('sales_requests').select('id').where('org_id', '=', orgId)
    .where('plan_id', '=', planId).where('created_at', '>', since).executeTakeFirst();
  return recent !== undefined;
}

export async function recordSalesRequest(db: Db, request: { orgId: string; userId: string; planId: string; message: string | null }, now: number): Promise<void> {
  await db.insertInto('sales_requests')
    .values({ id: newId('sal'), org_id: request.orgId, user_id: request.userId, plan_id: request.planId, message: request.message, created_at: now })
    .execute();
}
