import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// The dashboard sessions of a user as a whole (creating, resolving and revoking one session is
// services/sessions.ts): a session names the organisation it acts in, so they move with the user.
type Db = Kysely<Database> | Transaction<Database>;

/** Every session of the user acts in this organisation from now on. */
export async function moveUserSessions(db: Db, userId: string, orgId: string): Promise<void> {
  await db.updateTable('sessions').set({ org_id: orgId }).where('user_id', '=', userId).execute();
}
