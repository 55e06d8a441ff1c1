import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { getAdjacencyMap, TestModel } from 'xstate/graph';
import {
  isDashboardPath,
  VERSION_CHECK_INTERVAL_MS,
  VERSION_RELOAD_DELAY_MS,
  versionCheckMachine,
  type VersionCheckInput,
  type VersionCheckSnapshot,
} from '../../src/dashboard/machines/versionCheck/index.ts';
import { activeIds, checkPathsFile, coveredTransitionKeys, describePath, replayPath, stateNodeIds, transitionKeys } from './support/graphTools.ts';
import { CURRENT, versionEventFixtures } from './support/versionCheckFixtures.ts';

const inputs = {
  dashboard: { currentVersion: CURRENT, pathname: '/dashboard/home' },
  public: { currentVersion: CURRENT, pathname: '/signup' },
} as const satisfies Record<string, VersionCheckInput>;

const allEvents = Object.values(versionEventFixtures);
// Paths start on a dashboard page or a public page and stay there: location changes only flip the
// page kind, covered by the adjacency map and the actor tests.
const pathEvents = allEvents.filter((e) => e.type !== 'location.change');
const serializeState = (s: VersionCheckSnapshot) => JSON.stringify([s.value, isDashboardPath(s.context.pathname)]);
const traversal = (input: VersionCheckInput, events: readonly EventObject[]) => ({ events, serializeState, input }) as never;

describe('versionCheck machine graph', () => {
  const maps = [getAdjacencyMap(versionCheckMachine, traversal(inputs.dashboard, allEvents)), getAdjacencyMap(versionCheckMachine, traversal(inputs.public, allEvents))];

  it('reaches every state node', () => {
    const reached = new Set(maps.flatMap((m) => Object.values(m).flatMap((a) => activeIds(versionCheckMachine, a.state as VersionCheckSnapshot))));
    expect(stateNodeIds(versionCheckMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('takes every transition somewhere in the adjacency map', () => {
    const covered = new Set(maps.flatMap((m) => [...coveredTransitionKeys(versionCheckMachine, m)]));
    expect(transitionKeys(versionCheckMachine).filter((key) => !covered.has(key))).toEqual([]);
  });
});

describe('versionCheck machine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const generated = (Object.keys(inputs) as (keyof typeof inputs)[]).flatMap((page) =>
    new TestModel(versionCheckMachine, traversal(inputs[page], pathEvents))
      .getSimplePaths({ allowDuplicatePaths: true } as never)
      .map((path) => ({ page, path, description: describePath(`[${page}]`, versionEventFixtures, path) })),
  );

  it('matches the committed list of paths (tests/machines/__paths__/versionCheck.txt)', () => {
    const { expected, actual } = checkPathsFile(join(import.meta.dirname, '__paths__', 'versionCheck.txt'), generated.map((p) => p.description).sort());
    expect(actual).toBe(expected);
  });

  it.each(generated.map((p) => [p.description, p] as const))('%s', async (_, { page, path }) => {
    const reloads: number[] = [];
    const { snapshot } = await replayPath(path, {
      machine: versionCheckMachine,
      input: inputs[page],
      actorNames: ['getUiVersion', 'logout'],
      delays: { checkInterval: VERSION_CHECK_INTERVAL_MS, reloadDelay: VERSION_RELOAD_DELAY_MS },
      actions: { reloadPage: () => void reloads.push(Date.now()) },
    });
    expect(snapshot.value).toEqual(path.state.value);
    expect(reloads.length).toBe(snapshot.value === 'reloaded' ? 1 : 0);
  });
});
