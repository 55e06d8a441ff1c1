import type { JourneyCategory, JourneyStep, OnboardingEvent, OnboardingFlow, selectPendingAction } from '../../../machines/onboarding/index.ts';

/** What every step view of a loaded journey gets. */
export interface StepViewProps {
  flow: OnboardingFlow;
  /** The category whose journey is shown. */
  category: JourneyCategory;
  step: JourneyStep;
  steps: JourneyStep[];
  /** 'Step 2 of 4'. */
  eyebrow: string;
  /** A call of the journey is in flight. */
  busy: boolean;
  pending: ReturnType<typeof selectPendingAction>;
  send: (event: OnboardingEvent) => void;
  /** Opens Create Magic Link (the embed step's magic-link path). */
  onCreateMagicLink: () => void;
}
