import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { consumeWindow } from './rateLimits.ts';

/*
 * Throttling of passwordless sign-in (OWASP ASVS 5.0, V6.3 and V6.6: rate-limit code guessing and
 * code sending without letting a stranger lock the owner out).
 *
 * - A code takes at most 5 tries (the spec's rule), each try claimed atomically before the code
 *   is compared, so concurrent guesses cannot share one try.
 * - Guessing is throttled per source address, across every e-mail: a stranger's wrong codes slow
 *   the stranger down, never the owner, who can always ask for a fresh code and use it.
 * - Sending is throttled per address, per source, and per address from one source, so the engine
 *   cannot be used to flood an inbox and the number of codes (and so of guesses) an address can
 *   be attacked with stays small: at most 30 codes x 5 tries a day, against a million codes.
 * Every counter is kept for unknown e-mails exactly as for known ones, so answers never tell
 * them apart. Windows are fixed and shared by every engine process (the rate_limits table).
 */
const MINUTE = 60_000;

export const SIGN_IN_LIMITS = {
  /** Codes tried (right or wrong) from one source address, over every e-mail. */
  verifyPerSource: { limit: 30, windowMs: 15 * MINUTE },
  /** Codes mailed to one address from one source. */
  mailsPerAddressAndSource: { limit: 6, windowMs: 60 * MINUTE },
  /** Codes mailed to one address from anywhere. */
  mailsPerAddress: { limit: 30, windowMs: 24 * 60 * MINUTE },
  /** Codes mailed from one source, to any address. */
  mailsPerSource: { limit: 30, windowMs: 60 * MINUTE },
} as const;

type Db = Kysely<Database>;

const TRIED_TOO_OFTEN = 'Too many codes were tried from your network. Please try again later';
const SENT_TOO_OFTEN = 'Too many codes were requested. Please try again later';

/** Who asks, and how much the budgets are multiplied by (1 but in test runs, see config). */
export interface ThrottleSubject {
  source: string;
  factor: number;
}

/** Counts one code try from this source; 429 past the source's budget. */
export async function claimVerifyTry(db: Db, { source, factor }: ThrottleSubject, now: number): Promise<void> {
  const { limit, windowMs } = SIGN_IN_LIMITS.verifyPerSource;
  await consumeWindow(db, `otp-verify-src:${source}`, limit * factor, windowMs, now, TRIED_TOO_OFTEN);
}

/** Counts one code mail to this address from this source; 429 past any of the three budgets. */
export async function claimCodeMail(db: Db, email: string, { source, factor }: ThrottleSubject, now: number): Promise<void> {
  const { mailsPerSource, mailsPerAddressAndSource, mailsPerAddress } = SIGN_IN_LIMITS;
  await consumeWindow(db, `otp-mail-src:${source}`, mailsPerSource.limit * factor, mailsPerSource.windowMs, now, SENT_TOO_OFTEN);
  await consumeWindow(db, `otp-mail-addr-src:${email}|${source}`, mailsPerAddressAndSource.limit * factor, mailsPerAddressAndSource.windowMs, now, SENT_TOO_OFTEN);
  await consumeWindow(db, `otp-mail-addr:${email}`, mailsPerAddress.limit * factor, mailsPerAddress.windowMs, now, SENT_TOO_OFTEN);
}
