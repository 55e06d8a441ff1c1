import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { Agent as HttpAgent, request as httpRequest, type ClientRequest, type IncomingMessage, type RequestOptions } from 'node:http';
import { Agent as HttpsAgent, request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import type { EngineConfig } from '../config.ts';

/*
 * THE check for every outbound connection the engine makes (webhook tests and deliveries today).
 * Open connections only through outboundRequest: it checks the URL, then decides again on every
 * address the host name resolves to, inside the connection's own DNS lookup, so an answer cannot
 * change between the check and the connect (node skips `lookup` for IP literals, which the URL
 * check has already decided on). Redirects are never followed: node's request does not follow
 * them, and a 3xx is reported as the answer.
 *
 * Refused: non-http(s) schemes (http too in production), credentials in the URL, an empty host,
 * the names localhost and *.localhost, and every address in the ranges below, including IPv4
 * embedded in IPv6 (mapped, compatible, translated, NAT64, 6to4) and Teredo. OUTBOUND_ALLOW_HOSTS
 * entries (`host` or `host:port`) let their URLs reach loopback (127/8, ::1, ::ffff:127/104) and
 * nothing else: link-local (cloud metadata) and every other range stay refused.
 */
export type OutboundPolicy = Pick<EngineConfig, 'production' | 'outboundAllowHosts'>;

/** Why a URL or an address was refused; the connection was never opened. */
type RefusalReason = 'url' | 'scheme' | 'credentials' | 'host' | 'address';

export class OutboundRefused extends Error {
  readonly code = 'EOUTBOUND';
  constructor(readonly reason: RefusalReason) {
    super(`Outbound connection refused (${reason})`);
  }
}

const refused = new BlockList();
for (const [net, bits] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.0.2.0', 24], ['192.88.99.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15],
  ['198.51.100.0', 24], ['203.0.113.0', 24], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) refused.addSubnet(net, bits, 'ipv4');
