import { describe, expect, it } from 'vitest';
import {
  OAUTH_MESSAGE_SOURCE, isOAuthSuccess, oauthErrorMessage, oauthPopupFeatures, oauthSuccessMessage,
  postOAuthWindowMessage, readOAuthWindowMessage, type IntegrationDetails,
} from '../../../src/shared/oauthWindowMessage.ts';

const details: IntegrationDetails = {
  integrationId: 'int_1', appId: 'sandbox-crm-oauth', categoryId: 'CRM', originOrgId: 'globex-7',
  success: true, errors: [], isDeactivated: false,
};
const popup = { name: 'the popup' };
const expected = { popup, state: 'state-of-this-start' };

describe('the OAuth window message', () => {
  it('posts to the opener with target origin * (the opener may be on another origin)', () => {
    const posted: Array<[unknown, string]> = [];
    postOAuthWindowMessage({ postMessage: (message, origin) => posted.push([message, origin]) }, oauthSuccessMessage('s', details));
    expect(posted).toEqual([[{ source: 'knit-oauth', state: 's', details }, '*']]);
  });

  it('accepts the success and the error message of this sign-in from the popup it opened', () => {
    const success = readOAuthWindowMessage({ source: popup, data: oauthSuccessMessage(expected.state, details) }, expected);
    expect(success).toEqual({ source: OAUTH_MESSAGE_SOURCE, state: expected.state, details });
    expect(success && isOAuthSuccess(success)).toBe(true);
    const failure = readOAuthWindowMessage({ source: popup, data: oauthErrorMessage(expected.state, 'Denied') }, expected);
    expect(failure).toEqual({ source: OAUTH_MESSAGE_SOURCE, state: expected.state, error: 'Denied' });
    expect(failure && isOAuthSuccess(failure)).toBe(false);
  });

  it('keeps only the protocol fields of an accepted message', () => {
    const data = { ...oauthSuccessMessage(expected.state, details), extra: '<script>' };
    expect(readOAuthWindowMessage({ source: popup, data }, expected)).not.toHaveProperty('extra');
  });

  const refused: Array<[string, { source: unknown; data: unknown }, { popup: unknown; state: string }]> = [
    ['another window', { source: { name: 'another' }, data: oauthSuccessMessage(expected.state, details) }, expected],
    ['no popup opened', { source: null, data: oauthSuccessMessage(expected.state, details) }, { popup: null, state: expected.state }],
    ['another source tag', { source: popup, data: { source: 'other', state: expected.state, details } }, expected],
    ['another sign-in state', { source: popup, data: oauthSuccessMessage('older-state', details) }, expected],
    ['a state that is a prefix', { source: popup, data: oauthSuccessMessage('state-of-this', details) }, expected],
    ['no expected state yet', { source: popup, data: oauthSuccessMessage('', details) }, { popup, state: '' }],
    ['not an object', { source: popup, data: 'knit-oauth' }, expected],
    ['neither details nor error', { source: popup, data: { source: 'knit-oauth', state: expected.state } }, expected],
    ['details without an integration id', { source: popup, data: { source: 'knit-oauth', state: expected.state, details: { ...details, integrationId: 7 } } }, expected],
    ['details with malformed errors', { source: popup, data: { source: 'knit-oauth', state: expected.state, details: { ...details, errors: [{ code: 1 }] } } }, expected],
    ['an error that is not text', { source: popup, data: { source: 'knit-oauth', state: expected.state, error: { msg: 'x' } } }, expected],
  ];
  it.each(refused)('ignores a message from %s', (_label, event, expectation) => {
    expect(readOAuthWindowMessage(event, expectation)).toBeNull();
  });

  it('centers the popup over its opener', () => {
    expect(oauthPopupFeatures({ screenX: 100, screenY: 50, outerWidth: 1300, outerHeight: 900 }))
      .toBe('popup=yes,width=500,height=700,left=500,top=150');
    expect(oauthPopupFeatures({ screenX: 0, screenY: 0, outerWidth: 300, outerHeight: 300 })).toContain('left=0,top=0');
  });
});
