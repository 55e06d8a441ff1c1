import type { Kysely, Transaction } from 'kysely';
import type { Database } from '../db/schema.ts';

// The dev mailbox: mails the engine would have sent over SMTP, kept in a table for the dev-only
// mailbox endpoint (services/mailer.ts writes them).
type Db = Kysely<Database> | Transaction<Database>;

/** Keeps one mail (with the code or link it carries, for the dev mailbox endpoint). */
export async function insertMail(db: Db, mail: { to: string; subject: string; text: string; html?: string; kind: string; otp?: string; link?: string }, now: number): Promise<void> {
  await db.insertInto('mailbox').values({
    to_email: mail.to, subject: mail.subject, text: mail.text, html: mail.html ?? null,
    kind: mail.kind, otp: mail.otp ?? null, link: mail.link ?? null, created_at: now,
  }).execute();
}

/** The newest mails to one address, newest first. */
export async function latestMails(db: Db, toEmail: string, limit: number) {
  return db.selectFrom('mailbox')
    .select(['id', 'to_email', 'subject', 'text', 'html', 'kind', 'otp', 'link', 'created_at'])
    .where('to_email', '=', toEmail)
    .orderBy('created_at', 'desc').orderBy('id', 'desc')
    .limit(limit)
    .execute();
}
