import { isIP } from 'node:net';
import { isLoopbackAddress } from './services/outboundAddress.ts';

/**
 * Development mode prints sign-in codes and answers the dev mailbox, with a public default secret:
 * a warning to print when it listens where other machines may reach it, else undefined.
 */
export function exposureWarning(host: string, production: boolean): string | undefined {
  const local = host === 'localhost' || (isIP(host) !== 0 && isLoopbackAddress(host));
  if (production || local) return undefined;
  const rule = '!'.repeat(78);
  return [
    rule,
    `WARNING: development mode is listening on ${host}, which other machines may reach.`,
    'Sign-in codes are printed to this log, secrets use the public development default,',
    'and nothing here is meant for other people. Use HOST=127.0.0.1, or run with',
    'NODE_ENV=production, SIGNING_SECRET (32+ bytes) and SMTP_URL.',
    rule,
  ].join('\n');
}
