import { http, HttpResponse } from 'msw';
import { vi } from 'vitest';
import type { SchemaConnectApp, SchemaConnectSession } from '../../../src/generated/api/engine.ts';
import type { IntegrationDetails } from '../../../src/shared/oauthWindowMessage.ts';

// What the connect screens' tests share: a session as connect.getSession answers it, the engine's
// answers as MSW handlers, and stand-ins for the sign-in window.

export const ORIGIN = 'http://localhost';
export const api = (operation: string) => `${ORIGIN}/api/${operation}`;

export const encodeState = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

export const oauthApp: SchemaConnectApp = {
  id: 'sandbox-hris-oauth', label: 'HRIS Sandbox (OAuth)', logo: null, authType: 'OAUTH', sandbox: true, connectable: true, connectorId: null,
  steps: [
    { stepId: 'instance', setupType: 'FORM', fields: [{ name: 'subdomain', label: 'Your account subdomain', type: 'text', required: true }] },
    { stepId: 'authorize', setupType: 'OAUTH', fields: [] },
  ],
};
export const formApp: SchemaConnectApp = {
  id: 'bamboohr', label: 'BambooHR', logo: null, authType: 'BASIC', sandbox: false, connectable: true, connectorId: null,
  steps: [{ stepId: 'credentials', setupType: 'FORM', fields: [{ name: 'apiKey', label: 'API key', type: 'password', required: true }] }],
};

export const session = (extra: Partial<SchemaConnectSession> = {}): SchemaConnectSession => ({
  integrationId: 'int_magic1', companyName: 'Acme', originOrgId: 'globex-7', originOrgName: 'Globex Corp', originUserName: 'Hank Scorpio',
  originUserEmail: 'hank@globex.test', language: 'en', testAccount: false, sandbox: false, reintegrate: false, expiresAt: 1_900_000_000,
  categories: [{ category: 'HRIS', label: 'HRIS', apps: [formApp, oauthApp] }],
  branding: { orgName: 'Acme', logoUrl: `${ORIGIN}/api/app.uploads/acme-logo.svg`, tncUrl: null, customPoints: [] },
  integrations: [],
  ...extra,
});

export const details = (extra: Partial<IntegrationDetails> = {}): IntegrationDetails => ({
  integrationId: 'int_magic1', appId: oauthApp.id, categoryId: 'HRIS', originOrgId: 'globex-7', success: true, errors: [], isDeactivated: false, ...extra,
});

export const ok = (msg: unknown) => HttpResponse.json({ success: true, msg });
export const failure = (status: number, msg: string, field?: string) =>
  HttpResponse.json({ success: false, error: { msg, code: `HTTP_${status}`, ...(field ? { field } : {}) } }, { status });

/** connect.getSession answering `answer` (a session, or a failure). */
export const getSessionAnswers = (answer: () => Response) => http.post(api('connect.getSession'), answer);

/** A sign-in window as the opener sees it: closed by the end customer or by itself. */
export function fakePopup() {
  const popup = { closed: false, close: vi.fn(() => { popup.closed = true; }), focus: vi.fn() };
  return popup;
}

/**
 * A message event as a window receives it from `source`. jsdom's MessageEvent takes only real
 * windows as its source, so the stand-in popup is set afterwards.
 */
export function messageFrom(source: unknown, data: unknown): MessageEvent {
  const event = new MessageEvent('message', { data, origin: ORIGIN });
  Object.defineProperty(event, 'source', { value: source });
  return event;
}
