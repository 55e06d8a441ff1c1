import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';

// Sign-in attempts and their one-time codes (otp_challenges), stored as an HMAC only
// (services/otp.ts makes and checks codes). Tries and the single use are claimed by conditional
// updates, so concurrent verifies cannot share a try or both use a code.
type Db = Kysely<Database> | Transaction<Database>;

/** What a verify or resend needs of the e-mail's newest attempt (never its code's hash). */
export type ChallengeState = Pick<Row<'otp_challenges'>, 'id' | 'new_user' | 'context_json' | 'dead' | 'used_at'>;

export async function insertChallenge(db: Db, values: {
  id: string; email: string; attemptId: string; codeHash: string; newUser: boolean; contextJson: string;
  now: number; expiresAt: number; resendAvailableAt: number;
}): Promise<void> {
  await db.insertInto('otp_challenges').values({
    id: values.id,
    email: values.email,
    attempt_id: values.attemptId,
    code_hash: values.codeHash,
    new_user: values.newUser ? 1 : 0,
    context_json: values.contextJson,
    created_at: values.now,
    expires_at: values.expiresAt,
    resend_available_at: values.resendAvailableAt,
  }).execute();
}

/** The e-mail's newest attempt (the only one whose code verifies), or undefined. */
export async function newestChallenge(db: Db, email: string): Promise<ChallengeState | undefined> {
  return db.selectFrom('otp_challenges').select(['id', 'new_user', 'context_json', 'dead', 'used_at'])
    .where('email', '=', email)
    .orderBy('created_at', 'desc').orderBy('id', 'desc').limit(1).executeTakeFirst();
}

/** Gives the attempt a new code, its tries back and new expiry and resend times. */
export async function replaceChallengeCode(db: Db, challengeId: string, values: { codeHash: string; expiresAt: number; resendAvailableAt: number }): Promise<void> {
  await db.updateTable('otp_challenges').set({
    code_hash: values.codeHash,
    attempts: 0,
    expires_at: values.expiresAt,
    resend_available_at: values.resendAvailableAt,
  }).where('id', '=', challengeId).execute();
}

/**
 * Claims one try of the attempt's code in one conditional update, before the code is compared:
 * only while it is unused, alive and under `maxTries`. Answers the tries counted so far (this one
 * included) with what the code is checked against; undefined when no try is left to claim.
 */
export async function claimOtpTry(db: Db, challengeId: string, maxTries: number): Promise<{ attempts: number; codeHash: string; expiresAt: number } | undefined> {
  const claimed = await db.updateTable('otp_challenges')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('id', '=', challengeId).where('used_at', 'is', null).where('dead', '=', 0).where('attempts', '<', maxTries)
    .returning(['attempts', 'code_hash', 'expires_at'])
    .executeTakeFirst();
  return claimed && { attempts: Number(claimed.attempts), codeHash: claimed.code_hash, expiresAt: claimed.expires_at };
}

/** Whether the attempt's code has been used (false for an unknown attempt). */
export async function isChallengeUsed(db: Db, challengeId: string): Promise<boolean> {
  const row = await db.selectFrom('otp_challenges').select('used_at').where('id', '=', challengeId).executeTakeFirst();
  return row !== undefined && row.used_at !== null;
}

/** Kills the attempt: its code no longer verifies, even right. */
export async function markChallengeDead(db: Db, challengeId: string): Promise<void> {
  await db.updateTable('otp_challenges').set({ dead: 1 }).where('id', '=', challengeId).execute();
}

/** Uses the attempt's code up, only if still unused; true for the one caller that did. */
export async function claimChallengeUse(db: Db, challengeId: string, now: number): Promise<boolean> {
  const used = await db.updateTable('otp_challenges').set({ used_at: now })
    .where('id', '=', challengeId).where('used_at', 'is', null).executeTakeFirst();
  return Number(used.numUpdatedRows) === 1;
}
