import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { badRequest } from '../errors.ts';
import { INVALID_INVITE_MESSAGE } from '../../shared/constants.ts';
import { sign, verifySigned } from './tokens.ts';

// Invite links carry a token signed with the engine's secret that names the invite row; the row
// decides whether it is still good (not accepted, not revoked, not expired, same e-mail).
type Db = Kysely<Database> | Transaction<Database>;

export const inviteToken = (inviteId: string, secret: string) => sign({ inv: inviteId }, secret);

export function inviteLink(publicUrl: string, inviteId: string, secret: string): string {
  return `${publicUrl}/signup?data=${encodeURIComponent(inviteToken(inviteId, secret))}`;
}

/** The pending invite a token names for this e-mail, or a 400 with the spec's message. */
export async function inviteFromToken(db: Db, secret: string, token: string, email: string, now: number): Promise<Row<'invites'>> {
  const payload = verifySigned<{ inv?: unknown }>(token, secret);
  const invite = typeof payload?.inv === 'string'
    ? await db.selectFrom('invites').selectAll().where('id', '=', payload.inv).executeTakeFirst()
    : undefined;
  const usable = invite && invite.accepted_at === null && invite.revoked_at === null
    && (invite.expires_at === null || invite.expires_at > now) && invite.email === email;
  if (!usable) throw badRequest(INVALID_INVITE_MESSAGE, 'data');
  return invite;
}
