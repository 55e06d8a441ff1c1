import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { appsByIds } from '../repositories/appCatalog.ts';
import { createPendingOrganisation, findOrganisation, nameOrganisation, startTrial } from '../repositories/organisations.ts';
import { completeSignUp, hasOtherUsers, moveUserToOwnOrg } from '../repositories/users.ts';
import { moveUserSessions } from '../repositories/userSessions.ts';
import { acceptInvite, revokePendingInvites } from './invites.ts';

// Step 2 of sign-up. A new user names the organisation created for their session and starts its
// trial; an invitee joins the inviting organisation with the invited role. Either way the user is
// verified from here on.

/** An app picked from the catalog (its id), or one the user typed that the catalog lacks. */
export type AppChoice = string | { label: string; category: 'Requested' };
interface ChosenApp { id: string; label: string; category: string }

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

/** The apps as the user row keeps them: catalog apps by id (400 on `apps.<i>` for an unknown one), typed ones as Requested. */
export async function chosenApps(db: Kysely<Database>, choices: AppChoice[]): Promise<ChosenApp[]> {
  const known = await appsByIds(db, choices.filter((c): c is string => typeof c === 'string'));
  return choices.map((choice, i) => {
    if (typeof choice !== 'string') return { id: `requested:${slug(choice.label)}`, label: choice.label, category: 'Requested' };
    const app = known.find((a) => a.id === choice);
    if (!app) throw badRequest(`Unknown app ${choice}`, `apps.${i}`);
    return { id: app.id, label: app.label, category: app.category };
  });
}

interface OrgDetails {
  username: string;
  apps: ChosenApp[];
  orgName: string;
  orgSize: string | null;
  goLivePlan: string | null;
  planId: string | undefined;
}

/**
 * Saves step 2 in one transaction: the invitee joins the invite's organisation (their sessions
 * move with them), anyone else names their own organisation and starts its trial. Returns the
 * organisation joined or founded and its subscription.
 */
export async function saveOrgDetails(
  db: Kysely<Database>,
  user: Row<'users'>,
  invite: Row<'invites'> | undefined,
  details: OrgDetails,
  now: number,
): Promise<{ subscriptionId: string | null; orgId: string }> {
  return db.transaction().execute(async (trx) => {
    await completeSignUp(trx, user.id, {
      username: details.username, appsJson: JSON.stringify(details.apps), joined: invite ? { orgId: invite.org_id, role: invite.role } : undefined,
    }, now);
    if (invite) {
      await acceptInvite(trx, invite.id, user.id, now);
      if (invite.org_id !== user.org_id) await moveUserSessions(trx, user.id, invite.org_id);
      return { subscriptionId: (await findOrganisation(trx, invite.org_id))?.subscription_id ?? null, orgId: invite.org_id };
    }
    const ownOrgId = await ownPendingOrganisation(trx, user, now);
    // Invitations still pending for this user are withdrawn: they chose their own organisation.
    await revokePendingInvites(trx, user.id, now);
    await nameOrganisation(trx, ownOrgId, { name: details.orgName, size: details.orgSize, goLivePlan: details.goLivePlan }, now);
    return { subscriptionId: await startTrial(trx, ownOrgId, details.planId, now), orgId: ownOrgId };
  });
}

/**
 * The unnamed organisation made for this user's sign-up, or a new one when the user row sits in
 * another organisation (an invitee who signs up on their own); the user and their sessions move
 * to it.
 */
async function ownPendingOrganisation(trx: Transaction<Database>, user: Row<'users'>, now: number): Promise<string> {
  const current = await findOrganisation(trx, user.org_id);
  const shared = await hasOtherUsers(trx, user.org_id, user.id);
  if (current && current.name === '' && !shared) return current.id;
  const orgId = await createPendingOrganisation(trx, now);
  await moveUserToOwnOrg(trx, user.id, orgId, now);
  await moveUserSessions(trx, user.id, orgId);
  return orgId;
}
