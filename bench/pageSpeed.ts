import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type Page } from '@playwright/test';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { call, CHROMIUM_ARGS, CHROMIUM_PATH, injectSession, loginViaMailbox, median } from './browserSession.ts';
import { readBudgets, type Budgets } from './routeBytes.ts';

// Each route of bench/budgets.json as a person opening it sees it, in Debian's Chromium at 1440 px:
// the time from the navigation's start (performance.timeOrigin) to its first meaningful content
// (budgets.json `firstContent`: the first data row where there is a list) with a cold cache (a
// fresh browser context each run) and with a warm one (the same route opened again in that
// context), median and spread of the runs; the JavaScript bytes it downloaded cold (compressed
// bodies of every script until the network is quiet); and Lighthouse's desktop performance and
// accessibility scores, signed in. Usage as a function (measurePages), or against a running
// product: tsx bench/pageSpeed.ts <baseUrl> [runs].

export interface Spread { medianMs: number; minMs: number; maxMs: number; runsMs: number[] }
export interface RouteSpeed {
  route: string;
  /** JavaScript bytes of a cold visit (compressed, as sent), the median of the cold runs. */
  jsBytes: number;
  cold: Spread;
  warm: Spread;
  lighthouse?: { performance: number; accessibility: number };
}

export interface PageSpeedOptions {
  baseUrl: string;
  /** A dashboard session token; without it the demo admin logs in through the dev mailbox. */
  token?: string;
  /** Runs per route and cache state (at least 7). */
  runs?: number;
  /** Lighthouse scores too (about 15 s a route). */
  lighthouse?: boolean;
  budgets?: Budgets;
}

const spread = (runsMs: number[]): Spread => ({ medianMs: median(runsMs), minMs: Math.min(...runsMs), maxMs: Math.max(...runsMs), runsMs });

/** Stamps the first element matching `selector` as it enters the DOM (ms since navigation start). */
const stampScript = (selector: string) => `(() => {
  const selector = ${JSON.stringify(selector)};
  const seen = () => document.querySelector(selector) !== null;
  const stamp = () => { if (window.__firstContentMs === undefined && seen()) { window.__firstContentMs = performance.now(); return true; } return false; };
  new MutationObserver((_, observer) => { if (stamp()) observer.disconnect(); }).observe(document, { childList: true, subtree: true, attributes: true });
})()`;

interface Session { token: string; uiVersion: string | null }

/** A page of a new context (its own, empty HTTP cache), signed in when `session` is given. */
async function freshPage(browser: Browser, baseUrl: string, selector: string, session?: Session): Promise<Page> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  const page = await context.newPage();
  if (session) {
    // A blank page of the origin to write the session into, without loading the dashboard first.
    const blank = `${baseUrl}/__bench_blank`;
    await page.route(blank, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
    await page.goto(blank);
    await injectSession(page, session.token, session.uiVersion);
  }
  await page.addInitScript({ content: stampScript(selector) });
  return page;
}

/** Opens `url` and waits for its first content; returns the ms it took and the JS bytes loaded. */
async function open(page: Page, url: string, selector: string): Promise<{ ms: number; jsBytes: number }> {
  await page.goto(url, { waitUntil: 'commit' });
  await page.waitForSelector(selector, { timeout: 30_000 });
  if (new URL(page.url()).pathname !== new URL(url).pathname) throw new Error(`${url} landed on ${page.url()}`);
  const ms = (await page.evaluate('window.__firstContentMs ?? performance.now()')) as number;
  // Chunks a screen loads after its first content (a chart) count towards its bytes too.
  await page.waitForLoadState('networkidle');
  const jsBytes = (await page.evaluate(`performance.getEntriesByType('resource')
    .filter((entry) => /\\.m?js(\\?|$)/.test(new URL(entry.name).pathname))
    .reduce((sum, entry) => sum + entry.encodedBodySize, 0)`)) as number;
  return { ms, jsBytes };
}