// 255.255.255.255 is inside 240/4. Teredo (2001::/32) hides its client address obfuscated, and the
// local-use NAT64 prefix (64:ff9b:1::/48) places the IPv4 where its operator chose: both refused whole.
for (const [net, bits] of [
  ['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['fec0::', 10], ['ff00::', 8], ['2001:db8::', 32],
  ['100::', 64], ['2001::', 32], ['64:ff9b:1::', 48],
] as const) refused.addSubnet(net, bits, 'ipv6');

/** The 16 bytes of an IPv6 address (zone id ignored), or undefined when it is not one. */
export function ipv6Bytes(text: string): Uint8Array | undefined {
  const address = text.replace(/%.*$/, '');
  if (isIP(address) !== 6) return undefined;
  const words = (part: string): number[] => (part === '' ? [] : part.split(':').flatMap((group) => {
    if (!group.includes('.')) return [parseInt(group, 16)];
    const [a, b, c, d] = group.split('.').map(Number);
    return [(a << 8) | b, (c << 8) | d];
  }));
  const [head, tail] = address.split('::');
  const left = words(head);
  const right = tail === undefined ? [] : words(tail);
  const all = [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
  const bytes = new Uint8Array(16);
  all.forEach((word, i) => { bytes[2 * i] = word >> 8; bytes[2 * i + 1] = word & 0xff; });
  return bytes;
}

const zeros = (bytes: Uint8Array, from: number, to: number) => bytes.subarray(from, to).every((b) => b === 0);
const quad = (bytes: Uint8Array, at: number) => Array.from(bytes.subarray(at, at + 4)).join('.');

/** The IPv4 address an IPv6 address carries (mapped, compatible, translated, NAT64, 6to4), if any. */
export function embeddedIpv4(bytes: Uint8Array): string | undefined {
  const ffff = (at: number) => bytes[at] === 0xff && bytes[at + 1] === 0xff;
  if (zeros(bytes, 0, 10) && ffff(10)) return quad(bytes, 12); // ::ffff:a.b.c.d, mapped
  if (zeros(bytes, 0, 12)) return quad(bytes, 12); // ::a.b.c.d, compatible
  if (zeros(bytes, 0, 8) && ffff(8) && zeros(bytes, 10, 12)) return quad(bytes, 12); // ::ffff:0:a.b.c.d, translated
  if (bytes[0] === 0x00 && bytes[1] === 0x64 && bytes[2] === 0xff && bytes[3] === 0x9b && zeros(bytes, 4, 12)) return quad(bytes, 12); // 64:ff9b::/96
  if (bytes[0] === 0x20 && bytes[1] === 0x02) return quad(bytes, 2); // 2002:AABB:CCDD::/48, 6to4
  return undefined;
}

/** 127/8, ::1 or ::ffff:127.x.y.z: what an allow-listed host may reach. */
export function isLoopbackAddress(address: string): boolean {
  if (isIP(address) === 4) return address.startsWith('127.');
  const bytes = ipv6Bytes(address);
  if (!bytes) return false;
  return (zeros(bytes, 0, 15) && bytes[15] === 1) || (zeros(bytes, 0, 10) && bytes[10] === 0xff && bytes[11] === 0xff && bytes[12] === 127);
}

/** True when no connection may be opened to this address (anything that is not an IP is refused). */
export function isRefusedAddress(address: string, loopbackAllowed = false): boolean {
  if (loopbackAllowed && isLoopbackAddress(address)) return false;
  if (isIP(address) === 4) return refused.check(address, 'ipv4');
  const bytes = ipv6Bytes(address);
  if (!bytes) return true;
  if (refused.check(address.replace(/%.*$/, ''), 'ipv6')) return true;
  const v4 = embeddedIpv4(bytes);
  return v4 !== undefined && refused.check(v4, 'ipv4');
}

const bareHost = (hostname: string) => hostname.replace(/^\[|\]$/g, '').replace(/\.+$/, '').toLowerCase();

/** An allow-list entry (`host`, `host:port`, `[v6]:port` or a bare IPv6) as a canonical host and port. */
function parseAllowEntry(entry: string): { host: string; port?: string } | undefined {
  const parts = /^(\[[^\]]+\]|[^:]+)(?::(\d+))?$/.exec(entry) ?? (isIP(entry) === 6 ? [entry, `[${entry}]`] : undefined);
  if (!parts) return undefined;
  try {
    return { host: bareHost(new URL(`http://${parts[1]}/`).hostname), port: parts[2] };
  } catch {
    return undefined;
  }
}

const effectivePort = (url: URL) => url.port || (url.protocol === 'https:' ? '443' : '80');

/** True when an OUTBOUND_ALLOW_HOSTS entry names this URL's host (and its port, when it has one). */
export function isAllowListed(url: URL, allowHosts: readonly string[]): boolean {
  const host = bareHost(url.hostname);
  return allowHosts.some((entry) => {
    const allowed = parseAllowEntry(entry);
    return allowed !== undefined && allowed.host === host && (allowed.port === undefined || allowed.port === effectivePort(url));
  });
}

/**
 * The URL when it may be connected to, else OutboundRefused. Pure: never resolves or connects.
 * WHATWG URL parsing writes every IPv4 spelling (2130706433, 0x7f.1, 0177.0.0.1, 127.1) as a
 * dotted quad and IPv6 compressed, so the literal host is checked in its canonical form.
 */
export function checkOutboundUrl(raw: string, policy: OutboundPolicy): URL {
  let url: URL;
  try { url = new URL(raw.trim()); } catch { throw new OutboundRefused('url'); }
  if (url.protocol !== 'https:' && (policy.production || url.protocol !== 'http:')) throw new OutboundRefused('scheme');
  if (url.username || url.password) throw new OutboundRefused('credentials');
  const host = bareHost(url.hostname);
  if (!host) throw new OutboundRefused('host');
  const loopbackAllowed = isAllowListed(url, policy.outboundAllowHosts);
  if (isIP(host) !== 0) {
    if (isRefusedAddress(host, loopbackAllowed)) throw new OutboundRefused('address');
  } else if ((host === 'localhost' || host.endsWith('.localhost')) && !loopbackAllowed) {
    throw new OutboundRefused('host');
  }
  return url;
}

type LookupCallback = (err: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void;
type Resolve = (hostname: string, options: { all: true }, callback: (err: NodeJS.ErrnoException | null, addresses: LookupAddress[]) => void) => void;

/**
 * A `lookup` for node's request: resolves like the default one, then refuses the connection when
 * any address is refused, so no attempt (and no fallback to another address) can reach one.
 * `resolve` is replaceable so tests can feed DNS answers without sending any traffic.
 */
export function outboundLookup(url: URL, policy: OutboundPolicy, resolve: Resolve = dnsLookup as unknown as Resolve) {
  const loopbackAllowed = isAllowListed(url, policy.outboundAllowHosts);
  return (hostname: string, options: { all?: boolean }, callback: LookupCallback) => {
    resolve(hostname, { ...options, all: true }, (err, addresses) => {
      if (err) return callback(err, '');
      if (addresses.length === 0 || addresses.some((a) => isRefusedAddress(a.address, loopbackAllowed))) return callback(new OutboundRefused('address'), '');
      if (options.all) return callback(null, addresses);
      return callback(null, addresses[0].address, addresses[0].family);
    });
  };
}

/**
 * Kept-alive connections, for a caller that sends many requests to the same receivers (webhook
 * deliveries): a connection per request costs a handshake each and, at thousands a second to one
 * receiver, runs the machine out of ephemeral ports (every closed connection waits a minute in
 * TIME_WAIT). Only outboundRequest opens sockets in these pools, each through the checking lookup
 * of its URL, so a kept socket goes to an address that was decided on when it connected (the
 * pool is per host and port, and so is the allow-list's decision). An idle socket is closed after
 * 4 s, before a Node server's 5 s keep-alive timeout; at most 64 connections per receiver.
 */
const KEPT_ALIVE = { keepAlive: true, timeout: 4_000, maxSockets: 64, maxFreeSockets: 64, scheduling: 'lifo' } as const;
const keptAlive = { 'http:': new HttpAgent(KEPT_ALIVE), 'https:': new HttpsAgent(KEPT_ALIVE) };

/**
 * Opens a checked request (throws OutboundRefused before any connection). A fresh connection each
 * time unless `reuse`: then from the kept-alive pools above, whose sockets all passed the check.
 */
export function outboundRequest(
  raw: string | URL, policy: OutboundPolicy, options: RequestOptions, onResponse: (res: IncomingMessage) => void, reuse = false,
): ClientRequest {
  const url = checkOutboundUrl(String(raw), policy);
  const send = url.protocol === 'https:' ? httpsRequest : httpRequest;
  const agent = reuse ? keptAlive[url.protocol as keyof typeof keptAlive] : false;
  return send(url, { ...options, agent, lookup: outboundLookup(url, policy) as never }, onResponse);
}
