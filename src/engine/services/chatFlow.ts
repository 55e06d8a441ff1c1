import type { components } from '../../generated/api/ai.ts';

/*
 * The connector-building chat as a state machine over the contract's ChatStep enum. A session
 * stands at one step and keeps the set of steps already done (not always a prefix: appIds chosen
 * up front complete select_apps while the chat is still at describe). Moving on goes to the next
 * step in flow order that is not done yet; going back undoes the previous step and everything
 * after it. Pure functions: the repositories persist what they return.
 */
export type ChatStep = components['schemas']['ChatStep'];
export type ConnectorMedium = components['schemas']['ConnectorMedium'];

export const CHAT_STEPS: readonly ChatStep[] = ['describe', 'select_apps', 'configure_auth', 'define_schema', 'build_workflow', 'test', 'review', 'live'];

const indexOf = (step: ChatStep) => CHAT_STEPS.indexOf(step);

export const isChatStep = (value: unknown): value is ChatStep => CHAT_STEPS.includes(value as ChatStep);

/** The done steps in flow order, without duplicates or unknown values. */
export function inFlowOrder(steps: readonly unknown[]): ChatStep[] {
  return CHAT_STEPS.filter((s) => steps.includes(s));
}

/** Every step before `step` (what a session opened at `step` has done). */
export const stepsBefore = (step: ChatStep): ChatStep[] => CHAT_STEPS.slice(0, indexOf(step));

/** Reached and done: `step` is in completed, or the session already stands after it. */
export const isPast = (chatStep: ChatStep, completed: readonly ChatStep[], step: ChatStep) =>
  completed.includes(step) || indexOf(chatStep) > indexOf(step);

export interface FlowState {
  chatStep: ChatStep;
  completed: ChatStep[];
}

/** Marks `step` done and moves to the first later step not done yet (never past review: publishing is its own action). */
export function complete(state: FlowState, step: ChatStep): FlowState {
  const completed = inFlowOrder([...state.completed, step]);
  if (state.chatStep !== step) return { chatStep: state.chatStep, completed };
  const next = CHAT_STEPS.slice(indexOf(step) + 1).find((s) => !completed.includes(s) && s !== 'live') ?? 'review';
  return { chatStep: next, completed };
}

/** Back to the step before the current one; it and every later step must be confirmed again. */
export function back(state: FlowState): FlowState | undefined {
  const at = indexOf(state.chatStep);
  if (at <= 0) return undefined;
  const target = CHAT_STEPS[at - 1];
  return { chatStep: target, completed: state.completed.filter((s) => indexOf(s) < at - 1) };
}

/** Only define_schema of a sync-only connector may be skipped (its models come with the sync settings). */
export const canSkip = (step: ChatStep, medium: ConnectorMedium) => step === 'define_schema' && medium === 'sync';
