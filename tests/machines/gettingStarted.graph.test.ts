import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { getAdjacencyMap, TestModel } from 'xstate/graph';
import { gettingStartedMachine, type GettingStartedSnapshot } from '../../src/dashboard/machines/gettingStarted/index.ts';
import { closingPaths } from './support/closingPaths.ts';
import { activeIds, checkPathsFile, coveredTransitionKeys, describePath, pathTransitionKeys, replayPath, stateNodeIds, transitionKeys } from './support/graphTools.ts';
import { gettingStartedEventFixtures, gettingStartedUserEvents } from './support/gettingStartedFixtures.ts';

// Graph level: every state and transition of the getting-started page machine is reached with the
// fixture events, and every simple path replays on a real actor with an injected status actor.

const allEvents = Object.values(gettingStartedEventFixtures);
/** The guards read the state, the tab shown, the ongoing flow and the tab asked for. */
const serializeState = (snapshot: GettingStartedSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.flow, snapshot.context.status?.ongoingFlow ?? null, snapshot.context.pendingFlow]);
const traversal = (events: readonly EventObject[], filterEvents?: typeof pathFilter) => ({ events, serializeState, input: undefined, filterEvents }) as never;

const fixture = (label: string) => gettingStartedEventFixtures[label]!;
/**
 * The paths read the status once from each answer; a later read (the update-status icon, a flow's
 * progress) answers a change of the ongoing flow or a failure, and a retry after a failed first
 * read answers the web flow ongoing. Every answer in every state is in the adjacency map above.
 */
const pathFilter = (snapshot: GettingStartedSnapshot, event: EventObject) => {
  if (event.type !== 'xstate.done.actor.fetchStatus' && event.type !== 'xstate.error.actor.fetchStatus') return true;
  if (snapshot.matches({ ready: 'refreshing' })) return event === fixture('status ai ongoing') || event === fixture('status failed');
  if (snapshot.context.error !== null) return event === fixture('status web ongoing');
  return true;
};

describe('gettingStarted machine graph', () => {
  const adjacency = getAdjacencyMap(gettingStartedMachine, traversal(allEvents));
  const reached = Object.values(adjacency).map((entry) => entry.state as GettingStartedSnapshot);

  it('reaches every state node', () => {
    const ids = new Set(reached.flatMap((snapshot) => activeIds(gettingStartedMachine, snapshot)));
    expect(stateNodeIds(gettingStartedMachine).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('takes every transition (each guarded candidate) somewhere in the adjacency map', () => {
    const covered = coveredTransitionKeys(gettingStartedMachine, adjacency);
    expect(transitionKeys(gettingStartedMachine).filter((key) => !covered.has(key))).toEqual([]);
  });

  it('has a fixture for every event type the machine handles', () => {
    const handled = new Set(transitionKeys(gettingStartedMachine).map((key) => key.split('--')[1].split('#')[0]));
    const fixtureTypes = new Set(allEvents.map((e) => e.type));
    expect([...handled].filter((type) => !fixtureTypes.has(type))).toEqual([]);
    expect(Object.keys(gettingStartedUserEvents).length).toBeGreaterThan(0);
  });

  it('asks before switching only when the tab shown is the ongoing flow', () => {
    const asking = reached.filter((snapshot) => snapshot.matches('confirmingSwitch'));
    expect(asking.length).toBeGreaterThan(0);
    for (const snapshot of asking) {
      expect(snapshot.context.flow).toBe(snapshot.context.status?.ongoingFlow);
      expect(snapshot.context.pendingFlow).not.toBe(snapshot.context.flow);
    }
  });

  it('shows the welcome dialog only when nothing has started', () => {
    for (const snapshot of reached.filter((s) => s.matches('welcome'))) expect(snapshot.context.status?.anyCategoryStarted).toBe(false);
  });
});

/** Every simple path, then the loop-closing paths (a cancelled switch, a retry, a refresh). */
export const gettingStartedPaths = (() => {
  const pathTraversal = traversal(allEvents, pathFilter);
  const simple = new TestModel(gettingStartedMachine, pathTraversal).getSimplePaths({ allowDuplicatePaths: true } as never);
  const loops = closingPaths(gettingStartedMachine, pathTraversal, simple);
  return [
    ...simple.map((path) => ({ path, description: describePath('[page]', gettingStartedEventFixtures, path) })),
    ...loops.map((path) => ({ path, description: describePath('[page loop]', gettingStartedEventFixtures, path) })),
  ];
})();

describe('gettingStarted machine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('matches the committed list of paths (tests/machines/__paths__/gettingStarted.txt)', () => {
    const { expected, actual } = checkPathsFile(join(import.meta.dirname, '__paths__', 'gettingStarted.txt'), gettingStartedPaths.map((p) => p.description).sort());
    expect(actual).toBe(expected);
  });

  it("replays every transition the paths' events can take", () => {
    const taken = pathTransitionKeys(gettingStartedMachine, gettingStartedPaths.map((p) => p.path));
    expect(transitionKeys(gettingStartedMachine).filter((key) => !taken.has(key))).toEqual([]);
  });

  it.each(gettingStartedPaths.map((p) => [p.description, p] as const))('%s', async (_, { path }) => {
    const { snapshot } = await replayPath(path, { machine: gettingStartedMachine, input: undefined, actorNames: ['fetchStatus'], delays: {} });
    expect(snapshot.value).toEqual(path.state.value);
  });
});
