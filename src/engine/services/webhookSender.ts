import { createHmac, randomUUID, timingSafeEqual } from 'node:crypto';
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { request as httpRequest, STATUS_CODES } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { badRequest } from '../errors.ts';

/*
 * Outgoing webhook calls: tests from the webhook modal and real deliveries share this sender.
 *
 * Signing (the contract leaves it to us): every POST carries
 *   X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<raw body>">
 * keyed with the organisation's production API key (the secret its backend already holds, so no
 * extra secret has to be shown or stored; rotating the key rotates the signing key). Receivers
 * recompute the HMAC over the raw body and refuse stale timestamps (verifyWebhookSignature).
 * Also sent: X-Webhook-Id (unique per POST) and X-Webhook-Event (the event type).
 *
 * In production a destination must be https and must not resolve to a loopback, private,
 * link-local or otherwise internal address; the check runs on the addresses actually connected
 * to, so a DNS answer cannot change between the check and the call. Redirects are not followed.
 */
export const WEBHOOK_TIMEOUT_MS = 10_000;
export const INVALID_WEBHOOK = 'Please enter a valid webhook';
export const SIGNATURE_HEADER = 'x-webhook-signature';

const internal = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) internal.addSubnet(net, bits, 'ipv4');
// IPv4-mapped IPv6 (::ffff:a.b.c.d, which URL parsing writes as ::ffff:7f00:1) is refused whole:
// a public webhook host has no reason to be written that way.
for (const [net, bits] of [['::', 128], ['::1', 128], ['::ffff:0:0', 96], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) internal.addSubnet(net, bits, 'ipv6');

export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1], 'ipv4');
  const family = isIP(address);
  return family === 0 ? true : internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The trimmed URL when it may receive webhooks, else 400 'Please enter a valid webhook' on `field`. */
export function checkWebhookUrl(raw: string | null | undefined, production: boolean, field: string): URL {
  const value = (raw ?? '').trim();
  let url: URL;
  try { url = new URL(value); } catch { throw badRequest(INVALID_WEBHOOK, field); }
  if (!/^https?:$/.test(url.protocol) || !url.hostname || url.username || url.password) throw badRequest(INVALID_WEBHOOK, field);
  if (production) {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    if (url.protocol !== 'https:' || host === 'localhost' || host.endsWith('.localhost') || (isIP(host) !== 0 && isInternalAddress(host))) {
      throw badRequest(INVALID_WEBHOOK, field);
    }
  }
  return url;
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
  /** Status text, or the network error when status is 0. */
  statusMessage: string;
  /** Production only: the host name resolved to an internal address, so nothing was sent. */
  internal?: boolean;
}

export interface SignedPost {
  url: URL;
  eventType: string;
  payload: unknown;
  signingKey: string;
  /** Unix ms of the call (the engine clock), for the signature's timestamp. */
  now: number;
  production: boolean;
  timeoutMs?: number;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;

// Resolves like the default lookup, then refuses internal addresses when asked to.
function guardedLookup(refuseInternal: boolean) {
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    dnsLookup(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      const list = addresses as LookupAddress[];
      if (refuseInternal && list.some((a) => isInternalAddress(a.address))) {
        return callback(Object.assign(new Error(`${hostname} resolves to an internal address`), { code: 'EINTERNAL' }), '');
      }
      if (options.all) return callback(null, list);
      return callback(null, list[0].address, list[0].family);
    });
  };
}

/** POSTs one signed JSON event and reports the answer; never throws for network failures. */
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
  const send = post.url.protocol === 'https:' ? httpsRequest : httpRequest;
  return new Promise((resolve) => {
    let settled = false;
    const finish = (answer: WebhookAnswer) => { if (!settled) { settled = true; resolve(answer); } };
    const req = send(post.url, { method: 'POST', headers, lookup: guardedLookup(post.production) as never, timeout: timeoutMs }, (res) => {
      const status = res.statusCode ?? 0;
      res.resume();
      res.on('end', () => finish({ status, statusMessage: res.statusMessage || STATUS_CODES[status] || '' }));
      res.on('error', () => finish({ status, statusMessage: res.statusMessage || STATUS_CODES[status] || '' }));
    });
    const deadline = setTimeout(() => req.destroy(new Error(`Timed out after ${timeoutMs / 1000} s`)), timeoutMs);
    req.on('timeout', () => req.destroy(new Error(`Timed out after ${timeoutMs / 1000} s`)));
    req.on('error', (error: NodeJS.ErrnoException) =>
      finish({ status: 0, statusMessage: error.message || error.code || 'Network error', ...(error.code === 'EINTERNAL' ? { internal: true } : {}) }));
    req.on('close', () => clearTimeout(deadline));
    req.end(body);
  });
}
