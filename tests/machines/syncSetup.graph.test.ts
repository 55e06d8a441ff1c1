import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { getAdjacencyMap, TestModel } from 'xstate/graph';
import { syncSetupMachine, type CategorySyncSettings, type SyncSetupInput, type SyncSetupSnapshot } from '../../src/dashboard/machines/syncSetup/index.ts';
import { closingPaths } from './support/closingPaths.ts';
import { activeIds, checkPathsFile, coveredTransitionKeys, describePath, pathTransitionKeys, replayPath, stateNodeIds, transitionKeys } from './support/graphTools.ts';
import { SYNC_START_URL } from './support/journeyFixtures.ts';
import { syncSetupEventFixtures, syncSetupUserEvents } from './support/syncSetupFixtures.ts';

// Graph level: every state and transition of the Fetch data step's sync machine is reached with
// the fixture events, and every simple path replays on a real actor with injected actors.

const inputs = {
  new: { category: 'HRIS', syncEnabled: false, syncOnAPI: false, syncStartUrl: SYNC_START_URL },
  enabled: { category: 'HRIS', syncEnabled: true, syncOnAPI: false, syncStartUrl: SYNC_START_URL },
} as const satisfies Record<string, SyncSetupInput>;

const allEvents = Object.values(syncSetupEventFixtures);
const sorted = (keys: readonly string[]) => [...keys].sort().join();
/** What the guards read: the state, the selection and the start mode against what is saved. */
const serializeState = (snapshot: SyncSetupSnapshot) => {
  const { selection, savedSelection, apiTrigger, savedApiTrigger, syncEnabled } = snapshot.context;
  return JSON.stringify([snapshot.value, sorted(selection), sorted(savedSelection), apiTrigger, savedApiTrigger, syncEnabled]);
};
const traversal = (input: SyncSetupInput, events: readonly EventObject[], filterEvents?: typeof pathFilter) => ({ events, serializeState, input, filterEvents }) as never;

const savedModels = (settings: CategorySyncSettings) => sorted(settings.syncModels.flatMap((entry) => entry.syncModels.map((id) => `${entry.subCategory}/${id}`)));

/**
 * The paths follow what the engine answers: the settings saved are the ones sent (the start mode
 * and models of the form), and the models a step starts from match whether syncs are enabled.
 */
function pathFilter(snapshot: SyncSetupSnapshot, event: EventObject): boolean {
  const output = (event as { output?: unknown }).output;
  if (event.type === 'xstate.done.actor.fetchModels') return snapshot.context.syncEnabled || event === syncSetupEventFixtures['models defaults'];
  if (event.type.startsWith('xstate.done.actor.') && output && typeof output === 'object' && 'syncOnAPI' in output) {
    const settings = output as CategorySyncSettings;
    return settings.syncOnAPI === snapshot.context.apiTrigger && savedModels(settings) === sorted(snapshot.context.selection);
  }
  return true;
}

describe('syncSetup machine graph', () => {
  const maps = Object.values(inputs).map((input) => getAdjacencyMap(syncSetupMachine, traversal(input, allEvents)));
  const reached = maps.flatMap((map) => Object.values(map).map((entry) => entry.state as SyncSetupSnapshot));

  it('reaches every state node', () => {
    const ids = new Set(reached.flatMap((snapshot) => activeIds(syncSetupMachine, snapshot)));
    expect(stateNodeIds(syncSetupMachine).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('takes every transition (each guarded candidate) somewhere in the adjacency map', () => {
    const covered = new Set(maps.flatMap((map) => [...coveredTransitionKeys(syncSetupMachine, map)]));
    expect(transitionKeys(syncSetupMachine).filter((key) => !covered.has(key))).toEqual([]);
  });

  it('has a fixture for every event type the machine handles', () => {
    const handled = new Set(transitionKeys(syncSetupMachine).map((key) => key.split('--')[1].split('#')[0]));
    const fixtureTypes = new Set(allEvents.map((e) => e.type));
    expect([...handled].filter((type) => !fixtureTypes.has(type))).toEqual([]);
    expect(Object.keys(syncSetupUserEvents).length).toBeGreaterThan(0);
  });

  it('never unchecks a default model', () => {
    for (const snapshot of reached.filter((s) => s.context.subCategories.length > 0)) expect(snapshot.context.selection).toContain('employee/employee_profile');
  });
});

export const syncSetupPaths = (Object.keys(inputs) as (keyof typeof inputs)[]).flatMap((start) => {
  const pathTraversal = traversal(inputs[start], allEvents, pathFilter);
  const simple = new TestModel(syncSetupMachine, pathTraversal).getSimplePaths({ allowDuplicatePaths: true } as never);
  const loops = closingPaths(syncSetupMachine, pathTraversal, simple);
  return [
    ...simple.map((path) => ({ start, path, description: describePath(`[${start}]`, syncSetupEventFixtures, path) })),
    ...loops.map((path) => ({ start, path, description: describePath(`[${start} loop]`, syncSetupEventFixtures, path) })),
  ];
});

describe('syncSetup machine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('matches the committed list of paths (tests/machines/__paths__/syncSetup.txt)', () => {
    const { expected, actual } = checkPathsFile(join(import.meta.dirname, '__paths__', 'syncSetup.txt'), syncSetupPaths.map((p) => p.description).sort());
    expect(actual).toBe(expected);
  });

  it("replays every transition the paths' events can take", () => {
    const taken = pathTransitionKeys(syncSetupMachine, syncSetupPaths.map((p) => p.path));
    expect(transitionKeys(syncSetupMachine).filter((key) => !taken.has(key))).toEqual([]);
  });

  it.each(syncSetupPaths.map((p) => [p.description, p] as const))('%s', async (_, { start, path }) => {
    const { snapshot } = await replayPath(path, {
      machine: syncSetupMachine,
      input: inputs[start],
      actorNames: ['fetchModels', 'enableSyncs', 'updateSyncModels', 'updateStartMode'],
      delays: {},
    });
    expect(snapshot.value).toEqual(path.state.value);
  });
});
