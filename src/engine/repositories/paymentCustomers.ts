import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// The organisation's customer at the built-in billing provider (one row per organisation) and
// its cards.
type Db = Kysely<Database> | Transaction<Database>;

/** The organisation's customer and billing address; undefined when it never bought a subscription. */
export async function findPaymentCustomer(db: Db, orgId: string) {
  return db.selectFrom('payment_customers')
    .select(['first_name', 'last_name', 'email', 'company', 'vat_number', 'billing_first_name', 'billing_last_name',
      'billing_line1', 'billing_line2', 'billing_city', 'billing_state', 'billing_zip', 'billing_country'])
    .where('org_id', '=', orgId).executeTakeFirst();
}

/** The card invoices are charged to: the primary one, else the newest; undefined without cards. */
export async function primaryCard(db: Db, orgId: string) {
  return db.selectFrom('payment_cards').select(['card_type', 'masked_number', 'expiry_month', 'expiry_year'])
    .where('org_id', '=', orgId)
    .orderBy('is_primary', 'desc').orderBy('created_at', 'desc').executeTakeFirst();
}
