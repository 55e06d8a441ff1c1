import nodemailer from 'nodemailer';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { insertMail } from '../repositories/mailbox.ts';

// Mail goes out over SMTP when SMTP_URL is set. Otherwise it lands in the dev mailbox: a table the
// dev-only endpoint dev.mailbox reads, and a line in the engine log. Codes are never logged
// anywhere else.
interface Mail {
  to: string;
  subject: string;
  text: string;
  html?: string;
  kind: 'otp' | 'invite' | 'magicLink' | 'other';
  /** The code of an otp mail or the link of an invite / magic-link mail, for the dev mailbox. */
  otp?: string;
  link?: string;
}

export interface Mailer {
  readonly kind: 'smtp' | 'devMailbox';
  send(mail: Mail): Promise<void>;
}

export function smtpMailer(smtpUrl: string, from: string): Mailer {
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    kind: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html });
    },
  };
}

export function devMailbox(db: Kysely<Database>, now: () => number, log: (line: string) => void = console.log): Mailer {
  return {
    kind: 'devMailbox',
    async send(mail) {
      await insertMail(db, mail, now());
      log(`[dev mailbox] to ${mail.to}: ${mail.subject}\n${mail.text}`);
    },
  };
}
