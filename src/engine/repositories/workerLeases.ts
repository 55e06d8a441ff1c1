import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// Named leases a worker process holds while it runs (worker_leases, migration 20261202090000):
// taken, renewed and let go in one statement each, so of two processes asking at once one wins.
type Db = Kysely<Database> | Transaction<Database>;

/**
 * Takes the lease for `holder` until `expiresAt`, or renews it when `holder` has it: false when
 * another holder's lease has not passed yet.
 */
export async function takeLease(db: Db, name: string, holder: string, now: number, expiresAt: number): Promise<boolean> {
  const row = await db.insertInto('worker_leases').values({ name, holder, acquired_at: now, expires_at: expiresAt })
    .onConflict((oc) => oc.column('name')
      .doUpdateSet((eb) => ({
        holder: eb.ref('excluded.holder'),
        acquired_at: eb.case().when('worker_leases.holder', '=', holder).then(eb.ref('worker_leases.acquired_at')).else(eb.ref('excluded.acquired_at')).end(),
        expires_at: eb.ref('excluded.expires_at'),
      }))
      .where((eb) => eb.or([eb('worker_leases.holder', '=', holder), eb('worker_leases.expires_at', '<=', now)])))
    .returning('holder')
    .executeTakeFirst();
  return row?.holder === holder;
}

/** Who holds the lease and until when; undefined when nobody ever took it. */
export async function leaseHolder(db: Db, name: string): Promise<{ holder: string; expiresAt: number } | undefined> {
  const row = await db.selectFrom('worker_leases').select(['holder', 'expires_at']).where('name', '=', name).executeTakeFirst();
  return row && { holder: row.holder, expiresAt: Number(row.expires_at) };
}

/** Lets the lease go, if `holder` still has it. */
export async function dropLease(db: Db, name: string, holder: string): Promise<void> {
  await db.deleteFrom('worker_leases').where('name', '=', name).where('holder', '=', holder).execute();
}
