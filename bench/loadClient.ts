import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Client } from 'undici';
import type { Api } from './listCases.ts';

// The load generator's HTTP client: undici, one keep-alive connection per concurrent caller. It
// shares the machine's two cores with the engine (and PostgreSQL), so what it spends per request
// is taken from them: node:http cost it 0.33-0.40 ms of CPU per list call, two thirds of the
// engine's own, and fetch several times more. It accepts compressed answers as a browser does, so
// the engine's compression is part of what is measured. While the bench sets its cases up, answers
// are decoded and parsed (the cases read cursors and ids from them); once `measuring()` is called,
// an answer is only checked for its 200 and read to its end: decoding and parsing it cost the load
// generator another ~0.1 ms per call that the engine had to share the cores with, and they are the
// client's work, not the engine's.
//
// The connections are opened one after another, each answering a first call before the next
// opens, as clients arriving over time do, once the engine's serving processes are idle
// (processCpu.ts). Node's cluster hands a new connection to the next serving process that is free
// to take it: opened in the same instant (undici's pool), the connections went to whichever
// process acknowledged first (7 and 4 in one run, 5 and 6 in another), so one process queued more
// calls than the other.

/** The body as sent before the engine compressed it. */
function decoded(encoding: string | string[] | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

export interface LoadClient { api: Api; measuring(): void; close(): Promise<void> }

export async function loadClient(base: string, token: string, connections: number, acceptEncoding: string): Promise<LoadClient> {
  const clients = Array.from({ length: connections }, () => new Client(base, { pipelining: 1 }));
  for (const client of clients) {
    const first = await client.request({ method: 'GET', path: '/api/auth.getUiVersion' });
    await first.body.dump();
  }
  // Each call takes a connection no other call is using: there are as many as concurrent callers.
  const idle = [...clients];
  let parseAnswers = true;

  const send = async (client: Client, method: 'GET' | 'POST', path: string, body?: object) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const response = await client.request({
      method,
      path: `/api/${path}`,
      headers: { authorization: `Bearer ${token}`, 'accept-encoding': acceptEncoding, ...(payload ? { 'content-type': 'application/json' } : {}) },
      body: payload,
    });
    if (!parseAnswers && response.statusCode === 200) {
      await response.body.dump({ limit: Number.MAX_SAFE_INTEGER });
      return {};
    }
    const raw = Buffer.from(await response.body.arrayBuffer());
    const json = JSON.parse(decoded(response.headers['content-encoding'], raw).toString('utf8')) as { success: boolean; msg: Record<string, unknown> };
    if (response.statusCode !== 200) throw new Error(`${path} answered ${response.statusCode}: ${JSON.stringify(json)}`);
    return json.msg;
  };

  const api: Api = async (method, path, body) => {
    const client = idle.pop();
    if (!client) throw new Error(`more than ${connections} calls at once`);
    try {
      return await send(client, method, path, body);
    } finally {
      idle.push(client);
    }
  };
  return {
    api,
    measuring: () => { parseAnswers = false; },
    close: async () => { await Promise.all(clients.map((client) => client.close())); },
  };
}
