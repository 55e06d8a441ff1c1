import { describe, expect, it } from 'vitest';
import { redactBody, redactJson, redactUrl } from '../../../src/engine/services/redaction.ts';

// What the API logs keep of bodies and URLs: no credential, whatever field or parameter holds it.
describe('redaction', () => {
  it('replaces credential fields at any depth and credential-looking values in any field', () => {
    expect(redactJson({
      firstName: 'Ada', password: 'hunter2', api_key: 'k', nested: [{ refresh_token: 'r', clientSecret: 's', Authorization: 'x' }],
      note: 'Bearer abc.def', key: 'sk_live_0123456789abcdef', data: [{ code: 'E1', state: 'CA', account_code: '6200' }],
    })).toEqual({
      firstName: 'Ada', password: '[REDACTED]', api_key: '[REDACTED]', nested: [{ refresh_token: '[REDACTED]', clientSecret: '[REDACTED]', Authorization: '[REDACTED]' }],
      note: '[REDACTED]', key: '[REDACTED]', data: [{ code: 'E1', state: 'CA', account_code: '6200' }],
    });
  });

  it('keeps bodies as JSON text, cut to the size given on a character boundary', () => {
    expect(redactBody('{"token":"t","n":1}', 1000)).toBe('{"token":"[REDACTED]","n":1}');
    expect(redactBody(undefined, 10)).toBeNull();
    expect(redactBody('plain text with a Bearer abc in it', 1000)).toBe('[REDACTED]');
    const long = redactBody({ text: 'é'.repeat(100) }, 20)!;
    expect(long).toMatch(/^\{"text":"é{5}… \[\d+ more bytes not kept\]$/);
  });

  it('redacts credentials in query parameters only', () => {
    expect(redactUrl('/v1.0/hris.employees?pageSize=5&cursor=abc&api_key=k&access_token=t')).toBe('/v1.0/hris.employees?pageSize=5&cursor=abc&api_key=[REDACTED]&access_token=[REDACTED]');
  });
});
