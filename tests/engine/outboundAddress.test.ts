import type { LookupAddress } from 'node:dns';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  checkOutboundUrl, embeddedIpv4, ipv6Bytes, isAllowListed, isRefusedAddress, OutboundRefused, outboundLookup, type OutboundPolicy,
} from '../../src/engine/services/outboundAddress.ts';
import { newWebhookSigningSecret } from '../../src/engine/repositories/webhookSigningSecrets.ts';
import { NOT_ALLOWED, postSignedEvent } from '../../src/engine/services/webhookSender.ts';

// The one outbound address check. Addresses that are not loopback are only ever checked as
// strings (checkOutboundUrl is pure, DNS answers are fed to the lookup): this test sends no
// traffic anywhere but to its own receivers on 127.0.0.1.
const dev: OutboundPolicy = { production: false, outboundAllowHosts: [] };
const prod: OutboundPolicy = { production: true, outboundAllowHosts: [] };
const SECRET = newWebhookSigningSecret();
const reasonOf = (raw: string, policy = dev) => {
  try { checkOutboundUrl(raw, policy); return 'allowed'; } catch (error) { return (error as OutboundRefused).reason ?? String(error); }
};

let server: Server;
let port: number;
let connections = 0;
let closedPort: number;
beforeAll(async () => {
  server = createServer((req, res) => { req.resume(); req.on('end', () => res.end('ok')); });
  server.on('connection', () => { connections += 1; });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  port = (server.address() as AddressInfo).port;
  const closed = createServer();
  await new Promise<void>((r) => closed.listen(0, '127.0.0.1', r));
  closedPort = (closed.address() as AddressInfo).port;
  await new Promise((r) => closed.close(r));
});
afterAll(async () => { await new Promise((r) => server.close(r)); });
beforeEach(() => { connections = 0; });

const post = (url: string, policy: OutboundPolicy = dev, timeoutMs?: number) =>
  postSignedEvent({ url: new URL(url), webhookId: 'msg_test', payload: {}, signingSecret: SECRET, now: Date.now(), policy, timeoutMs });

