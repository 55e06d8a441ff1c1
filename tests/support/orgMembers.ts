import { newId } from '../../src/engine/db/ids.ts';
import { createSession } from '../../src/engine/services/sessions.ts';
import type { TestEngine } from './engineHarness.ts';

// Test helpers for organisations with several users: a signed-up teammate with a session, the
// organisation of a session, and the mails the dev mailbox holds.

/** The organisation and user behind a session token. */
export async function whoIs(t: TestEngine, token: string): Promise<{ userId: string; orgId: string; email: string }> {
  const me = await t.call('GET', '/api/user.userDetails', { token });
  if (me.status !== 200) throw new Error(`userDetails answered ${me.status}`);
  return { userId: me.body.msg.userId, orgId: me.body.msg.orgId, email: me.body.msg.userEmail };
}

/** A verified user of the organisation with the role, and a session token for them. */
export async function addTeammate(t: TestEngine, orgId: string, email: string, role: 'admin' | 'member' | 'billingcontact'): Promise<{ userId: string; token: string }> {
  const now = t.clock.now();
  const userId = newId('usr');
  await t.engine.db.insertInto('users').values({
    id: userId, org_id: orgId, email, role, username: email.split('@')[0], is_verified: 1, created_at: now, updated_at: now,
  }).execute();
  const token = await createSession(t.engine.db, t.engine.config, now, userId, orgId);
  return { userId, token };
}

export interface StoredMail { id: number; subject: string; text: string; link: string | null; kind: string }

/** The newest mail of a kind to an address, waiting a moment for the fire-and-forget send; newer than `after` (a mail id) if given. */
export async function lastMail(t: TestEngine, to: string, kind: string, after = 0): Promise<StoredMail | undefined> {
  for (let i = 0; i < 50; i += 1) {
    const row = await t.engine.db.selectFrom('mailbox').select(['id', 'subject', 'text', 'link', 'kind'])
      .where('to_email', '=', to).where('kind', '=', kind).where('id', '>', after)
      .orderBy('id', 'desc').limit(1).executeTakeFirst();
    if (row) return row;
    await new Promise((r) => setTimeout(r, 20));
  }
  return undefined;
}

/** The `data` token of an invite link (/signup?data=...). */
export const inviteData = (link: string | null | undefined): string => new URL(link ?? '').searchParams.get('data') ?? '';
