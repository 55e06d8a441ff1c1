import { type Kysely } from 'kysely';
import { createIndex, dropTables, ms, optionalText, ref, text, textPk } from './helpers.ts';

/*
 * What the billing screens show and the first tables left out:
 * - payment_cards: the card's expiry (Payment details);
 * - payment_customers: company, billing city and country (BillingAddress);
 * - invoices: the total and status of an invoice (null: total is the line items' sum, or
 *   amount_paid without amounts, and status follows from amount_paid against the total);
 * - sales_requests: Talk to Sales requests (app.payment.plans.notify), one per organisation and
 *   plan a day, so repeated clicks notify the sales team once.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('payment_cards').addColumn('expiry_month', 'integer').execute();
  await db.schema.alterTable('payment_cards').addColumn('expiry_year', 'integer').execute();
  for (const column of ['company', 'billing_city', 'billing_country']) {
    await db.schema.alterTable('payment_customers').addColumn(column, 'text').execute();
  }
  await db.schema.alterTable('invoices').addColumn('total', 'bigint').execute();
  await db.schema.alterTable('invoices').addColumn('status', 'text').execute();

  await db.schema
    .createTable('sales_requests')
    .$call(textPk())
    .$call(ref('org_id', 'organisations'))
    .$call(ref('user_id', 'users', { nullable: true }))
    .$call(text('plan_id'))
    .$call(optionalText('message'))
    .$call(ms('created_at'))
    .execute();
  await createIndex(db, 'sales_requests', ['org_id', 'plan_id', 'created_at']);
}

export async function down(db: Kysely<any>): Promise<void> {
  await dropTables(db, ['sales_requests']);
  await db.schema.alterTable('invoices').dropColumn('status').execute();
  await db.schema.alterTable('invoices').dropColumn('total').execute();
  for (const column of ['billing_country', 'billing_city', 'company']) {
    await db.schema.alterTable('payment_customers').dropColumn(column).execute();
  }
  await db.schema.alterTable('payment_cards').dropColumn('expiry_year').execute();
  await db.schema.alterTable('payment_cards').dropColumn('expiry_month').execute();
}