describe('URLs refused before any connection', () => {
  // [URL, reason]: literal addresses are refused by the address rule, names by the name rule,
  // spellings WHATWG URL cannot parse (a zone id) as invalid.
  const corpus: [string, string][] = [
    ['http://127.0.0.1/', 'address'], ['http://2130706433/', 'address'], ['http://0x7f000001/', 'address'],
    ['http://0x7f.1/', 'address'], ['http://0177.0.0.1/', 'address'], ['http://127.1/', 'address'],
    ['http://0x7f.0.0.01/', 'address'], ['http://127.0.0.1./', 'address'], ['http://127.254.3.9/', 'address'],
    ['http://0.0.0.0/', 'address'], ['http://0/', 'address'], ['http://[::]/', 'address'], ['http://[::1]/', 'address'],
    ['http://[0:0:0:0:0:0:0:1]/', 'address'], ['http://[::ffff:127.0.0.1]/', 'address'], ['http://[::ffff:7f00:1]/', 'address'],
    ['http://[::127.0.0.1]/', 'address'], ['http://[::ffff:0:127.0.0.1]/', 'address'], ['http://[::ffff:10.0.0.1]/', 'address'],
    ['http://[64:ff9b::127.0.0.1]/', 'address'], ['http://[64:ff9b::a9fe:a9fe]/', 'address'], ['http://[64:ff9b:1::808:808]/', 'address'],
    ['http://[2002:7f00:1::1]/', 'address'], ['http://[2002:a9fe:a9fe::]/', 'address'], ['http://[2001:0:4136:e378::1]/', 'address'],
    ['http://169.254.169.254/', 'address'], ['http://2852039166/', 'address'], ['http://0xa9fea9fe/', 'address'],
    ['http://0251.0376.0251.0376/', 'address'], ['http://169.254.43518/', 'address'], ['http://[::ffff:169.254.169.254]/', 'address'],
    ['http://[fe80::1]/', 'address'], ['http://[fe80::1%25eth0]/', 'url'], ['http://[fd00:ec2::254]/', 'address'],
    ['http://[fec0::1]/', 'address'], ['http://[ff02::1]/', 'address'], ['http://[2001:db8::1]/', 'address'], ['http://[100::1]/', 'address'],
    ['http://10.0.0.1/', 'address'], ['http://172.16.5.4/', 'address'], ['http://192.168.1.1/', 'address'], ['http://100.64.0.1/', 'address'],
    ['http://192.0.0.8/', 'address'], ['http://192.0.2.1/', 'address'], ['http://192.88.99.1/', 'address'], ['http://198.18.0.1/', 'address'],
    ['http://198.51.100.7/', 'address'], ['http://203.0.113.9/', 'address'], ['http://224.0.0.1/', 'address'], ['http://240.0.0.1/', 'address'],
    ['http://255.255.255.255/', 'address'],
    ['http://localhost/', 'host'], ['http://LOCALHOST./', 'host'], ['http://localhost../', 'host'], ['http://foo.localhost/', 'host'],
    ['http://a.b.LocalHost./', 'host'], ['http://./', 'host'],
    ['ftp://hooks.acme.io/', 'scheme'], ['file:///etc/passwd', 'scheme'], ['gopher://127.0.0.1:25/', 'scheme'],
    ['http://user:pw@hooks.acme.io/', 'credentials'], ['http://user@hooks.acme.io/', 'credentials'], ['not a url', 'url'], ['', 'url'],
  ];

  it(`refuses ${corpus.length} spellings by the rule that applies, in development and production`, () => {
    expect(corpus.length).toBeGreaterThanOrEqual(30);
    for (const [url, reason] of corpus) {
      expect([url, reasonOf(url)]).toEqual([url, reason]);
      const https = url.replace(/^http:/, 'https:');
      expect([https, reasonOf(https, prod)]).toEqual([https, reason]);
    }
    expect(reasonOf('http://hooks.acme.io/x', prod)).toBe('scheme');
    expect(reasonOf('https://hooks.acme.io/x', prod)).toBe('allowed');
    expect(reasonOf('http://93.184.216.34/x')).toBe('allowed');
    expect(reasonOf('http://[64:ff9b::808:808]/x')).toBe('allowed');
  });

  it('sends nothing to loopback however it is spelled: a listening receiver sees no connection', async () => {
    const spellings = ['127.0.0.1', '2130706433', '0x7f000001', '0x7f.1', '0177.0.0.1', '127.1', '127.0.0.1.', '[::ffff:127.0.0.1]', 'localhost', 'LOCALHOST.'];
    for (const host of spellings) {
      expect(await post(`http://${host}:${port}/x`)).toEqual({ status: 0, statusMessage: NOT_ALLOWED, refused: true });
    }
    expect(connections).toBe(0);
    // The receiver is reachable by the same spellings once its host:port is listed.
    const listed = { production: false, outboundAllowHosts: [`127.0.0.1:${port}`] };
    for (const host of spellings.slice(0, 7)) expect((await post(`http://${host}:${port}/x`, listed)).status).toBe(200);
    expect(connections).toBe(7);
  });
});

