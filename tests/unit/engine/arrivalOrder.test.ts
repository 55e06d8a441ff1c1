import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Worker } from 'node:worker_threads';
import { afterEach, describe, expect, it } from 'vitest';
import { arrivalOrderServer } from '../../../src/engine/arrivalOrder.ts';

// The engine's server handles requests in the order they arrived. Each request here keeps the
// server's thread busy for BUSY_MS, and the clients run on a thread of their own, so they send
// while the server is busy, as clients on other machines do. The sequence is the one that a
// plain Node server answers out of order on Linux: the request that came while A1 was handled
// (C1) waited behind A2, sent later on a connection the previous poll had reported.
const BUSY_MS = 100;

/** Clients on four keep-alive connections (raw HTTP/1.1 over net); the worker posts 'done' after the sixth timed answer. */
const CLIENTS = `
const { connect } = require('node:net');
const { parentPort, workerData } = require('node:worker_threads');
const open = (name) => {
  const socket = connect(workerData.port, '127.0.0.1');
  socket.setNoDelay(true);
  let onAnswer = () => {};
  socket.on('data', (chunk) => { if (chunk.toString().includes('handled')) onAnswer(); });
  return {
    send: (request, then = () => {}) => { onAnswer = then; socket.write('GET /' + request + ' HTTP/1.1\\r\\nHost: test\\r\\n\\r\\n'); },
    end: () => socket.end(),
  };
};
const [w, a, b, c] = ['W', 'A', 'B', 'C'].map(open);
const busy = workerData.busyMs;
const done = () => { for (const s of [w, a, b, c]) s.end(); parentPort.postMessage('done'); };
let answers = 0;
const counted = (then) => () => { answers += 1; then(); if (answers === 6) done(); };
// W1 keeps the server busy while A1 and B1 arrive; C1 arrives while A1 is handled, A2 while B1 is.
const timed = () => {
  w.send('W1', counted(() => setTimeout(() => c.send('C1', counted(() => {})), busy / 2)));
  setTimeout(() => {
    a.send('A1', counted(() => setTimeout(() => a.send('A2', counted(() => {})), busy / 6)));
    b.send('B1', counted(() => b.send('B2', counted(() => {}))));
  }, busy / 6);
};
// Every connection is accepted and used once first, so none is still being set up meanwhile.
w.send('ready', () => a.send('ready', () => b.send('ready', () => c.send('ready', timed))));
`;

let server: Server | undefined;
afterEach(() => new Promise<void>((resolve) => { if (server) server.close(() => resolve()); else resolve(); }));

/** Runs the clients against a server built by `create`; resolves with the order requests were handled in. */
async function handledOrder(create: (handle: (req: IncomingMessage, res: ServerResponse) => void) => Server): Promise<string[]> {
  const handled: string[] = [];
  server = create((request, response) => {
    if (request.url === '/ready') return void response.end('handled');
    const until = performance.now() + BUSY_MS;
    while (performance.now() < until) { /* the server's thread is busy */ }
    handled.push(request.url!.slice(1));
    response.end('handled');
  });
  await new Promise<void>((resolve) => server!.listen(0, '127.0.0.1', resolve));
  const worker = new Worker(CLIENTS, { eval: true, workerData: { port: (server.address() as AddressInfo).port, busyMs: BUSY_MS } });
  await new Promise((resolve, reject) => { worker.once('message', resolve); worker.once('error', reject); });
  await worker.terminate();
  return handled;
}

describe('requests in arrival order', () => {
  it('handles a request that arrived while another was handled before those that arrived after it', async () => {
    const order = await handledOrder((handle) => arrivalOrderServer(handle, {}));
    expect(order).toEqual(['W1', 'A1', 'B1', 'C1', 'A2', 'B2']);
  });

  it('is needed: a plain Node server handles the same requests out of order', async () => {
    const order = await handledOrder((handle) => createServer(handle));
    expect(order.indexOf('A2')).toBeLessThan(order.indexOf('C1'));
  });
});
