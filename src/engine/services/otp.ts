import { createHmac, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { ApiFailure, badRequest, rateLimited } from '../errors.ts';
import { claimVerifyTry, type ThrottleSubject } from './authThrottle.ts';
import {
  INVALID_OTP_MESSAGE, OTP_DEAD_STATUS, OTP_LENGTH, OTP_MAX_WRONG_TRIES,
  OTP_RESEND_COOLDOWN_SECONDS, OTP_VALID_SECONDS,
} from '../../shared/constants.ts';
import { newId } from '../db/ids.ts';
import { claimCooldown, cooldownEndOf, releaseCooldown } from '../repositories/rateLimits.ts';
import {
  claimChallengeUse, claimOtpTry, insertChallenge, isChallengeUsed, markChallengeDead, newestChallenge, replaceChallengeCode,
} from '../repositories/otpChallenges.ts';

// One-time codes (OWASP ASVS 2.7/2.8): 6 digits from a CSPRNG, stored as an HMAC, valid 10
// minutes, single use. Every auth.signIn starts a new attempt and only the newest attempt's code
// verifies; a resend replaces its code. 5 tries kill it (489). Sending is refused for 60 s after a
// send (429), for unknown e-mails exactly as for known ones, so the answers never tell them apart.
// The wider budgets (per source address, per inbox) are in authThrottle.ts.
type Db = Kysely<Database>;

const otpDead = () => new ApiFailure(OTP_DEAD_STATUS, 'OTP_DEAD', 'Too many wrong codes. Please start again with your e-mail');

const codeMac = (secret: string, challengeId: string, code: string) =>
  createHmac('sha256', secret).update(`${challengeId}:${code}`).digest('hex');

const newCode = () => String(randomInt(0, 10 ** OTP_LENGTH)).padStart(OTP_LENGTH, '0');

const cooldownKey = (email: string) => `otp-send:${email}`;

/** Seconds left of the e-mail's 60 s send cooldown (0 when a code may be sent). */
async function sendCooldownLeft(db: Db, email: string, now: number): Promise<number> {
  const endsAt = await cooldownEndOf(db, cooldownKey(email));
  return endsAt && endsAt > now ? Math.ceil((endsAt - now) / 1000) : 0;
}

/**
 * Starts the e-mail's send cooldown when none is running, in one conditional upsert, so of
 * concurrent sends exactly one gets the slot. Answers 0 when this call started it, else the
 * seconds left. Kept for unknown e-mails too, so answers never tell known ones apart.
 */
export async function claimSendSlot(db: Db, email: string, now: number, options: { force?: boolean } = {}): Promise<number> {
  if (await claimCooldown(db, cooldownKey(email), now + OTP_RESEND_COOLDOWN_SECONDS * 1000, now, options)) return 0;
  return Math.max(1, await sendCooldownLeft(db, email, now));
}

/** Gives back a slot this call claimed but could not use (the mail was refused). */
export async function releaseSendSlot(db: Db, email: string): Promise<void> {
  await releaseCooldown(db, cooldownKey(email));
}

/** For resends: throws 429 with the seconds left while the cooldown runs, else starts it. */
export async function claimSendCooldown(db: Db, email: string, now: number): Promise<void> {
  const left = await claimSendSlot(db, email, now);
  if (left > 0) throw rateLimited(`Please wait ${left} seconds before requesting a new OTP`, left);
}

interface IssuedCode { challengeId: string; code: string; deliver: boolean }

/** Starts a new sign-in attempt for the e-mail; earlier attempts stop verifying. */
export async function startAttempt(db: Db, secret: string, now: number, email: string, newUser: boolean, context: object): Promise<IssuedCode> {
  const challengeId = newId('otp');
  const code = newCode();
  await insertChallenge(db, {
    id: challengeId,
    email,
    attemptId: newId('att'),
    codeHash: codeMac(secret, challengeId, code),
    newUser,
    contextJson: JSON.stringify(context),
    now,
    expiresAt: now + OTP_VALID_SECONDS * 1000,
    resendAvailableAt: now + OTP_RESEND_COOLDOWN_SECONDS * 1000,
  });
  return { challengeId, code, deliver: (context as { deliver?: boolean }).deliver !== false };
}

/** Whether the e-mail's newest code has been used (its owner signed in with it). */
export async function hasUsedNewestCode(db: Db, email: string): Promise<boolean> {
  const challenge = await newestChallenge(db, email);
  return challenge !== undefined && challenge.used_at !== null;
}

/** Replaces the code of the e-mail's live attempt; undefined when there is none to replace. */
export async function replaceCode(db: Db, secret: string, now: number, email: string): Promise<IssuedCode | undefined> {
  const challenge = await newestChallenge(db, email);
  if (!challenge || challenge.used_at !== null) return undefined;
  if (challenge.dead === 1) throw otpDead();
  const code = newCode();
  await replaceChallengeCode(db, challenge.id, {
    codeHash: codeMac(secret, challenge.id, code),
    expiresAt: now + OTP_VALID_SECONDS * 1000,
    resendAvailableAt: now + OTP_RESEND_COOLDOWN_SECONDS * 1000,
  });
  const context = JSON.parse(challenge.context_json ?? '{}') as { deliver?: boolean };
  return { challengeId: challenge.id, code, deliver: context.deliver !== false };
}

interface VerifiedAttempt { newUser: boolean; context: Record<string, unknown> }

const wrongCode = () => badRequest(INVALID_OTP_MESSAGE, 'otp');

/**
 * Checks a code against the e-mail's newest attempt and uses it up; throws 400, 429 or 489.
 * The try is claimed (source budget, then one of the code's 5 tries) in single statements before
 * the code is compared, so any number of concurrent guesses gets at most 5 comparisons.
 */
export async function verifyCode(db: Db, secret: string, now: number, email: string, code: string, subject: ThrottleSubject): Promise<VerifiedAttempt> {
  await claimVerifyTry(db, subject, now);
  const challenge = await newestChallenge(db, email);
  if (!challenge) {
    // Compare anyway, so an unknown e-mail costs the same time as a known one.
    timingSafeEqual(Buffer.from(codeMac(secret, 'none', code), 'hex'), Buffer.alloc(32));
    throw wrongCode();
  }
  if (challenge.used_at !== null) throw wrongCode();
  const claimed = await claimOtpTry(db, challenge.id, OTP_MAX_WRONG_TRIES);
  if (!claimed) {
    if (await isChallengeUsed(db, challenge.id)) throw wrongCode();
    throw otpDead();
  }
  const right = timingSafeEqual(Buffer.from(codeMac(secret, challenge.id, code), 'hex'), Buffer.from(claimed.codeHash, 'hex'));
  if (!right) {
    if (claimed.attempts >= OTP_MAX_WRONG_TRIES) {
      await markChallengeDead(db, challenge.id);
      throw otpDead();
    }
    throw wrongCode();
  }
  if (now >= claimed.expiresAt) throw badRequest('OTP expired, please request a new one', 'otp');
  // Single use, even under concurrent verifies: only the request that flips used_at wins.
  if (!(await claimChallengeUse(db, challenge.id, now))) throw wrongCode();
  return { newUser: challenge.new_user === 1, context: JSON.parse(challenge.context_json ?? '{}') as Record<string, unknown> };
}