describe('resolved addresses', () => {
  it('refuses private, reserved and embedded forms and keeps public ones', () => {
    const refused = [
      '0.1.2.3', '10.9.8.7', '100.127.255.255', '127.0.0.1', '169.254.169.254', '172.31.255.255', '192.0.0.170', '192.0.2.255',
      '192.88.99.2', '192.168.0.1', '198.19.255.255', '198.51.100.1', '203.0.113.254', '239.255.255.250', '255.255.255.255',
      '::', '::1', 'fc00::1', 'fdff::1', 'fe80::1', 'fe80::1%eth0', 'febf::1', 'fec0::1', 'ff00::', '2001:db8:ffff::1', '100::ff',
      '::ffff:127.0.0.1', '::ffff:a9fe:a9fe', '::10.0.0.1', '::ffff:0:192.168.0.1', '64:ff9b::10.0.0.1', '64:ff9b::7f00:1',
      '64:ff9b:1::1', '64:ff9b:1:ffff::8.8.8.8', '2002:0a00:0001::', '2002:c0a8:0101:1::1', '2001::1', '2001:0:53aa:64c::1', 'not-an-ip', '',
    ];
    for (const address of refused) expect([address, isRefusedAddress(address)]).toEqual([address, true]);
    for (const address of ['8.8.8.8', '93.184.216.34', '2606:4700::1111', '::ffff:8.8.8.8', '64:ff9b::808:808', '2002:808:808::1', '2a00:1450::1']) {
      expect([address, isRefusedAddress(address)]).toEqual([address, false]);
    }
  });

  it('lets an allow-listed host reach loopback only', () => {
    for (const address of ['127.0.0.1', '127.8.9.10', '::1', '::ffff:127.0.0.1']) expect(isRefusedAddress(address, true)).toBe(false);
    for (const address of ['169.254.169.254', 'fe80::1', '0.0.0.0', '::', '10.0.0.1', '::127.0.0.1', '64:ff9b::7f00:1', '2002:7f00:1::']) {
      expect([address, isRefusedAddress(address, true)]).toEqual([address, true]);
    }
  });

  it('reads IPv6 as 16 bytes and finds the IPv4 each embedding carries', () => {
    expect(Array.from(ipv6Bytes('1:2::ff:10.0.0.1')!)).toEqual([0, 1, 0, 2, 0, 0, 0, 0, 0, 0, 0, 0xff, 10, 0, 0, 1]);
    expect(ipv6Bytes('1.2.3.4')).toBeUndefined();
    const v4 = (address: string) => embeddedIpv4(ipv6Bytes(address)!);
    expect([v4('::ffff:7f00:1'), v4('::a9fe:a9fe'), v4('::ffff:0:a00:1'), v4('64:ff9b::c0a8:101'), v4('2002:ac10:1:2::3'), v4('2606:4700::1')])
      .toEqual(['127.0.0.1', '169.254.169.254', '10.0.0.1', '192.168.1.1', '172.16.0.1', undefined]);
  });

  it('decides on every address DNS answers, at connect time (fed answers, no query sent)', async () => {
    const lookupWith = (url: string, answer: string[], allowHosts: string[] = [], all = true) => new Promise((resolve) => {
      const feed = (_host: string, _options: object, callback: (err: null, addresses: LookupAddress[]) => void) =>
        callback(null, answer.map((address) => ({ address, family: address.includes(':') ? 6 : 4 })));
      outboundLookup(new URL(url), { production: false, outboundAllowHosts: allowHosts }, feed)('hooks.acme.test', { all }, (err, address) =>
        resolve(err ? (err as OutboundRefused).reason : address));
    });
    expect(await lookupWith('http://hooks.acme.test/', ['93.184.216.34'], [], false)).toBe('93.184.216.34');
    expect(await lookupWith('http://hooks.acme.test/', ['93.184.216.34', '10.0.0.1'])).toBe('address');
    expect(await lookupWith('http://hooks.acme.test/', ['169.254.169.254'])).toBe('address');
    expect(await lookupWith('http://hooks.acme.test/', ['::ffff:169.254.169.254'])).toBe('address');
    expect(await lookupWith('http://hooks.acme.test/', ['127.0.0.1'])).toBe('address');
    expect(await lookupWith('http://hooks.acme.test/', [])).toBe('address');
    // Listed: loopback answers connect, nothing else does.
    expect(await lookupWith('http://hooks.acme.test:8080/', ['127.0.0.1', '::1'], ['hooks.acme.test:8080'])).toEqual([
      { address: '127.0.0.1', family: 4 }, { address: '::1', family: 6 },
    ]);
    expect(await lookupWith('http://hooks.acme.test:8080/', ['169.254.169.254'], ['hooks.acme.test:8080'])).toBe('address');
    expect(await lookupWith('http://hooks.acme.test:8080/', ['64:ff9b::7f00:1'], ['hooks.acme.test'])).toBe('address');
    expect(await lookupWith('http://hooks.acme.test:9090/', ['127.0.0.1'], ['hooks.acme.test:8080'])).toBe('address');
  });
});

