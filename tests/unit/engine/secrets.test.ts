import { describe, expect, it } from 'vitest';
import { isLegacySealed, openSecret, sealSecret } from '../../../src/engine/services/secrets.ts';
import { sealLegacyV1 } from '../../support/legacySealing.ts';

// Sealing keys are derived per purpose from the engine's secret: a value opens only under the
// secret and the purpose it was sealed with; values of the old format (v1) still open where they
// were used.
const SECRET = 'engine-secret-for-tests';

describe('sealed secrets', () => {
  it('open under the same secret and purpose, as v2 text without the plain value', () => {
    const sealed = sealSecret('whsec_plain-value', SECRET, 'webhook-signing-secrets');
    expect(sealed).toMatch(/^v2\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain('plain-value');
    expect(openSecret(sealed, SECRET, 'webhook-signing-secrets')).toBe('whsec_plain-value');
    // A fresh IV each time: the same value never seals to the same text.
    expect(sealSecret('whsec_plain-value', SECRET, 'webhook-signing-secrets')).not.toBe(sealed);
    expect(isLegacySealed(sealed)).toBe(false);
  });

  it('do not open for another purpose or under another secret', () => {
    const credentials = sealSecret('{"apiKey":"k"}', SECRET, 'end-customer-credentials');
    expect(openSecret(credentials, SECRET, 'webhook-signing-secrets')).toBeUndefined();
    expect(openSecret(credentials, 'another secret', 'end-customer-credentials')).toBeUndefined();
    const webhook = sealSecret('whsec_x', SECRET, 'webhook-signing-secrets');
    expect(openSecret(webhook, SECRET, 'end-customer-credentials')).toBeUndefined();
  });

  it('refuse tampered and malformed values', () => {
    const sealed = sealSecret('value', SECRET, 'end-customer-credentials');
    const [version, iv, tag, data] = sealed.split('.');
    const flipped = Buffer.from(data, 'base64url');
    flipped[0] ^= 1;
    for (const bad of [
      [version, iv, tag, flipped.toString('base64url')].join('.'),
      [version, iv, tag].join('.'),
      [version, iv, Buffer.from(tag, 'base64url').subarray(0, 12).toString('base64url'), data].join('.'),
      `${sealed}.extra`,
      sealed.replace(/^v2/, 'v3'),
      '',
      'not sealed at all',
    ]) expect(openSecret(bad, SECRET, 'end-customer-credentials')).toBeUndefined();
  });

  it('still open v1 values for the purpose that used them, and only under their secret', () => {
    const legacy = sealLegacyV1('{"apiKey":"old"}', SECRET);
    expect(isLegacySealed(legacy)).toBe(true);
    expect(openSecret(legacy, SECRET, 'end-customer-credentials')).toBe('{"apiKey":"old"}');
    expect(openSecret(legacy, 'another secret', 'end-customer-credentials')).toBeUndefined();
    // Webhook signing secrets never existed as v1: an old value must not pass as one.
    expect(openSecret(legacy, SECRET, 'webhook-signing-secrets')).toBeUndefined();
  });

  it('never use the engine secret itself as the key: a v2 value does not open with the v1 derivation', () => {
    const sealed = sealSecret('value', SECRET, 'end-customer-credentials');
    expect(openSecret(sealed.replace(/^v2/, 'v1'), SECRET, 'end-customer-credentials')).toBeUndefined();
  });
});
