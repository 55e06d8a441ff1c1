import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createActor, fromPromise } from 'xstate';
import {
  DASHBOARD_VERSION,
  selectIsLoggingOut,
  selectIsOutdated,
  selectServerVersion,
  selectVersionMessage,
  VERSION_CHECK_INTERVAL_MS,
  VERSION_MISMATCH_MESSAGE,
  VERSION_RELOAD_DELAY_MS,
  versionCheckMachine,
  versionDifference,
} from '../../src/dashboard/machines/versionCheck/index.ts';
import { fail, ok, scriptedActors, type Answer } from './support/fakeActors.ts';
import { CURRENT } from './support/versionCheckFixtures.ts';

function start(pathname: string, versions: Answer[], logout: Answer[] = [ok()]) {
  const fakes = scriptedActors({ getUiVersion: versions, logout });
  const reloads: number[] = [];
  const machine = versionCheckMachine.provide({ actors: fakes.actors, actions: { reloadPage: () => void reloads.push(Date.now()) } });
  const actor = createActor(machine, { input: { currentVersion: CURRENT, pathname } });
  actor.start();
  return { actor, calls: fakes.calls, reloads, snapshot: () => actor.getSnapshot() };
}
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('versionDifference', () => {
  it.each([
    ['1.4.2', '1.4.2', 'none'],
    ['1.4.2', '1.4.3', 'patch'],
    ['1.4.2', '1.5.0', 'minor'],
    ['1.4.2', '2.0.0', 'major'],
    ['1.4.2', '0.9.9', 'major'],
    ['1.4.2', 'latest', 'unknown'],
  ] as const)('%s vs %s is %s', (a, b, kind) => expect(versionDifference(a, b)).toBe(kind));

  it('the build version falls back to 0.1.0 without VITE_UI_VERSION', () => {
    expect(DASHBOARD_VERSION).toBe(import.meta.env.VITE_UI_VERSION ?? '0.1.0');
  });
});

describe('versionCheck machine (actor)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('stays idle on an equal version and re-checks on the interval and on window focus', async () => {
    const run = start('/dashboard/home', [ok(CURRENT)]);
    await settle();
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(selectServerVersion(run.snapshot())).toBe(CURRENT);
    expect(run.calls.getUiVersion).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(VERSION_CHECK_INTERVAL_MS);
    expect(run.calls.getUiVersion).toHaveLength(2);
    run.actor.send({ type: 'window.focus' });
    await settle();
    expect(run.calls.getUiVersion).toHaveLength(3);
    expect(run.reloads).toEqual([]);
    expect(selectVersionMessage(run.snapshot())).toBeNull();
  });

  it('a major difference on a dashboard page shows the message, logs out, then reloads', async () => {
    const run = start('/dashboard/syncs', [ok('2.0.0')]);
    await settle();
    expect(selectVersionMessage(run.snapshot())).toBe(VERSION_MISMATCH_MESSAGE);
    expect(selectIsOutdated(run.snapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(VERSION_RELOAD_DELAY_MS - 1);
    expect(run.calls.logout).toEqual([]);
    expect(run.reloads).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(run.calls.logout).toHaveLength(1);
    expect(run.reloads).toHaveLength(1);
    expect(run.snapshot().status).toBe('done');
  });

  it('a minor difference waits for the logout call before reloading', async () => {
    const fakes = scriptedActors({ getUiVersion: [ok('1.5.0')] });
    const reloads: number[] = [];
    const pendingLogout = fromPromise<void, void>(() => new Promise<void>(() => {}));
    const actor = createActor(versionCheckMachine.provide({ actors: { ...fakes.actors, logout: pendingLogout }, actions: { reloadPage: () => void reloads.push(1) } }), {
      input: { currentVersion: CURRENT, pathname: '/dashboard/home' },
    });
    actor.start();
    await settle();
    await vi.advanceTimersByTimeAsync(VERSION_RELOAD_DELAY_MS);
    expect(selectIsLoggingOut(actor.getSnapshot())).toBe(true);
    await vi.advanceTimersByTimeAsync(VERSION_RELOAD_DELAY_MS * 10);
    expect(reloads).toEqual([]);
    actor.stop();
  });

  it('a major difference on a public page reloads without logging out', async () => {
    const run = start('/signup', [ok('2.0.0')]);
    await settle();
    expect(run.calls.logout).toEqual([]);
    await vi.advanceTimersByTimeAsync(VERSION_RELOAD_DELAY_MS);
    expect(run.reloads).toHaveLength(1);
  });

  it('follows the page: after navigating to a public page a mismatch does not log out', async () => {
    const run = start('/dashboard/home', [ok(CURRENT), ok('1.5.0')]);
    await settle();
    run.actor.send({ type: 'location.change', pathname: '/404' });
    run.actor.send({ type: 'window.focus' });
    await settle();
    expect(run.calls.logout).toEqual([]);
    expect(run.snapshot().matches({ outdated: 'reloading' })).toBe(true);
  });

  it('a patch difference shows the message and reloads without logging out', async () => {
    const run = start('/dashboard/home', [ok('1.4.3')]);
    await settle();
    expect(selectVersionMessage(run.snapshot())).toBe(VERSION_MISMATCH_MESSAGE);
    expect(run.calls.logout).toEqual([]);
    await vi.advanceTimersByTimeAsync(VERSION_RELOAD_DELAY_MS);
    expect(run.reloads).toHaveLength(1);
  });

  it('a failed logout still reloads', async () => {
    const run = start('/dashboard/home', [ok('2.0.0')], [fail(new Error('offline'))]);
    await settle();
    await vi.advanceTimersByTimeAsync(VERSION_RELOAD_DELAY_MS);
    expect(run.reloads).toHaveLength(1);
  });

  it('a failed or unreadable check is ignored until the next one', async () => {
    const run = start('/dashboard/home', [fail(new Error('offline')), ok('not-a-version')]);
    await settle();
    expect(run.snapshot().matches('idle')).toBe(true);
    run.actor.send({ type: 'version.check' });
    await settle();
    expect(run.snapshot().matches('idle')).toBe(true);
    expect(run.reloads).toEqual([]);
  });
});
