import type { Kysely } from 'kysely';
import { counter, ms, text } from './helpers.ts';

/*
 * Sign-in no longer keeps a per-address count of wrong codes a day: that count let a stranger
 * lock an owner out. Guessing is throttled per source address instead (rate_limits).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('otp_daily_failures').ifExists().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('otp_daily_failures')
    .$call(text('email'))
    .$call(text('day'))
    .$call(counter('wrong_count'))
    .$call(ms('updated_at'))
    .addPrimaryKeyConstraint('otp_daily_failures_pkey', ['email', 'day'])
    .execute();
}
