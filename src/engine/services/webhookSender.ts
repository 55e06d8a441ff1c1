import { type ClientRequest, STATUS_CODES } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { badRequest } from '../errors.ts';
import { checkOutboundUrl, OutboundRefused, outboundRequest, type OutboundPolicy } from './outboundAddress.ts';

/*
 * Outgoing webhook calls: tests from the webhook modal and real deliveries share this sender.
 *
 * Signing follows Standard Webhooks (https://www.standardwebhooks.com), with the
 * `standardwebhooks` package: every POST carries
 *   webhook-id:        the message id, the same on every attempt of one delivery (callers pass it)
 *   webhook-timestamp: unix seconds of this attempt
 *   webhook-signature: v1,<base64 HMAC-SHA256 of "<id>.<timestamp>.<raw body>">
 * keyed with the organisation's signing secret `whsec_<base64 key>`
 * (services/webhookSigningSecret.ts): not an API key, so a receiver holds nothing that can call
 * the API. A receiver verifies with `new Webhook(secret).verify(rawBody, headers)`, which also
 * refuses timestamps more than 5 minutes away.
 *
 * Where a webhook may go is decided by services/outboundAddress.ts, in development and production
 * alike (production also requires https). Redirects are not followed; nothing waits past 10 s.
 */
const WEBHOOK_TIMEOUT_MS = 10_000;
export const INVALID_WEBHOOK = 'Please enter a valid webhook';
/** The receiver's status text is shown to the user: at most this long, printable characters only. */
const STATUS_TEXT_MAX = 200;

/** The trimmed URL when it may receive webhooks, else 400 'Please enter a valid webhook' on `field`. */
export function checkWebhookUrl(raw: string | null | undefined, policy: OutboundPolicy, field: string): URL {
  try {
    return checkOutboundUrl(raw ?? '', policy);
  } catch {
    throw badRequest(INVALID_WEBHOOK, field);
  }
}

/** The three Standard Webhooks headers of one attempt. */
function signatureHeaders(webhookId: string, body: string, signingSecret: string, now: number): Record<'webhook-id' | 'webhook-timestamp' | 'webhook-signature', string> {
  const timestamp = new Date(Math.floor(now / 1000) * 1000);
  return {
    'webhook-id': webhookId,
    'webhook-timestamp': String(timestamp.getTime() / 1000),
    'webhook-signature': new Webhook(signingSecret).sign(webhookId, timestamp, body),
  };
}

export interface WebhookAnswer {
  /** HTTP status of the answer; 0 when the destination could not be reached. */
  status: number;
  /**
   * The status text the receiver sent (its standard text when it sent none), or a fixed phrase
   * saying why nothing came back (never an address, port or error code).
   */
  statusMessage: string;
  /** The destination (or the address its name resolves to) is not allowed, so nothing was sent. */
  refused?: boolean;
  /** The destination did not answer within the timeout. */
  timedOut?: boolean;
}

interface SignedPost {
  url: URL;
  /** The delivery's message id (webhook-id): the same on every attempt of one delivery. */
  webhookId: string;
  payload: unknown;
  /** The organisation's `whsec_...` signing secret. */
  signingSecret: string;
  /** Unix ms of the attempt (the engine clock), for webhook-timestamp. */
  now: number;
  policy: OutboundPolicy;
  timeoutMs?: number;
  /** Send over a kept-alive connection to the receiver (deliveries; services/outboundAddress.ts). */
  reuseConnection?: boolean;
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

/** The receiver's reason phrase, cut to printable text; the standard one when it sent none. */
function statusText(status: number, sent: string | undefined): string {
  const text = (sent ?? '').replace(/[^\x20-\x7e]/g, '').trim().slice(0, STATUS_TEXT_MAX);
  return text || (STATUS_CODES[status] ?? `HTTP ${status}`);
}

/** A kept connection the receiver closed just as it was reused: the request never reached it. */
const isStaleConnection = (req: ClientRequest, error: NodeJS.ErrnoException) => req.reusedSocket && (error.code === 'ECONNRESET' || error.code === 'EPIPE');

/** POSTs one signed JSON event and reports the answer; never throws, never waits past the timeout. */
export function postSignedEvent(post: SignedPost): Promise<WebhookAnswer> {
  const body = JSON.stringify(post.payload);
  const timeoutMs = post.timeoutMs ?? WEBHOOK_TIMEOUT_MS;
  const headers = {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(body)),
    'user-agent': 'integration-engine-webhooks/1',
    ...signatureHeaders(post.webhookId, body, post.signingSecret, post.now),
  };
  return new Promise((resolve) => {
    let req: ClientRequest | undefined;
    let settled = false;
    const deadline = setTimeout(() => req?.destroy(new TimedOut()), timeoutMs);
    const settle = (answer: WebhookAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      resolve(answer);
    };
    const fail = (error: NodeJS.ErrnoException) =>
      settle({
        status: 0, statusMessage: failureMessage(error, timeoutMs),
        ...(error instanceof OutboundRefused ? { refused: true } : {}), ...(error instanceof TimedOut ? { timedOut: true } : {}),
      });
    const send = (reuse: boolean) => {
      let sent: ClientRequest;
      try {
        // The answer is known from its status line: the body is drained, not awaited.
        sent = outboundRequest(post.url, post.policy, { method: 'POST', headers, timeout: timeoutMs }, (res) => {
          const status = res.statusCode ?? 0;
          res.resume();
          settle({ status, statusMessage: statusText(status, res.statusMessage) });
        }, reuse);
      } catch (error) {
        return fail(error as NodeJS.ErrnoException);
      }
      req = sent;
      sent.on('timeout', () => sent.destroy(new TimedOut()));
      // Once more on a new connection (Node's documented retry for reusedSocket), within the same deadline.
      sent.on('error', (error: NodeJS.ErrnoException) => (isStaleConnection(sent, error) && !settled ? send(false) : fail(error)));
      sent.end(body);
    };
    send(post.reuseConnection === true);
  });
}
