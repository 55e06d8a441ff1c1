import type { AnyStateMachine, EventObject, SnapshotFrom } from 'xstate';
import { getAdjacencyMap, TestModel, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph';
import { pathTransitionKeys } from './graphTools.ts';

type AnySnapshot = SnapshotFrom<AnyStateMachine>;
type Traversal = { serializeState: (snapshot: never) => string } & Record<string, unknown>;

/** The transition keys (as graphTools names them) of sending `event` in `before`. */
function takenKeys(machine: AnyStateMachine, before: AnySnapshot, event: EventObject): string[] {
  return machine.getTransitionData(before as never, event as never).map((definition) => {
    const candidates = definition.source.transitions.get(definition.eventType) ?? [];
    return `${definition.source.id} --${definition.eventType}#${candidates.indexOf(definition)}`;
  });
}

/**
 * One path for each transition no simple path takes: a transition back to a state the path has
 * visited (a failed call returning to its step, a dialog closed, a retry) never ends a simple
 * path. Each is the shortest path to the transition's source state followed by the transition.
 * The shortest paths are taken with duplicates allowed: deduplicating drops every path that is
 * the prefix of another, and with it the way to most states.
 */
export function closingPaths(machine: AnyStateMachine, traversal: Traversal, simplePaths: readonly StatePath<AnySnapshot, EventObject>[]): StatePath<AnySnapshot, EventObject>[] {
  const serialize = traversal.serializeState as (snapshot: AnySnapshot) => string;
  const adjacency = getAdjacencyMap(machine, traversal as never) as AdjacencyMap<AnySnapshot, EventObject>;
  const shortest = new Map(
    new TestModel(machine, traversal as never)
      .getShortestPaths({ allowDuplicatePaths: true } as never)
      .map((path) => [serialize(path.state as AnySnapshot), path as StatePath<AnySnapshot, EventObject>]),
  );
  const covered = pathTransitionKeys(machine, simplePaths);
  const out: StatePath<AnySnapshot, EventObject>[] = [];
  for (const [stateKey, { state, transitions }] of Object.entries(adjacency) as [string, AdjacencyValue<AnySnapshot, EventObject>][]) {
    const base = shortest.get(stateKey);
    if (!base) continue;
    for (const { event, state: next } of Object.values(transitions)) {
      const keys = takenKeys(machine, state, event);
      if (keys.length === 0 || keys.every((key) => covered.has(key))) continue;
      keys.forEach((key) => covered.add(key));
      out.push({ state: next, steps: [...base.steps, { event, state: next }], weight: base.weight + 1 });
    }
  }
  return out;
}
