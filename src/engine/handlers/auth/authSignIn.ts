import { defineHandler } from '../types.ts';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../../shared/constants.ts';
import { findUserByEmail, normaliseEmail } from '../../repositories/users.ts';
import { inviteFromToken } from '../../services/invites.ts';
import { claimSendSlot, hasUsedNewestCode, releaseSendSlot, startAttempt } from '../../services/otp.ts';
import { sendOtpMail } from '../../services/authMails.ts';
import { claimCodeMail } from '../../services/authThrottle.ts';

// Known and unknown e-mails get the same answer and the same stored attempt; only a user who may
// sign in (or a new user on the sign-up tab) is mailed its code. Inside the 60 s cooldown no new
// code is sent and the answer says how long is left, so Previous and a second submit keep the
// first code valid - unless that code was already used (a logout and a quick login again), which
// only its owner can do, so a new attempt then cannot be used to flood the inbox.
export const authSignIn = defineHandler('authSignIn', async ({ body }, { db, config, mailer, clock, request }) => {
  const now = clock.now();
  const email = normaliseEmail(body.userEmail);
  if (body.data) await inviteFromToken(db, config.signingSecret, body.data, email, now);
  const left = await claimSendSlot(db, email, now);
  if (left > 0) {
    if (!(await hasUsedNewestCode(db, email))) return { sent: true, resendAfterSeconds: left };
    await claimSendSlot(db, email, now, { force: true });
  }
  await claimCodeMail(db, email, { source: request.ip, factor: config.signInThrottleFactor }, now)
    .catch(async (refused: unknown) => { await releaseSendSlot(db, email); throw refused; });
  const user = await findUserByEmail(db, email);
  const deliver = Boolean(body.newUser || user || body.data);
  const { code } = await startAttempt(db, config.signingSecret, now, email, Boolean(body.newUser), { data: body.data ?? null, deliver });
  if (deliver) sendOtpMail(mailer, email, code);
  return { sent: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS };
});
