import { defineHandler } from '../types.ts';
import { normaliseEmail } from '../../repositories/users.ts';

// Registered only outside production (see app.ts); the mails a real SMTP server would have sent.
export const devMailbox = defineHandler('devMailbox', async ({ query }, { db, config }) => {
  const rows = await db.selectFrom('mailbox').selectAll()
    .$if(Boolean(query.to), (q) => q.where('to_email', '=', normaliseEmail(query.to!)))
    .orderBy('created_at', 'desc').orderBy('id', 'desc')
    .limit(query.limit ?? 20)
    .execute();
  return {
    mails: rows.map((row) => ({
      id: `mail_${row.id}`,
      to: row.to_email,
      from: config.mailFrom,
      subject: row.subject,
      text: row.text,
      html: row.html,
      kind: row.kind as 'otp' | 'invite' | 'magicLink' | 'other',
      otp: row.otp,
      link: row.link,
      sentAt: row.created_at,
    })),
  };
});
