import { defineHandler, type Role } from '../types.ts';
import { badRequest, conflict, forbidden } from '../../errors.ts';
import { findUser, normaliseEmail } from '../../repositories/users.ts';
import type { Transaction } from 'kysely';
import type { Database, Row } from '../../db/schema.ts';
import { createPendingOrganisation, findOrganisation, startTrial } from '../../repositories/organisations.ts';
import { inviteFromToken, revokePendingInvites } from '../../services/invites.ts';
import { INVALID_INVITE_MESSAGE } from '../../../shared/constants.ts';

type AppChoice = string | { label: string; category: 'Requested' };

const slug = (label: string) => label.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60);

// Step 2 of sign-up. A new user names the organisation created for their session and starts its
// trial; an invitee joins the inviting organisation with the invited role. Either way the user is
// verified from here on and the rest of the engine opens to them.
export const authSendOrgDetails = defineHandler('authSendOrgDetails', async ({ body }, { db, config, clock, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  if (normaliseEmail(body.userEmail) !== caller.email) throw forbidden('userEmail must be the signed-in user');
  const user = await findUser(db, caller.userId);
  if (!user) throw forbidden();
  if (user.is_verified === 1) throw conflict('Your details were already sent');

  const choices = body.apps as AppChoice[];
  const ids = choices.filter((c): c is string => typeof c === 'string');
  const known = ids.length ? await db.selectFrom('apps').select(['id', 'label', 'category']).where('id', 'in', ids).execute() : [];
  const apps = choices.map((choice, i) => {
    if (typeof choice !== 'string') return { id: `requested:${slug(choice.label)}`, label: choice.label, category: 'Requested' };
    const app = known.find((a) => a.id === choice);
    if (!app) throw badRequest(`Unknown app ${choice}`, `apps.${i}`);
    return { id: app.id, label: app.label, category: app.category };
  });

  // Only the invite link's token joins an organisation; without it the user founds their own.
  const invite = body.data ? await inviteFromToken(db, config.signingSecret, body.data, caller.email, now) : undefined;
  // The link names one organisation: an orgId that is not the invite's is a tampered sign-up form.
  if (invite && body.orgId && body.orgId !== invite.org_id) throw badRequest(INVALID_INVITE_MESSAGE, 'data');

  const founded = await db.transaction().execute(async (trx): Promise<{ subscriptionId: string | null; orgId: string }> => {
    await trx.updateTable('users').set({
      username: body.username, is_verified: 1, apps_json: JSON.stringify(apps), updated_at: now,
      ...(invite ? { org_id: invite.org_id, role: invite.role } : { role: 'admin' }),
    }).where('id', '=', user.id).execute();
    if (invite) {
      await trx.updateTable('invites').set({ accepted_at: now, user_id: user.id }).where('id', '=', invite.id).execute();
      if (invite.org_id !== user.org_id) await trx.updateTable('sessions').set({ org_id: invite.org_id }).where('user_id', '=', user.id).execute();
      return { subscriptionId: (await findOrganisation(trx, invite.org_id))?.subscription_id ?? null, orgId: invite.org_id };
    }
    const ownOrgId = await ownPendingOrganisation(trx, user, now);
    // Invitations still pending for this user are withdrawn: they chose their own organisation.
    await revokePendingInvites(trx, user.id, now);
    await trx.updateTable('organisations').set({
      name: body.orgName, size: body.orgSize ?? null, go_live_plan: body.goLivePlan ?? null, updated_at: now,
    }).where('id', '=', ownOrgId).execute();
    return { subscriptionId: await startTrial(trx, ownOrgId, body.planId, now), orgId: ownOrgId };
  });

  const orgId = invite?.org_id ?? founded.orgId;
  const org = await findOrganisation(db, orgId);
  return {
    userId: user.id,
    orgId,
    orgName: org?.name ?? body.orgName,
    role: (invite?.role ?? 'admin') as Role,
    isFirstLogin: user.last_login_at === user.first_login_at,
    onBoardingCompleted: org?.getting_started_completed === 1,
    subscriptionId: founded.subscriptionId,
  };
});

/**
 * The unnamed organisation made for this user's sign-up, or a new one when the user row sits in
 * another organisation (an invitee who signs up on their own); the user and their sessions move
 * to it.
 */
async function ownPendingOrganisation(trx: Transaction<Database>, user: Row<'users'>, now: number): Promise<string> {
  const current = await findOrganisation(trx, user.org_id);
  const others = await trx.selectFrom('users').select('id').where('org_id', '=', user.org_id).where('id', '!=', user.id).limit(1).execute();
  if (current && current.name === '' && others.length === 0) return current.id;
  const orgId = await createPendingOrganisation(trx, now);
  await trx.updateTable('users').set({ org_id: orgId, role: 'admin', invited_by: null, invited_at: null, updated_at: now }).where('id', '=', user.id).execute();
  await trx.updateTable('sessions').set({ org_id: orgId }).where('user_id', '=', user.id).execute();
  return orgId;
}
