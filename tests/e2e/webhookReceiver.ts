import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { test } from '@playwright/test';
import { Webhook } from 'standardwebhooks';

// A customer's webhook endpoint for the e2e flows: it listens on this worker's allow-listed port
// (playwright.config.ts puts E2E_RECEIVER_PORTS in the engine's OUTBOUND_ALLOW_HOSTS), records
// every POST with its raw body, and answers as the test says (200 by default). Whether a request is
// signed with the organisation's secret is checked the way a customer would check it: with the
// `standardwebhooks` package.

export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
  /** The event as JSON (the engine always sends JSON). */
  json: unknown;
}

export interface ReceiverAnswer {
  status: number;
  /** The HTTP reason phrase the receiver sends (what the webhook modal shows on a failure). */
  statusText?: string;
}

export interface WebhookReceiver {
  /** http://127.0.0.1:<port><path>: a URL the engine may send to. */
  url(path?: string): string;
  received: ReceivedWebhook[];
  /** How the next requests are answered (200 'OK' until changed). */
  answerWith(answer: ReceiverAnswer): void;
  /** True when every request so far verifies with `secret` (and there was at least one). */
  allVerify(secret: string): boolean;
  close(): Promise<void>;
}

/** The allow-listed receiver port of this worker. */
export function receiverPort(): number {
  const ports = (process.env.E2E_RECEIVER_PORTS ?? '').split(',').filter(Boolean).map(Number);
  const port = ports[test.info().parallelIndex];
  if (!port) throw new Error(`no receiver port for parallel worker ${test.info().parallelIndex}: E2E_RECEIVER_PORTS is ${process.env.E2E_RECEIVER_PORTS}`);
  return port;
}

export function verifies(call: ReceivedWebhook, secret: string): boolean {
  try {
    new Webhook(secret).verify(call.body, call.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  }
}

export async function startReceiver(): Promise<WebhookReceiver> {
  const port = receiverPort();
  const received: ReceivedWebhook[] = [];
  let answer: ReceiverAnswer = { status: 200, statusText: 'OK' };
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      let json: unknown = null;
      try { json = JSON.parse(body); } catch { /* recorded as it came */ }
      received.push({ headers: request.headers, body, json });
      response.statusCode = answer.status;
      if (answer.statusText) response.statusMessage = answer.statusText;
      response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', resolve);
  });
  return {
    url: (path = '/hooks') => `http://127.0.0.1:${port}${path}`,
    received,
    answerWith: (next) => { answer = next; },
    allVerify: (secret) => received.length > 0 && received.every((call) => verifies(call, secret)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
