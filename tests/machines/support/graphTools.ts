import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { vi } from 'vitest';
import { createActor, fromPromise, type AnyActorLogic, type AnyStateMachine, type AnyStateNode, type EventObject, type SnapshotFrom } from 'xstate';
import { getAdjacencyMap, TestModel, type AdjacencyMap, type AdjacencyValue, type StatePath } from 'xstate/graph';

type AnySnapshot = SnapshotFrom<AnyStateMachine>;

/** Every state node id of the machine (root excluded). */
export function stateNodeIds(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const child of Object.values(node.states) as AnyStateNode[]) {
      out.push(child.id);
      walk(child);
    }
  };
  walk(machine.root);
  return out.sort();
}

/** Ids of the state nodes active in a snapshot, from its state value. */
export function activeIds(machine: AnyStateMachine, snapshot: AnySnapshot): string[] {
  const out: string[] = [];
  const walk = (prefix: string, value: unknown) => {
    if (typeof value === 'string') return void out.push(`${prefix}.${value}`);
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      out.push(`${prefix}.${key}`);
      walk(`${prefix}.${key}`, child);
    }
  };
  walk(machine.id, snapshot.value);
  return out;
}

const keyOf = (source: AnyStateNode, eventType: string, index: number) => `${source.id} --${eventType}#${index}`;

/** Every evented transition the machine defines, one key per guarded candidate. */
export function transitionKeys(machine: AnyStateMachine): string[] {
  const out: string[] = [];
  const walk = (node: AnyStateNode) => {
    for (const [eventType, definitions] of node.transitions) definitions.forEach((_: unknown, i: number) => out.push(keyOf(node, eventType, i)));
    for (const child of Object.values(node.states) as AnyStateNode[]) walk(child);
  };
  walk(machine.root);
  return out.sort();
}

/** The transition keys (one per guarded candidate taken) of sending `event` in `before`. */
function takenKeys(machine: AnyStateMachine, before: AnySnapshot, event: EventObject): string[] {
  return machine.getTransitionData(before as never, event as never).map((definition) => {
    const candidates = definition.source.transitions.get(definition.eventType) ?? [];
    return keyOf(definition.source, definition.eventType, candidates.indexOf(definition));
  });
}

/** The transition keys the adjacency map's edges take. */
export function coveredTransitionKeys<E extends EventObject>(machine: AnyStateMachine, adjacency: AdjacencyMap<AnySnapshot, E>): Set<string> {
  const covered = new Set<string>();
  for (const { state, transitions } of Object.values(adjacency) as AdjacencyValue<AnySnapshot, E>[]) {
    for (const { event } of Object.values(transitions)) takenKeys(machine, state, event).forEach((key) => covered.add(key));
  }
  return covered;
}

/** The transition keys the steps of the paths take. */
export function pathTransitionKeys(machine: AnyStateMachine, paths: readonly StatePath<AnySnapshot, EventObject>[]): Set<string> {
  const covered = new Set<string>();
  for (const path of paths) {
    path.steps.forEach((step, i) => {
      const before = path.steps[i - 1]?.state;
      if (before) takenKeys(machine, before, step.event).forEach((key) => covered.add(key));
    });
  }
  return covered;
}

/**
 * Paths for the transitions no simple path takes. A transition that closes a loop (a retry, a
 * timer back to the state an edit started from) leads to a state every path to it has already
 * visited, so a simple path never ends with it. Each of these is the shortest path to the
 * transition's source state followed by the transition, so every transition the traversal's
 * events can take is replayed.
 */
