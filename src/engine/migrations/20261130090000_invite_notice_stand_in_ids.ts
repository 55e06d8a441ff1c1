import type { Kysely } from 'kysely';

/*
 * An invitation of an address that belongs to another organisation sends its owner a notice
 * instead of a link, and must look to the inviting admin exactly like a new invitee: listed as
 * unverified under a user id, resent, re-roled and deleted the same way. It has no user row of its
 * own (the address's user row belongs to the other organisation), so the invite row carries the
 * stand-in user id the Manage Users table shows for it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('invites').addColumn('stand_in_user_id', 'text').execute();
  await db.schema.createIndex('invites__stand_in_user_id').on('invites').column('stand_in_user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('invites__stand_in_user_id').execute();
  await db.schema.alterTable('invites').dropColumn('stand_in_user_id').execute();
}
