import type { Mailer } from './mailer.ts';
import { OTP_VALID_SECONDS } from '../../shared/constants.ts';

// Mails are sent without awaiting delivery, so a slow SMTP server neither delays the answer nor
// lets its timing tell known e-mails from unknown ones.
export function sendOtpMail(mailer: Mailer, to: string, code: string): void {
  mailer.send({
    kind: 'otp',
    to,
    otp: code,
    subject: `Your sign-in code is ${code}`,
    text: `Your sign-in code is ${code}. It is valid for ${OTP_VALID_SECONDS / 60} minutes and can be used once.\nIf you did not try to sign in, ignore this e-mail.`,
  }).catch((error: unknown) => console.error(`could not send the sign-in code to ${to}:`, error));
}

export function sendInviteMail(mailer: Mailer, to: string, orgName: string, link: string): void {
  mailer.send({
    kind: 'invite',
    to,
    link,
    subject: `You are invited to ${orgName}`,
    text: `You have been invited to join ${orgName} on the integration dashboard.\nSign up here: ${link}`,
  }).catch((error: unknown) => console.error(`could not send the invitation to ${to}:`, error));
}

/** To an address invited by an organisation while it already belongs to another one. */
export function sendInviteNoticeMail(mailer: Mailer, to: string, orgName: string): void {
  mailer.send({
    kind: 'invite',
    to,
    subject: `You are invited to ${orgName}`,
    text: `${orgName} invited you to join them on the integration dashboard, but this address already belongs to another organisation.\n`
      + 'Ask them to invite another address, or ask an admin of your organisation to remove you first.',
  }).catch((error: unknown) => console.error(`could not send the invitation notice to ${to}:`, error));
}
