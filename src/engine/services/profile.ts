import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { type OrganisationChanges, updateOrganisationDetails } from '../repositories/organisations.ts';
import { updateUserProfile } from '../repositories/users.ts';

/**
 * The profile form's save: the user's own fields and, when any changed, their organisation's,
 * together in one transaction (the organisation changes are checked against the role before).
 */
export async function saveProfile(
  db: Kysely<Database>,
  who: { userId: string; orgId: string },
  profile: { username: string; designation?: string },
  orgChanges: OrganisationChanges,
  now: number,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    await updateUserProfile(trx, who.userId, profile, now);
    if (Object.keys(orgChanges).length > 0) await updateOrganisationDetails(trx, who.orgId, orgChanges, now);
  });
}
