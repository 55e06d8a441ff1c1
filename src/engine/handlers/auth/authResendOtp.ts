import { defineHandler } from '../types.ts';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../../shared/constants.ts';
import { findUserByEmail, normaliseEmail } from '../../repositories/users.ts';
import { claimSendCooldown, hasUsedNewestCode, releaseSendSlot, replaceCode, startAttempt } from '../../services/otp.ts';
import { sendOtpMail } from '../../services/authMails.ts';
import { claimCodeMail } from '../../services/authThrottle.ts';

export const authResendOtp = defineHandler('authResendOtp', async ({ body }, { db, config, mailer, clock, request }) => {
  const now = clock.now();
  const email = normaliseEmail(body.userEmail);
  await claimSendCooldown(db, email, now);
  await claimCodeMail(db, email, { source: request.ip, factor: config.signInThrottleFactor }, now)
    .catch(async (refused: unknown) => { await releaseSendSlot(db, email); throw refused; });
  // A used code cannot be replaced: its attempt ended in a login, so a resend starts a new one.
  const issued = (await hasUsedNewestCode(db, email))
    ? await startAttempt(db, config.signingSecret, now, email, Boolean(body.newUser), { data: body.data ?? null, deliver: Boolean(await findUserByEmail(db, email)) })
    : await replaceCode(db, config.signingSecret, now, email);
  if (issued?.deliver) sendOtpMail(mailer, email, issued.code);
  return { sent: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS, message: `New OTP sent to ${email}` };
});
