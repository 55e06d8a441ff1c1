import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, readdirSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';

// scripts/build-engine.sh, which scripts/engine.sh and scripts/worker.sh run before starting the
// engine's bundle: it rebuilds only when a source is newer than the bundle, and processes starting
// together (two engines, an engine and its worker) never see a half-written bundle.
const run = promisify(execFile);
const REPO = resolve(__dirname, '../../..');
// Two folders below the repository, as dist/engine is: the engine finds package.json and dist/ from there.
const OUT = join('.tmp', `engine-bundle-${randomBytes(4).toString('hex')}`);
const build = () => run('bash', ['scripts/build-engine.sh'], { cwd: REPO, env: { ...process.env, ENGINE_BUNDLE_DIR: OUT } });
const bundle = (file: string) => join(REPO, OUT, file);
const BUNDLES = ['server.js', 'server.js.map', 'worker.js', 'worker.js.map'];

afterAll(() => rmSync(join(REPO, OUT), { recursive: true, force: true }));

describe('the engine bundle', () => {
  it('is built from the sources, then left alone while they are unchanged', async () => {
    await build();
    expect(readdirSync(join(REPO, OUT)).sort()).toEqual(BUNDLES);
    const built = statSync(bundle('server.js')).mtimeMs;
    await build();
    expect(statSync(bundle('server.js')).mtimeMs).toBe(built);
    // Both entry points parse as the ES modules node loads.
    for (const file of ['server.js', 'worker.js']) await run(process.execPath, ['--check', bundle(file)]);
  }, 60_000);

  it('is rebuilt once a source is newer, by builds running at once, leaving only whole files', async () => {
    if (!existsSync(bundle('server.js'))) await build();
    const old = new Date('2001-01-01T00:00:00Z');
    for (const file of BUNDLES) utimesSync(bundle(file), old, old);
    await Promise.all([build(), build(), build()]);
    expect(statSync(bundle('server.js')).mtimeMs).toBeGreaterThan(old.getTime());
    expect(statSync(bundle('worker.js')).mtimeMs).toBeGreaterThan(old.getTime());
    // Each build's own folder is gone: nothing but the bundles and their maps.
    expect(readdirSync(join(REPO, OUT)).sort()).toEqual(BUNDLES);
    for (const file of ['server.js', 'worker.js']) await run(process.execPath, ['--check', bundle(file)]);
  }, 60_000);
});
