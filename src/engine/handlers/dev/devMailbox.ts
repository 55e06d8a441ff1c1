import { defineHandler } from '../types.ts';
import { forbidden } from '../../errors.ts';
import { normaliseEmail } from '../../repositories/users.ts';
import { latestMails } from '../../repositories/mailbox.ts';
import { isLoopbackAddress } from '../../services/outboundAddress.ts';

// Registered only outside production (see app.ts); the mails a real SMTP server would have sent,
// to one address, for a client on this machine only. The socket's own address decides, not the
// client address a proxy header may claim.
export const devMailbox = defineHandler('devMailbox', async ({ query }, { db, config, request }) => {
  if (!isLoopbackAddress(request.socket.remoteAddress ?? '')) throw forbidden('The dev mailbox answers only clients on this machine');
  const rows = await latestMails(db, normaliseEmail(query.to), query.limit ?? 20);
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
