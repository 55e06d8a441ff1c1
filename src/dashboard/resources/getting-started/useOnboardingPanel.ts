import { useMachine } from '@xstate/react';
import { useEffect, useMemo, useRef } from 'react';
import { createOnboardingActors, onboardingMachine, selectToast, type OnboardingFlow } from '../../machines/onboarding/index.ts';
import { useToast } from '../../providers/index.ts';
import { useGettingStartedDeps } from './gettingStartedDeps.ts';

/** A machine's newest message, toasted once (bottom right, spec part 1 §7). */
export function useMachineToast(toast: { id: number; severity: 'success' | 'error'; message: string } | null): void {
  const notify = useToast();
  const shown = useRef<number | null>(null);
  useEffect(() => {
    if (!toast || shown.current === toast.id) return;
    shown.current = toast.id;
    if (toast.severity === 'success') notify.success(toast.message);
    else notify.error(new Error(toast.message));
  }, [toast, notify]);
}

/**
 * The onboarding machine of one flow, on the screen's clients: its progress is reported to the
 * page (`onJourneyChanged`: the tabs' checks and the ongoing flow), its messages are toasted, and
 * each new `refreshRequest` (the update-status icon) reads the steps again.
 */
export function useOnboardingPanel(flow: OnboardingFlow, refreshRequest: number, onJourneyChanged: () => void) {
  const { clients } = useGettingStartedDeps();
  const machine = useMemo(() => onboardingMachine.provide({ actors: createOnboardingActors({ clients, flow }) }), [clients, flow]);
  const [snapshot, send, actorRef] = useMachine(machine, { input: { flow } });
  useEffect(() => {
    const subscription = actorRef.on('journey.changed', onJourneyChanged);
    return () => subscription.unsubscribe();
  }, [actorRef, onJourneyChanged]);
  useMachineToast(selectToast(snapshot));
  const seen = useRef(refreshRequest);
  useEffect(() => {
    if (seen.current === refreshRequest) return;
    seen.current = refreshRequest;
    send({ type: 'journey.refresh' });
  }, [refreshRequest, send]);
  return { snapshot, send };
}
