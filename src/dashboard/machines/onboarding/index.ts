export { onboardingMachine, STATUS_POLL_MS, type OnboardingMachine } from './onboardingMachine.ts';
export { createOnboardingActors, type OnboardingActorDeps } from './onboardingActors.ts';
export * from './selectors.ts';
export * from './messages.ts';
export { categoryTags, isEnableNeeded, isJourneyComplete, isPolledView, landingView, ongoingCategoryOf, stepOf } from './journeyRules.ts';
export type * from './types.ts';
