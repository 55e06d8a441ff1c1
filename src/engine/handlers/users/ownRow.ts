import { forbidden, notFound } from '../../errors.ts';
import type { SessionContext } from '../types.ts';
import { findOrgUser, type OrgUserRow } from '../../repositories/orgUsers.ts';

/**
 * The target of an admin's user-management action: never the caller's own row (so an organisation
 * always keeps an admin), and only a live user of the caller's organisation (else 404, so other
 * organisations' ids are indistinguishable from unknown ones).
 */
export async function targetUser(ctx: SessionContext, userId: string): Promise<{ orgId: string; callerId: string; user: OrgUserRow; notice: boolean }> {
  const { caller, db } = ctx;
  if (userId === caller.userId) throw forbidden('You cannot edit or delete your own user');
  const found = await findOrgUser(db, caller.orgId, userId, caller.userId);
  if (!found) throw notFound('User not found');
  return { orgId: caller.orgId, callerId: caller.userId, ...found };
}
