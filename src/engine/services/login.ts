import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import { createPendingOrganisation, findOrganisation } from '../repositories/organisations.ts';
import { createUser, findUserByEmail, recordLogin, userEmail } from '../repositories/users.ts';
import { createSession } from './sessions.ts';

interface Login {
  user: Row<'users'>;
  /** The user's organisation as it was at login. */
  org: Row<'organisations'> | undefined;
  token: string;
  isFirstLogin: boolean;
  /** The invite of the request's link, while the user has not sent step 2 of sign-up. */
  pendingInvite: Row<'invites'> | undefined;
  inviterEmail: string | undefined;
  invitingOrg: Row<'organisations'> | undefined;
}

/**
 * A right code opens a session, in one transaction with what the login records. A brand-new user
 * gets a user row and an unnamed organisation to hold the session; `invite` is the invite the
 * request's link names (already checked against the e-mail), or undefined.
 */
export async function logIn(
  db: Kysely<Database>,
  config: EngineConfig,
  login: { email: string; invite: Row<'invites'> | undefined; now: number; meta: { userAgent?: string; ip?: string } },
): Promise<Login> {
  const { email, invite, now } = login;
  return db.transaction().execute(async (trx) => {
    let user = await findUserByEmail(trx, email);
    if (!user) {
      const orgId = await createPendingOrganisation(trx, now);
      await createUser(trx, { orgId, email, role: 'admin', now });
      user = (await findUserByEmail(trx, email))!;
    }
    const isFirstLogin = user.first_login_at === null;
    await recordLogin(trx, user, now);
    const token = await createSession(trx, config, now, user.id, user.org_id, login.meta);
    const org = await findOrganisation(trx, user.org_id);
    // Only the invite link's own token names an organisation to join, never a match on e-mail.
    const pendingInvite = user.is_verified === 0 ? invite : undefined;
    const inviterEmail = pendingInvite?.invited_by ? await userEmail(trx, pendingInvite.invited_by) : undefined;
    const invitingOrg = pendingInvite ? await findOrganisation(trx, pendingInvite.org_id) : undefined;
    return { user, org, token, isFirstLogin, pendingInvite, inviterEmail, invitingOrg };
  });
}
