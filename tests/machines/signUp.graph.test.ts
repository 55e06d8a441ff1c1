import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { EventObject } from 'xstate';
import { getAdjacencyMap, TestModel } from 'xstate/graph';
import { COUNTDOWN_TICK_MS, signUpMachine, type SignUpInput, type SignUpSnapshot } from '../../src/dashboard/machines/signUp/index.ts';
import { activeIds, checkPathsFile, coveredTransitionKeys, describePath, replayPath, stateNodeIds, transitionKeys } from './support/graphTools.ts';
import { signUpEventFixtures, userEvents } from './support/signUpFixtures.ts';

// Graph level: the machine's states and transitions are all reachable with the fixture events,
// and every simple path replays on a real actor with injected actors and fake timers.

const inputs = {
  signup: { mode: 'signup', redirect: '/dashboard/logs', data: null, planId: 'scale-monthly' },
  login: { mode: 'login', redirect: '/dashboard/logs', data: null, planId: null },
} as const satisfies Record<string, SignUpInput>;

const allEvents = Object.values(signUpEventFixtures);
// Paths leave mode.toggle out: it resets to the e-mail step from anywhere, which multiplies the
// simple paths by ten without a new behaviour; both modes are walked from their own input instead,
// and the toggle's transitions are covered by the adjacency map below and by the actor tests.
const pathEvents = allEvents.filter((e) => e.type !== 'mode.toggle');

/** Guards read only the state, the mode and (in savingSession) whether step 2 is needed. */
const serializeState = (snapshot: SignUpSnapshot) =>
  JSON.stringify([snapshot.value, snapshot.context.mode, snapshot.matches('savingSession') ? snapshot.context.session?.orgDetailsRequired : null]);

const traversal = (input: SignUpInput, events: readonly EventObject[]) => ({ events, serializeState, input }) as never;

describe('signUp machine graph', () => {
  const adjacency = {
    signup: getAdjacencyMap(signUpMachine, traversal(inputs.signup, allEvents)),
    login: getAdjacencyMap(signUpMachine, traversal(inputs.login, allEvents)),
  };
  const reachedSnapshots = [...Object.values(adjacency.signup), ...Object.values(adjacency.login)].map((a) => a.state as SignUpSnapshot);

  it('reaches every state node', () => {
    const reached = new Set(reachedSnapshots.flatMap((s) => activeIds(signUpMachine, s)));
    expect(stateNodeIds(signUpMachine).filter((id) => !reached.has(id))).toEqual([]);
  });

  it('takes every transition (each guarded candidate) somewhere in the adjacency map', () => {
    const covered = new Set([...coveredTransitionKeys(signUpMachine, adjacency.signup), ...coveredTransitionKeys(signUpMachine, adjacency.login)]);
    expect(transitionKeys(signUpMachine).filter((key) => !covered.has(key))).toEqual([]);
  });

  it('has a fixture for every event type the machine handles', () => {
    const handled = new Set(transitionKeys(signUpMachine).map((key) => key.split('--')[1].split('#')[0]));
    const fixtureTypes = new Set(allEvents.map((e) => e.type));
    expect([...handled].filter((type) => !fixtureTypes.has(type))).toEqual([]);
    expect(Object.keys(userEvents).length).toBeGreaterThan(0);
  });

  it('ends in done only with a dashboard destination', () => {
    const done = reachedSnapshots.filter((s) => s.status === 'done');
    expect(done.length).toBeGreaterThan(0);
    for (const snapshot of done) expect(snapshot.output?.to).toMatch(/^\/dashboard\//);
  });
});

describe('signUp machine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const generated = (Object.keys(inputs) as (keyof typeof inputs)[]).flatMap((mode) =>
    new TestModel(signUpMachine, traversal(inputs[mode], pathEvents))
      .getSimplePaths({ allowDuplicatePaths: true } as never)
      .map((path) => ({ mode, path, description: describePath(`[${mode}]`, signUpEventFixtures, path) })),
  );

  it('matches the committed list of paths (tests/machines/__paths__/signUp.txt)', () => {
    const { expected, actual } = checkPathsFile(join(import.meta.dirname, '__paths__', 'signUp.txt'), generated.map((p) => p.description).sort());
    expect(actual).toBe(expected);
  });

  it.each(generated.map((p) => [p.description, p] as const))('%s', async (_, { mode, path }) => {
    const { snapshot } = await replayPath(path, {
      machine: signUpMachine,
      input: inputs[mode],
      actorNames: ['signIn', 'verifyOtp', 'resendOtp', 'sendOrgDetails', 'saveSession'],
      delays: { countdownTick: COUNTDOWN_TICK_MS },
    });
    expect(snapshot.value).toEqual(path.state.value);
  });
});