async function lighthouseScores(baseUrl: string, path: string, session?: Session): Promise<{ performance: number; accessibility: number }> {
  // Lighthouse drives the browser's default context over CDP: a persistent context is that one,
  // so the session written into it is there when Lighthouse opens the page (storage reset off).
  const profile = mkdtempSync(join(tmpdir(), 'bench-lighthouse-'));
  const port = 9300 + Math.floor(Math.random() * 500);
  const context = await chromium.launchPersistentContext(profile, { executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS, `--remote-debugging-port=${port}`] });
  try {
    if (session) {
      const page = context.pages()[0] ?? (await context.newPage());
      await page.route(`${baseUrl}/__bench_blank`, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>bench</title>' }));
      await page.goto(`${baseUrl}/__bench_blank`);
      await injectSession(page, session.token, session.uiVersion);
    }
    const result = await lighthouse(`${baseUrl}${path}`, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance', 'accessibility'], disableStorageReset: true }, desktopConfig);
    // BENCH_LIGHTHOUSE_DIR keeps each route's report, to read which audits cost the points.
    const reportDir = process.env.BENCH_LIGHTHOUSE_DIR;
    if (reportDir && result) {
      mkdirSync(reportDir, { recursive: true });
      writeFileSync(join(reportDir, `${path.replace(/\W+/g, '_') || 'root'}.json`), JSON.stringify(result.lhr));
    }
    const categories = result?.lhr.categories;
    const performance = categories?.performance?.score;
    const accessibility = categories?.accessibility?.score;
    if (performance == null || accessibility == null) {
      const runtimeError = result?.lhr.runtimeError;
      throw new Error(`Lighthouse gave no scores for ${path}${runtimeError ? `: ${runtimeError.code} ${runtimeError.message}` : ''}`);
    }
    return { performance: Math.round(performance * 100), accessibility: Math.round(accessibility * 100) };
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Lighthouse now and then loses its DevTools session to Chromium under load ('Session closed',
 * no scores): such a run is made again in a fresh profile, up to `attempts` times in all.
 */
async function withRetries<T>(run: () => Promise<T>, attempts: number): Promise<T> {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= attempts) throw error;
      console.warn(`Lighthouse run failed (${(error as Error).message.split('\n')[0]}), trying again`);
    }
  }
}

/**
 * Lighthouse's scores move by several points between runs of the same page: single runs of one
 * build of /dashboard/logs, minutes apart on this machine, scored 83 to 97. Lighthouse's own
 * documentation advises the median of five runs, which one outlying run moves less than a median of
 * three (it does not remove this machine's slower periods): LIGHTHOUSE_RUNS runs, each in a fresh profile.
 */
const LIGHTHOUSE_RUNS = Number(process.env.BENCH_LIGHTHOUSE_RUNS ?? 5);
async function medianLighthouseScores(baseUrl: string, path: string, session?: Session): Promise<{ performance: number; accessibility: number }> {
  const runs: { performance: number; accessibility: number }[] = [];
  for (let run = 0; run < LIGHTHOUSE_RUNS; run += 1) runs.push(await withRetries(() => lighthouseScores(baseUrl, path, session), 3));
  return { performance: median(runs.map((r) => r.performance)), accessibility: median(runs.map((r) => r.accessibility)) };
}

export async function measurePages(options: PageSpeedOptions): Promise<RouteSpeed[]> {
  const baseUrl = options.baseUrl.replace(/\/+$/, '');
  const budgets = options.budgets ?? readBudgets();
  const runs = Math.max(7, options.runs ?? 7);
  const token = options.token ?? (await loginViaMailbox(baseUrl, 'demo@acme.test'));
  const { uiVersion } = await call<{ uiVersion: string }>(baseUrl, 'auth.getUiVersion');
  const session = { token, uiVersion };
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
  const results: RouteSpeed[] = [];
  try {
    for (const [route, budget] of Object.entries(budgets.routes)) {
      if (!budget.firstContent) continue;
      const signedIn = route.startsWith('/dashboard') ? session : undefined;
      const cold: number[] = [];
      const warm: number[] = [];
      const bytes: number[] = [];
      for (let run = 0; run < runs; run += 1) {
        const page = await freshPage(browser, baseUrl, budget.firstContent, signedIn);
        try {
          const first = await open(page, `${baseUrl}${route}`, budget.firstContent);
          cold.push(first.ms);
          bytes.push(first.jsBytes);
          warm.push((await open(page, `${baseUrl}${route}`, budget.firstContent)).ms);
        } finally {
          await page.context().close();
        }
      }
      const result: RouteSpeed = { route, jsBytes: median(bytes), cold: spread(cold), warm: spread(warm) };
      if (options.lighthouse) result.lighthouse = await medianLighthouseScores(baseUrl, route, signedIn);
      console.log(`${route}: ${(result.jsBytes / 1000).toFixed(1)} kB JS; first content cold ${result.cold.medianMs.toFixed(0)} ms (${result.cold.minMs.toFixed(0)}–${result.cold.maxMs.toFixed(0)}), warm ${result.warm.medianMs.toFixed(0)} ms (${result.warm.minMs.toFixed(0)}–${result.warm.maxMs.toFixed(0)})${result.lighthouse ? `; Lighthouse performance ${result.lighthouse.performance}, accessibility ${result.lighthouse.accessibility}` : ''}`);
      results.push(result);
    }
  } finally {
    await browser.close();
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const [baseUrl = 'http://127.0.0.1:3000', runs] = process.argv.slice(2);
  await measurePages({ baseUrl, lighthouse: true, ...(runs ? { runs: Number(runs) } : {}) });
}
