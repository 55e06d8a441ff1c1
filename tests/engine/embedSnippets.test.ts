import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { backendSnippet, embedGuide, type BackendLanguage } from '../../src/shared/embedSnippets.ts';
import { startTestEngine, type TestEngine } from '../support/engineHarness.ts';
import { newOrg, type OrgSession } from '../support/dataFixtures.ts';

// The embed guide's backend snippets, run as a customer would run them: the engine listens on a
// loopback port, the NodeJS snippet runs under `node` and the Python one under `python3`
// (standard library only), each rendered with the organisation's production API key and the
// engine's base URL. Each prints msg.token, which the engine then accepts as an auth session.
let t: TestEngine;
let org: OrgSession;
let baseUrl: string;
let apiKey: string;
let dir: string;
beforeAll(async () => {
  t = await startTestEngine();
  await t.engine.app.listen({ port: 0, host: '127.0.0.1' });
  baseUrl = `http://127.0.0.1:${(t.engine.app.server.address() as AddressInfo).port}/api`;
  org = await newOrg(t, 'embed@acme.test');
  await t.call('POST', '/api/app.enableCategory', { token: org.token, body: { category: 'HRIS' } });
  const keys = (await t.call('GET', '/api/app.getApiKeys', { token: org.token })).body.msg;
  expect(keys.prodApiKeyMasked).toBe(false);
  apiKey = keys.prodApiKey;
  dir = await mkdtemp(join(tmpdir(), 'embed-snippets-'));
});
afterAll(async () => {
  await t.close();
  await rm(dir, { recursive: true, force: true });
});

const RUNNERS: Record<Exclude<BackendLanguage, 'java'>, string> = { nodejs: process.execPath, python: 'python3' };

/** Writes the snippet to a file and runs it: its exit code and output. */
async function run(language: Exclude<BackendLanguage, 'java'>, key: string): Promise<{ code: number; stdout: string; stderr: string }> {
  const snippet = backendSnippet(language, { apiKey: key, baseUrl });
  const file = join(dir, `${key.length}-${snippet.fileName}`);
  await writeFile(file, snippet.code);
  return new Promise((resolve) => {
    // Asynchronous, so the engine in this process answers while the snippet waits.
    execFile(RUNNERS[language], [file], { timeout: 30_000, env: { PATH: process.env.PATH ?? '' } }, (error, stdout, stderr) => {
      resolve({ code: error ? (typeof error.code === 'number' ? error.code : 1) : 0, stdout, stderr });
    });
  });
}

describe.each(['nodejs', 'python'] as const)('the %s snippet', (language) => {
  it('creates an auth session with the API key and prints msg.token, which the engine accepts', async () => {
    const result = await run(language, apiKey);
    expect(result, result.stderr).toMatchObject({ code: 0, stderr: '' });
    const token = result.stdout.trim();
    expect(token).toMatch(/^\S{20,}$/);

    const session = await t.call('POST', '/api/connect.getSession', { body: { authSessionToken: token } });
    expect(session.status, JSON.stringify(session.body)).toBe(200);
    expect(session.body.msg).toMatchObject({ originOrgId: 'cust-4711', originOrgName: 'Globex Corp', originUserEmail: 'it-admin@globex.com', originUserName: 'Hank Scorpio', companyName: 'Acme' });
    expect(session.body.msg.categories.map((c: { category: string }) => c.category)).toEqual(['HRIS']);
    const row = await t.engine.db.selectFrom('auth_sessions').select(['kind', 'api_key_id']).where('org_id', '=', org.orgId).where('kind', '=', 'session')
      .orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(row.api_key_id).not.toBeNull();
  });

  it('fails with the engine\'s message for a key the engine does not know', async () => {
    const result = await run(language, 'sk_live_not-a-key-of-anyone');
    expect(result.code).toBe(1);
    expect(result.stdout).toBe('');
    expect(result.stderr.trim().split('\n').pop()).toBe('Invalid API key');
  });
});

describe('the rest of the guide', () => {
  it('renders the Java snippet and the components with the real key and base URL', () => {
    const guide = embedGuide({ apiKey, baseUrl });
    expect(guide.backend.java.code).toContain(`private static final String API_KEY = "${apiKey}";`);
    expect(guide.backend.java.code).toContain(`private static final String BASE_URL = "${baseUrl}";`);
    expect(guide.backend.java.code).toContain('answer.path("msg").path("token")');
    for (const snippet of Object.values(guide.component)) {
      expect(snippet.code).toContain('knit-auth');
      expect(snippet.code).not.toContain(apiKey);
      for (const event of ['onNewSession', 'onFinish', 'onDeactivate', 'onKnitClose']) expect(snippet.code).toContain(event);
    }
  });
});
