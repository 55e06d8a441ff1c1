import { once } from 'node:events';
import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';
import { afterEach, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';

// Mail leaves through SMTP when SMTP_URL is set (a local smtp-server here); the dev mailbox is a
// development tool only and does not exist in production.
let t: TestEngine | undefined;
let smtp: SMTPServer | undefined;
afterEach(async () => {
  await t?.close();
  await new Promise<void>((resolve) => (smtp ? smtp.close(() => resolve()) : resolve()));
  t = undefined;
  smtp = undefined;
});

async function startSmtp() {
  const received: Array<{ to: string[]; raw: string }> = [];
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => { raw += chunk.toString('utf8'); });
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw });
        callback();
      });
    },
  });
  smtp.listen(0, '127.0.0.1');
  await once(smtp.server, 'listening');
  const { port } = smtp.server.address() as AddressInfo;
  return { url: `smtp://127.0.0.1:${port}`, received };
}

describe('mail', () => {
  it('sends the sign-in code over SMTP when SMTP_URL is set, and not to the dev mailbox', async () => {
    const server = await startSmtp();
    t = await startTestEngine({ smtpUrl: server.url });
    expect(t.engine.mailer.kind).toBe('smtp');
    const res = await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'smtp@acme.test', newUser: true } });
    expect(res.status).toBe(200);
    for (let i = 0; i < 250 && server.received.length === 0; i += 1) await new Promise((r) => setTimeout(r, 20));
    expect(server.received).toHaveLength(1);
    expect(server.received[0]!.to).toEqual(['smtp@acme.test']);
    const code = /Your sign-in code is (\d{6})/.exec(server.received[0]!.raw)?.[1];
    expect(code).toMatch(/^\d{6}$/);
    const mailbox = await t.call('GET', '/api/dev.mailbox', { query: { to: 'smtp@acme.test' } });
    expect(mailbox.body.msg.mails).toEqual([]);
    const verified = await t.call('POST', '/api/auth.verifyOtp', { body: { userEmail: 'smtp@acme.test', newUser: true, otp: code } });
    expect(verified.status).toBe(200);
  });

  it('lists only the mails to the address asked for, and only to a client on this machine', async () => {
    t = await startTestEngine({ trustProxy: true });
    await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'ann@acme.test', newUser: true } });
    await t.call('POST', '/api/auth.signIn', { body: { userEmail: 'bob@acme.test', newUser: true } });
    await t.lastCode('bob@acme.test');
    const everyone = await t.call('GET', '/api/dev.mailbox');
    expect(everyone.status).toBe(400);
    const ann = await t.call('GET', '/api/dev.mailbox', { query: { to: 'Ann@Acme.test' } });
    expect(ann.status).toBe(200);
    expect(ann.body.msg.mails.map((m: { to: string }) => m.to)).toEqual(['ann@acme.test']);
    const remote = await t.engine.app.inject({ method: 'GET', url: '/api/dev.mailbox?to=ann@acme.test', remoteAddress: '198.51.100.7' });
    expect(remote.statusCode).toBe(403);
    // A proxy header naming loopback does not make a remote client local.
    const spoofed = await t.engine.app.inject({ method: 'GET', url: '/api/dev.mailbox?to=ann@acme.test', remoteAddress: '198.51.100.7', headers: { 'x-forwarded-for': '127.0.0.1' } });
    expect(spoofed.statusCode).toBe(403);
  });

  it('has no dev mailbox in production', async () => {
    t = await startTestEngine({ production: true });
    const res = await t.call('GET', '/api/dev.mailbox', { query: { to: 'ann@acme.test' } });
    expect(res.status).toBe(404);
  });
});
