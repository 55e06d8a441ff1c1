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
  // A used code cannot be replaced: its attempt ended in a login, so a resend starts a new one; so
  // does a resend with no attempt at all (sent at the same moment as the first sign-in), which
  // would otherwise hold the cooldown with no code mailed. Who is mailed follows the sign-in rule.
  const newAttempt = async () => {
    const deliver = Boolean(body.newUser || body.data || (await findUserByEmail(db, email)));
    return startAttempt(db, config.signingSecret, now, email, Boolean(body.newUser), { data: body.data ?? null, deliver });
  };
  const issued = (await hasUsedNewestCode(db, email))
    ? await newAttempt()
    : (await replaceCode(db, config.signingSecret, now, email)) ?? (await newAttempt());
  if (issued?.deliver) sendOtpMail(mailer, email, issued.code);
  return { sent: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS, message: `New OTP sent to ${email}` };
});