describe('the allow-list', () => {
  it('opens loopback for the listed host, and its port only when the entry has one', async () => {
    const url = `http://127.0.0.1:${port}/x`;
    expect(await post(url)).toMatchObject({ status: 0, refused: true });
    expect(connections).toBe(0);
    expect((await post(url, { production: false, outboundAllowHosts: ['127.0.0.1'] })).status).toBe(200);
    expect((await post(url, { production: false, outboundAllowHosts: [`127.0.0.1:${port}`] })).status).toBe(200);
    expect(await post(url, { production: false, outboundAllowHosts: [`127.0.0.1:${port + 1}`] })).toMatchObject({ status: 0, refused: true });
    expect(connections).toBe(2);
    // Production still requires https, listed or not.
    expect(reasonOf(url, { production: true, outboundAllowHosts: ['127.0.0.1'] })).toBe('scheme');
  });

  it('matches entries in any spelling, and never opens anything but loopback', () => {
    const listed = (url: string, entry: string) => isAllowListed(new URL(url), [entry]);
    expect(listed('http://LocalHost.:80/', 'localhost:80')).toBe(true);
    expect(listed('http://localhost/', 'localhost:80')).toBe(true);
    expect(listed('https://localhost/', 'localhost:80')).toBe(false);
    expect(listed('http://[::1]:8080/', '[::1]:8080')).toBe(true);
    expect(listed('http://[::1]:8080/', '::1')).toBe(true);
    expect(listed('http://[::1]:8080/', '0:0::1')).toBe(true);
    expect(listed('http://127.0.0.1:8080/', '127.0.0.1:8081')).toBe(false);
    expect(listed('http://127.0.0.1:8080/', 'localhost:8080')).toBe(false);
    expect(reasonOf('http://localhost:3001/', { production: false, outboundAllowHosts: ['localhost:3001'] })).toBe('allowed');
    expect(reasonOf('http://foo.localhost:3001/', { production: false, outboundAllowHosts: ['localhost:3001'] })).toBe('host');
    for (const entry of ['169.254.169.254', '169.254.169.254:80', '0.0.0.0', '[fe80::1]', '10.0.0.1', '[::]']) {
      for (const url of ['http://169.254.169.254/latest/meta-data/', 'http://0xa9fea9fe/', 'http://0.0.0.0/', 'http://[fe80::1]/', 'http://10.0.0.1/', 'http://[::]/']) {
        expect([entry, url, reasonOf(url, { production: false, outboundAllowHosts: [entry] })]).toEqual([entry, url, 'address']);
      }
    }
  });
});

describe('what the user is told', () => {
  const leaks = (message: string) => message.includes(String(port)) || message.includes(String(closedPort)) || /127\.0|E[A-Z]{4,}|::/.test(message);

  it('names no port, address or error code for a refused, unreachable or silent destination', async () => {
    const refused = await post(`http://127.0.0.1:${port}/x`);
    const unreachable = await post(`http://127.0.0.1:${closedPort}/x`, { production: false, outboundAllowHosts: [`127.0.0.1:${closedPort}`] });
    expect(unreachable).toEqual({ status: 0, statusMessage: 'Could not connect to the webhook URL' });

    const silent = createServer(() => { /* never answers */ });
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const silentPort = (silent.address() as AddressInfo).port;
    try {
      const started = Date.now();
      const timedOut = await post(`http://127.0.0.1:${silentPort}/x`, { production: false, outboundAllowHosts: [`127.0.0.1:${silentPort}`] }, 300);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(timedOut).toEqual({ status: 0, statusMessage: 'The webhook URL did not answer within 0.3 s', timedOut: true });
      expect(timedOut.statusMessage).not.toContain(String(silentPort));
    } finally {
      silent.closeAllConnections();
      await new Promise((r) => silent.close(r));
    }
    for (const answer of [refused, unreachable]) expect([answer.statusMessage, leaks(answer.statusMessage)]).toEqual([answer.statusMessage, false]);
  });
});
