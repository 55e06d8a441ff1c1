import { randomBytes } from 'node:crypto';

const ALPHABET = '0123456789abcdefghjkmnpqrstvwxyz'; // Crockford base32, lowercase

/**
 * Random text id with a type prefix: `org_3k9v...`. 120 random bits, so ids can be made by any
 * engine process without coordination, and a stray id in a log says what it points at.
 */
export function newId(prefix: string): string {
  const bytes = randomBytes(15);
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      bits -= 5;
      out += ALPHABET[(buffer >> bits) & 31];
    }
    buffer &= (1 << bits) - 1;
  }
  return `${prefix}_${out}`;
}

/** Prefixes in use, so one table's ids are recognisable everywhere. */
export const ID_PREFIX = {
  organisation: 'org',
  cluster: 'clu',
  plan: 'plan',
  user: 'usr',
  session: 'ses',
  otpChallenge: 'otp',
  otpAttempt: 'att',
  invite: 'inv',
  invoice: 'invc',
  paymentCard: 'card',
  apiKey: 'key',
  webhook: 'whk',
  endCustomerOrg: 'eco',
  integratedAccount: 'int',
  authSession: 'aus',
  mappingField: 'map',
  mappingPreset: 'pre',
  categoryPreset: 'category',
  connector: 'con',
  aiSession: 'ais',
  workflowStep: 'stp',
  connectorTest: 'tst',
  syncJob: 'job',
  syncRun: 'run',
  syncIteration: 'itr',
  execution: 'exe',
  webhookRecord: 'rec',
  trace: 'trc',
  audit: 'aud',
  upload: 'upl',
  worker: 'wrk',
  syncEvent: 'evt',
  /** A webhook delivery's Standard Webhooks message id (webhook-id). */
  webhookMessage: 'msg',
} as const;
