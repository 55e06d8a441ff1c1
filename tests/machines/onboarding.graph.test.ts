import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getAdjacencyMap, TestModel } from 'xstate/graph';
import { STATUS_POLL_MS, type OnboardingInput, type OnboardingSnapshot } from '../../src/dashboard/machines/onboarding/index.ts';
import { closingPaths } from './support/closingPaths.ts';
import { activeIds, checkPathsFile, coveredTransitionKeys, describePath, pathTransitionKeys, replayPath, stateNodeIds, transitionKeys } from './support/graphTools.ts';
import { onboardingEventFixtures, onboardingUserEvents } from './support/onboardingFixtures.ts';
import { eventsOf, machine, onboardingInputs as inputs, onboardingTraversal as traversal, pathFilter } from './support/onboardingTraversal.ts';

// Graph level: every state and transition of the onboarding machine is reached with the fixture
// events of each flow, and every simple path replays on a real actor with injected actors and
// fake timers (the 20 s poll).

describe('onboarding machine graph', () => {
  const maps = (Object.values(inputs) as OnboardingInput[]).map((input) => getAdjacencyMap(machine, traversal(input, eventsOf(input.flow))));
  const reached = maps.flatMap((map) => Object.values(map).map((entry) => entry.state as OnboardingSnapshot));

  it('reaches every state node', () => {
    const ids = new Set(reached.flatMap((snapshot) => activeIds(machine, snapshot)));
    expect(stateNodeIds(machine).filter((id) => !ids.has(id))).toEqual([]);
  });

  it('takes every transition (each guarded candidate) somewhere in the adjacency map', () => {
    const covered = new Set(maps.flatMap((map) => [...coveredTransitionKeys(machine, map)]));
    expect(transitionKeys(machine).filter((key) => !covered.has(key))).toEqual([]);
  });

  it('has a fixture for every event type the machine handles', () => {
    const handled = new Set(transitionKeys(machine).map((key) => key.split('--')[1].split('#')[0]));
    const fixtureTypes = new Set(Object.values(onboardingEventFixtures).map((e) => e.type));
    expect([...handled].filter((type) => !fixtureTypes.has(type))).toEqual([]);
    expect(Object.keys(onboardingUserEvents).length).toBeGreaterThan(0);
  });

  it('never shows a locked step', () => {
    for (const snapshot of reached.filter((s) => s.matches('journey'))) {
      const view = snapshot.context.view;
      if (view === 'embedGuide') continue;
      expect(snapshot.context.steps.find((s) => s.stepId === view)?.locked).not.toBe(true);
    }
  });

  it('opens the completion dialog only with the engine\'s answer', () => {
    const completed = reached.filter((s) => s.matches({ journey: 'completed' }));
    expect(completed.length).toBeGreaterThan(0);
    for (const snapshot of completed) expect(snapshot.context.completion?.message).toBe('Onboarding completed successfully !');
  });
});

/**
 * Every simple path of each flow, and after them the loop-closing paths (a failed call back to the
 * step it was made from, a closed dialog, a retry), with the descriptions the committed list has.
 */
export const onboardingPaths = (Object.keys(inputs) as (keyof typeof inputs)[]).flatMap((flow) => {
  const pathTraversal = traversal(inputs[flow], eventsOf(inputs[flow].flow), pathFilter);
  const simple = new TestModel(machine, pathTraversal).getSimplePaths({ allowDuplicatePaths: true } as never);
  const loops = closingPaths(machine, pathTraversal, simple);
  return [
    ...simple.map((path) => ({ flow, path, description: describePath(`[${flow}]`, onboardingEventFixtures, path) })),
    ...loops.map((path) => ({ flow, path, description: describePath(`[${flow} loop]`, onboardingEventFixtures, path) })),
  ];
});

describe('onboarding machine paths', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('matches the committed list of paths (tests/machines/__paths__/onboarding.txt)', () => {
    const { expected, actual } = checkPathsFile(join(import.meta.dirname, '__paths__', 'onboarding.txt'), onboardingPaths.map((p) => p.description).sort());
    expect(actual).toBe(expected);
  });

  it("replays every transition the paths' events can take", () => {
    const taken = pathTransitionKeys(machine, onboardingPaths.map((p) => p.path));
    // Left to the adjacency maps, the actor tests and the component test: moving between steps and
    // resource pages (step.open, resource.open), which changes the view only; Next on a webhook
    // step already complete (reached by opening it again from the navigation); and a loaded
    // journey whose Select Category is still current (a category Next never loads: one without a
    // webhook step that is not enabled gets 'Enable Catgory' instead).
    const leftOut = (key: string) =>
      /--(step\.open|resource\.open)#/.test(key) ||
      key === 'onboarding.journey.viewing --webhook.next#0' ||
      key === 'onboarding.loadingJourney --xstate.done.actor.fetchJourney#0';
    expect(transitionKeys(machine).filter((key) => !taken.has(key) && !leftOut(key))).toEqual([]);
  });

  it.each(onboardingPaths.map((p) => [p.description, p] as const))('%s', async (_, { flow, path }) => {
    const { snapshot } = await replayPath(path, {
      machine,
      input: inputs[flow],
      actorNames: ['fetchCategories', 'fetchJourney', 'enableCategory', 'enableToolkit', 'completeOnboarding'],
      delays: { statusPoll: STATUS_POLL_MS },
    });
    expect(snapshot.value).toEqual(path.state.value);
  });
});
