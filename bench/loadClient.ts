import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { Pool } from 'undici';
import type { Api } from './listCases.ts';

// The load generator's HTTP client: undici's pool, one keep-alive connection per concurrent
// caller. It shares the machine's two cores with the engine (and PostgreSQL), so what it spends
// per request is taken from them: node:http cost it 0.33-0.40 ms of CPU per list call, two
// thirds of the engine's own, and fetch several times more. It accepts compressed answers as a
// browser does, so the engine's compression is part of what is measured. While the bench sets its
// cases up, answers are decoded and parsed (the cases read cursors and ids from them); once
// `measuring()` is called, an answer is only checked for its 200 and read to its end: decoding
// and parsing it cost the load generator another ~0.1 ms per call that the engine had to share the
// cores with, and they are the client's work, not the engine's.

/** The body as sent before the engine compressed it. */
function decoded(encoding: string | string[] | undefined, body: Buffer): Buffer {
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

export interface LoadClient { api: Api; measuring(): void; close(): Promise<void> }

export function loadClient(base: string, token: string, connections: number, acceptEncoding: string): LoadClient {
  const pool = new Pool(base, { connections, pipelining: 1 });
  let parseAnswers = true;
  const api: Api = async (method, path, body) => {
    const payload = body ? JSON.stringify(body) : undefined;
    const response = await pool.request({
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
  return { api, measuring: () => { parseAnswers = false; }, close: () => pool.close() };
}