export function loopClosingPaths(
  machine: AnyStateMachine,
  traversal: { serializeState: (snapshot: never) => string } & Record<string, unknown>,
  simplePaths: readonly StatePath<AnySnapshot, EventObject>[],
): StatePath<AnySnapshot, EventObject>[] {
  const serialize = traversal.serializeState as (snapshot: AnySnapshot) => string;
  const adjacency = getAdjacencyMap(machine, traversal as never) as AdjacencyMap<AnySnapshot, EventObject>;
  const shortest = new Map(new TestModel(machine, traversal as never).getShortestPaths().map((path) => [serialize(path.state as AnySnapshot), path as StatePath<AnySnapshot, EventObject>]));
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

/** A readable label for an event: the fixture's name, else its type. */
export function labelFor(fixtures: Record<string, EventObject>, event: EventObject): string {
  const json = JSON.stringify(event);
  return Object.entries(fixtures).find(([, e]) => JSON.stringify(e) === json)?.[0] ?? event.type;
}

export const valueText = (value: unknown): string =>
  typeof value === 'string' ? value : Object.entries(value as Record<string, unknown>).map(([k, v]) => `${k}.${valueText(v)}`).join('+');

export function describePath(prefix: string, fixtures: Record<string, EventObject>, path: StatePath<AnySnapshot, EventObject>): string {
  const steps = path.steps.filter((s) => s.event.type !== 'xstate.init').map((s) => labelFor(fixtures, s.event));
  return `${prefix} ${steps.join(' > ') || '(start)'} => ${valueText(path.state.value)}`;
}

/**
 * Compares the list of path descriptions with the committed file, so a change in a machine's
 * behaviour shows up in review. UPDATE_PATHS=1 (or a missing file) rewrites it.
 */
export function checkPathsFile(file: string, lines: string[]): { expected: string; actual: string } {
  const actual = `${lines.join('\n')}\n`;
  if (process.env.UPDATE_PATHS === '1' || !existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, actual);
  }
  return { expected: readFileSync(file, 'utf8'), actual };
}

/**
 * Promise actors the test settles by hand: a path step `xstate.done.actor.<id>` resolves the
 * pending call of actor <id> with the step's output, `xstate.error.actor.<id>` rejects it.
 */
export function controlledActors(names: readonly string[]) {
  const pending = new Map<string, { resolve: (v: unknown) => void; reject: (e: unknown) => void; input: unknown }>();
  const calls: { name: string; input: unknown }[] = [];
  const actors: Record<string, AnyActorLogic> = Object.fromEntries(
    names.map((name) => [
      name,
      fromPromise<unknown, unknown>(
        ({ input }) =>
          new Promise((resolve, reject) => {
            calls.push({ name, input });
            pending.set(name, { resolve, reject, input });
          }),
      ),
    ]),
  );
  return {
    actors,
    calls,
    settle(event: EventObject & { output?: unknown; error?: unknown }): boolean {
      const match = /^xstate\.(done|error)\.actor\.(.+)$/.exec(event.type);
      if (!match) return false;
      const call = pending.get(match[2]);
      if (!call) throw new Error(`no pending call of ${match[2]}`);
      pending.delete(match[2]);
      if (match[1] === 'done') call.resolve(event.output);
      else call.reject(event.error);
      return true;
    },
  };
}

export interface ReplayOptions {
  machine: AnyStateMachine;
  input: unknown;
  actorNames: readonly string[];
  /** Named delays of the machine (ms), to turn `xstate.after.<delay>.<state>` steps into timer advances. */
  delays: Record<string, number>;
  /** Extra implementations (actions) to provide. */
  actions?: Record<string, () => void>;
}

/**
 * Replays a graph path on a real actor: user events are sent, actor answers settle the injected
 * promise actors, delays advance fake timers. After each step the actor must be where the graph said.
 */
export async function replayPath(path: StatePath<AnySnapshot, EventObject>, options: ReplayOptions) {
  const controlled = controlledActors(options.actorNames);
  const machine = options.machine.provide({ actors: controlled.actors, ...(options.actions ? { actions: options.actions } : {}) } as never);
  const actor = createActor(machine, { input: options.input } as never);
  const visited: unknown[] = [];
  actor.start();
  try {
    for (const step of path.steps) {
      const { event } = step;
      if (event.type === 'xstate.init') {
        // the start is the init step
      } else if (event.type.startsWith('xstate.after.')) {
        const delay = event.type.split('.')[2];
        await vi.advanceTimersByTimeAsync(options.delays[delay] ?? Number(delay));
      } else if (!controlled.settle(event)) {
        actor.send(event);
      }
      await vi.advanceTimersByTimeAsync(0);
      const snapshot = actor.getSnapshot();
      visited.push(snapshot.value);
      if (JSON.stringify(snapshot.value) !== JSON.stringify(step.state.value)) {
        throw new Error(`after ${event.type}: at ${JSON.stringify(snapshot.value)}, the graph says ${JSON.stringify(step.state.value)}`);
      }
    }
    return { snapshot: actor.getSnapshot(), calls: controlled.calls, visited };
  } finally {
    actor.stop();
  }
}
