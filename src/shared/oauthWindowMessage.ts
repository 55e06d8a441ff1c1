import type { SchemaIntegrationDetails } from '../generated/api/engine.ts';

// The protocol between the OAuth sign-in window and the page that opened it: the connect screen of
// the dashboard (same origin) and the knit-auth component (any origin) open the app's authorize URL
// in a popup; the app sends the popup back to /oauth, which completes the sign-in
// (connect.oauth.callback), posts one message to its opener and closes itself.
//
// The message is posted with target origin '*' because the opener may be a customer's page on any
// origin: it carries nothing secret (the state the opener already holds, and IntegrationDetails).
// An opener trusts a message only when it comes from the very window it opened and carries the
// state its own connect.oauth.start returned; every other message is someone else's and ignored.

export const OAUTH_MESSAGE_SOURCE = 'knit-oauth';

/** How long /oauth shows its outcome before it closes itself (the spec's 1 to 2 s). */
export const OAUTH_WINDOW_CLOSE_DELAY_MS = 1500;

/** The popup's window name: a second sign-in reuses the window instead of opening another. */
export const OAUTH_POPUP_NAME = 'knit-oauth';

/** Where the opener stands, to center the popup over it. */
export interface OpenerGeometry {
  screenX: number;
  screenY: number;
  outerWidth: number;
  outerHeight: number;
}

/** window.open's features for the popup: 500 x 700, centered over the opener. */
export function oauthPopupFeatures(opener: OpenerGeometry, width = 500, height = 700): string {
  const left = Math.max(0, Math.round(opener.screenX + (opener.outerWidth - width) / 2));
  const top = Math.max(0, Math.round(opener.screenY + (opener.outerHeight - height) / 2));
  return `popup=yes,width=${width},height=${height},left=${left},top=${top}`;
}

export type IntegrationDetails = SchemaIntegrationDetails;

export type OAuthWindowMessage =
  | { source: typeof OAUTH_MESSAGE_SOURCE; state: string; details: IntegrationDetails }
  | { source: typeof OAUTH_MESSAGE_SOURCE; state: string; error: string };

export const oauthSuccessMessage = (state: string, details: IntegrationDetails): OAuthWindowMessage =>
  ({ source: OAUTH_MESSAGE_SOURCE, state, details });

export const oauthErrorMessage = (state: string, error: string): OAuthWindowMessage =>
  ({ source: OAUTH_MESSAGE_SOURCE, state, error });

/** What /oauth posts to: window.opener (typed structurally so the module needs no DOM). */
export interface MessageTarget {
  postMessage(message: unknown, targetOrigin: string): void;
}

export function postOAuthWindowMessage(opener: MessageTarget, message: OAuthWindowMessage): void {
  opener.postMessage(message, '*');
}

/** The parts of a MessageEvent the opener judges. */
export interface ReceivedMessage {
  data: unknown;
  source: unknown;
}

/** What the opener expects: the popup it opened and the state of its own connect.oauth.start. */
export interface ExpectedOAuthMessage {
  popup: unknown;
  state: string;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isStringField = (record: Record<string, unknown>, key: string) => typeof record[key] === 'string';

function isIntegrationDetails(value: unknown): value is IntegrationDetails {
  if (!isRecord(value)) return false;
  return ['integrationId', 'appId', 'categoryId', 'originOrgId'].every((key) => isStringField(value, key))
    && typeof value.success === 'boolean'
    && typeof value.isDeactivated === 'boolean'
    && Array.isArray(value.errors)
    && value.errors.every((entry) => isRecord(entry)
      && ['code', 'description', 'resolution'].every((key) => isStringField(entry, key)));
}

/**
 * The sign-in's outcome when the event is the message of this sign-in: from the popup the opener
 * opened, with source 'knit-oauth', exactly the expected state, and either IntegrationDetails or
 * an error text. Anything else (another window's message, an older sign-in's, a malformed one)
 * gives null and must be ignored.
 */
export function readOAuthWindowMessage(event: ReceivedMessage, expected: ExpectedOAuthMessage): OAuthWindowMessage | null {
  if (expected.popup == null || event.source !== expected.popup) return null;
  const data = event.data;
  if (!isRecord(data) || data.source !== OAUTH_MESSAGE_SOURCE) return null;
  if (typeof data.state !== 'string' || !expected.state || data.state !== expected.state) return null;
  if (isIntegrationDetails(data.details)) return oauthSuccessMessage(data.state, data.details);
  if (typeof data.error === 'string') return oauthErrorMessage(data.state, data.error);
  return null;
}

/** Narrows a read message to its outcome. */
export const isOAuthSuccess = (message: OAuthWindowMessage): message is Extract<OAuthWindowMessage, { details: IntegrationDetails }> =>
  'details' in message;
