import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

// The e2e suite drives Debian's Chromium (never a downloaded browser) against `npm start` on a free
// port with a fresh SQLite file, so every run starts from the seeded demo and nothing else.
// The config is evaluated by the runner and again by each worker; the port and database are
// chosen once and handed to the workers through the environment they inherit.
if (!process.env.E2E_PORT) {
  const script = "const s=require('net').createServer();s.listen(0,'127.0.0.1',()=>{console.log(s.address().port);s.close()})";
  process.env.E2E_PORT = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
// Webhook receivers of the tests (tests/e2e/webhookReceiver.ts), one per parallel worker, on ports
// the engine may send webhooks to (OUTBOUND_ALLOW_HOSTS): the allow-list a developer sets for a
// local receiver. Any other loopback port stays refused, as in production.
if (!process.env.E2E_RECEIVER_PORTS) {
  const script = "const n=require('net');let k=4,o=[];(function f(){const s=n.createServer();s.listen(0,'127.0.0.1',()=>{o.push(s.address().port);s.close(()=>--k?f():console.log(o.join(',')))})})()";
  process.env.E2E_RECEIVER_PORTS = execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }).trim();
}
if (!process.env.E2E_SQLITE_FILE) {
  process.env.E2E_SQLITE_FILE = join(mkdtempSync(join(tmpdir(), 'dashboard-e2e-')), 'engine.sqlite');
}

const port = process.env.E2E_PORT;
const receiverHosts = process.env.E2E_RECEIVER_PORTS.split(',').map((receiverPort) => `127.0.0.1:${receiverPort}`).join(',');
const baseURL = `http://127.0.0.1:${port}`;

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '**/*.e2e.ts',
  // E2E_OUTPUT_DIR lets runs started side by side keep their own artefacts (Playwright empties the folder as it starts).
  outputDir: process.env.E2E_OUTPUT_DIR ?? 'test-results/artifacts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : 3,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  use: {
    baseURL,
    viewport: { width: 1440, height: 900 },
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    // Recording a trace of every test (to keep the failed ones') made each action 2-3x slower on
    // this 2-core machine (the suite's slowest test 52 s -> 21 s without): traces are kept only
    // when E2E_TRACE=1 asks for them, as when re-running a failure. A failure always keeps its screenshot.
    trace: process.env.E2E_TRACE === '1' ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  // The magic-link and knit-auth files connect new accounts and end customers into the shared demo, which would
  // shift the totals and pages the other files read; it runs once they are done. Its tests run one
  // after another, so the sign-up file (new users in organisations of their own, nothing the other
  // files read) waits for that second phase too and keeps the other worker busy meanwhile.
  // The accessibility checks read the seeded demo before any file changes it (a row another file
  // is changing could be checked half-way), so they run first.
  projects: [
    { name: 'accessibility', testMatch: ['**/accessibility.e2e.ts'] },
    { name: 'chromium', testIgnore: ['**/magicLink.e2e.ts', '**/knitAuth.e2e.ts', '**/signup.e2e.ts', '**/accessibility.e2e.ts'], dependencies: ['accessibility'] },
    { name: 'chromium-connect', testMatch: ['**/magicLink.e2e.ts', '**/knitAuth.e2e.ts', '**/signup.e2e.ts'], dependencies: ['chromium'] },
  ],
  webServer: {
    command: 'npm start',
    url: `${baseURL}/api/auth.getUiVersion`,
    // Every browser of the suite signs in from 127.0.0.1, many times an hour: the sign-in budgets
    // per source are multiplied for this run (they are tested as they are in the engine suite).
    // The sandbox vendors' occasional 5xx (2% of calls by default) would make a journey's native
    // calls differ from run to run; the engine suite tests the retries with every call failing.
    env: { PORT: port, HOST: '127.0.0.1', SQLITE_FILE: process.env.E2E_SQLITE_FILE, PUBLIC_URL: baseURL, SIGN_IN_THROTTLE_FACTOR: '20', OUTBOUND_ALLOW_HOSTS: receiverHosts, SANDBOX_ERROR_RATE: '0' },
    reuseExistingServer: false,
    timeout: 180_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
