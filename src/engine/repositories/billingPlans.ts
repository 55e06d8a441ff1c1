import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';

// The plans table (a small fixed list) as the Plans tab and Talk to Sales read it.
type Db = Kysely<Database> | Transaction<Database>;

/** The columns a plan is shown from (services/billing.ts toBillingPlan). */
const PLAN_COLUMNS = [
  'id', 'name', 'price_minor', 'currency_code', 'billing_period', 'billing_period_unit', 'is_trial', 'credits',
  'billing_parameters_json', 'features_json',
] as const;
export type PlanRow = Pick<Row<'plans'>, (typeof PLAN_COLUMNS)[number]>;

/** Every plan in catalog position order. */
export async function listPlans(db: Db): Promise<PlanRow[]> {
  return db.selectFrom('plans').select(PLAN_COLUMNS).orderBy('position').orderBy('id').execute();
}

/** A plan's id, name and whether it is the trial; undefined when unknown. */
export async function findPlan(db: Db, planId: string): Promise<Pick<Row<'plans'>, 'id' | 'name' | 'is_trial'> | undefined> {
  return db.selectFrom('plans').select(['id', 'name', 'is_trial']).where('id', '=', planId).executeTakeFirst();
}
