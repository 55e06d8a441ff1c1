import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { type ClientRequest, STATUS_CODES } from 'node:http';
import { badRequest } from '../errors.ts';
import { checkOutboundUrl, OutboundRefused, outboundRequest, type OutboundPolicy } from './outboundAddress.ts';

/*
 * Outgoing webhook calls: tests from the webhook modal and real deliveries share this sender.
 *
 * Signing (the contract leaves it to us): every POST carries
 *   X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 * keyed with the organisation's webhook signing secret, the whole `whsec_...` text
 * (repositories/webhookSigningSecrets.ts): not an API key, so a receiver holds nothing that can
 * call the API. Receivers recompute the HMAC over the raw body and refuse stale timestamps
 * (verifyWebhookSignature).
 * Also sent: X-Webhook-Id (unique per POST) and X-Webhook-Event (the event type).
 *
 * Where a webhook may go is decided by services/outboundAddress.ts, in development and production
 * alike (production also requires https). Redirects are not followed.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const INVALID_WEBHOOK = 'Please enter a valid webhook';
export const SIGNATURE_HEADER = 'x-webhook-signature';

/** The trimmed URL when it may receive webhooks, else 400 'Please enter a valid webhook' on `field`. */
export function checkWebhookUrl(raw: string | null | undefined, policy: OutboundPolicy, field: string): URL {
  try {
    return checkOutboundUrl(raw ?? '', policy);
  } catch {
    throw badRequest(INVALID_WEBHOOK, field);
  }
}

export function signWebhookBody(body: string, key: string, timestampSeconds: number): string {
  const mac = createHmac('sha256', key).update(`${timestampSeconds}.${body}`).digest('hex');
  return `t=${timestampSeconds},v1=${mac}`;
}

/** For receivers and tests: true when the header signs this raw body with the key, within the tolerance. */
export function verifyWebhookSignature(header: string | undefined, body: string, key: string, nowSeconds: number, toleranceSeconds = 300): boolean {
  const parts = Object.fromEntries((header ?? '').split(',').map((p) => p.split('=', 2) as [string, string]));
  const t = Number(parts.t);
  if (!Number.isInteger(t) || !parts.v1 || Math.abs(nowSeconds - t) > toleranceSeconds) return false;
  const expected = Buffer.from(signWebhookBody(body, key, t).split('v1=')[1], 'hex');
  const given = Buffer.from(parts.v1, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

export interface WebhookAnswer {
  /** HTTP status of the answer; 0 when the destination could not be reached. */
  status: number;
  /** The status's standard text, or a fixed phrase saying why nothing came back (never an address, port or error code). */
  statusMessage: string;
  /** The destination (or the address its name resolves to) is not allowed, so nothing was sent. */
  refused?: boolean;
}

export interface SignedPost {
  url: URL;
  eventType: string;
  payload: unknown;
  signingKey: string;
  /** Unix ms of the call (the engine clock), for the signature's timestamp. */
  now: number;
  policy: OutboundPolicy;
  timeoutMs?: number;
}

export const NOT_ALLOWED = 'The webhook URL resolves to an address that is not allowed';
const NOT_CONNECTED = 'Could not connect to the webhook URL';
const NOT_RESOLVED = 'The webhook URL\'s host name could not be resolved';
const NOT_SECURE = 'Could not make a secure connection to the webhook URL';
const timedOut = (timeoutMs: number) => `The webhook URL did not answer within ${timeoutMs / 1000} s`;

class TimedOut extends Error {}

// Error texts name addresses and ports (connect ECONNREFUSED 10.0.0.5:8080): the user only sees
// which kind of failure it was.
function failureMessage(error: NodeJS.ErrnoException, timeoutMs: number): string {
  if (error instanceof OutboundRefused) return NOT_ALLOWED;
  if (error instanceof TimedOut) return timedOut(timeoutMs);
  if (error.code === 'ENOTFOUND' || error.code === 'EAI_AGAIN') return NOT_RESOLVED;
  if (/^(ERR_TLS|ERR_SSL|CERT_|UNABLE_TO|DEPTH_ZERO|SELF_SIGNED|EPROTO)/.test(error.code ?? '')) return NOT_SECURE;
  return NOT_CONNECTED;
}

/** POSTs one signed JSON event and reports the answer; never throws, never waits past the timeout. */
export function postSignedEvent(post: SignedPost): Promise<WebhookAnswer> {
  const body = JSON.stringify(post.payload);
  const timeoutMs = post.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'integration-engine-webhooks/1',
    'x-webhook-id': randomUUID(),
    'x-webhook-event': post.eventType,
    [SIGNATURE_HEADER]: signWebhookBody(body, post.signingKey, Math.floor(post.now / 1000)),
  };
  return new Promise((resolve) => {
    const fail = (error: NodeJS.ErrnoException) =>
      resolve({ status: 0, statusMessage: failureMessage(error, timeoutMs), ...(error instanceof OutboundRefused ? { refused: true } : {}) });
    let req: ClientRequest;
    try {
      // The answer is known from its status line: the body is drained, not awaited.
      req = outboundRequest(post.url, post.policy, { method: 'POST', headers, timeout: timeoutMs }, (res) => {
        const status = res.statusCode ?? 0;
        res.resume();
        resolve({ status, statusMessage: STATUS_CODES[status] ?? `HTTP ${status}` });
      });
    } catch (error) {
      return fail(error as NodeJS.ErrnoException);
    }
    const deadline = setTimeout(() => req.destroy(new TimedOut()), timeoutMs);
    req.on('timeout', () => req.destroy(new TimedOut()));
    req.on('error', fail);
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
