import { forbidden, notFound } from '../../errors.ts';
import type { HandlerContext } from '../types.ts';
import { findOrgUser, type OrgUserRow } from '../../repositories/orgUsers.ts';

/**
 * The target of an admin's user-management action: never the caller's own row (so an organisation
 * always keeps an admin), and only a live user of the caller's organisation (else 404, so other
 * organisations' ids are indistinguishable from unknown ones).
 */
export async function targetUser(ctx: HandlerContext, userId: string): Promise<{ orgId: string; callerId: string; user: OrgUserRow }> {
  const { caller, db } = ctx;
  if (caller.kind !== 'session') throw forbidden();
  if (userId === caller.userId) throw forbidden('You cannot edit or delete your own user');
  const user = await findOrgUser(db, caller.orgId, userId, caller.userId);
  if (!user) throw notFound('User not found');
  return { orgId: caller.orgId, callerId: caller.userId, user };
}
