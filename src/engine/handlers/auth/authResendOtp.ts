import { defineHandler } from '../types.ts';
import { OTP_RESEND_COOLDOWN_SECONDS } from '../../../shared/constants.ts';
import { normaliseEmail } from '../../repositories/users.ts';
import { claimSendCooldown, replaceCode } from '../../services/otp.ts';
import { sendOtpMail } from '../../services/authMails.ts';

export const authResendOtp = defineHandler('authResendOtp', async ({ body }, { db, config, mailer, clock }) => {
  const now = clock.now();
  const email = normaliseEmail(body.userEmail);
  await claimSendCooldown(db, email, now);
  const issued = await replaceCode(db, config.signingSecret, now, email);
  if (issued) sendOtpMail(mailer, email, issued.code);
  return { sent: true, resendAfterSeconds: OTP_RESEND_COOLDOWN_SECONDS, message: `New OTP sent to ${email}` };
});
