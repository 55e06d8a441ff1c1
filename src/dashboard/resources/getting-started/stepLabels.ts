import type { OnboardingFlow, StepId } from '../../machines/onboarding/index.ts';

/** Step titles before a journey is loaded (the engine's labels replace them once it is). */
export function stepLabel(flow: OnboardingFlow, stepId: StepId): string {
  switch (stepId) {
    case 'selectCategory': return 'Select Category';
    case 'registerWebhook': return 'Register webhook URL';
    case 'embedSdk': return flow === 'webapp' ? 'Embed UI SDK' : 'Embed SDK';
    case 'fetchData': return 'Fetch data';
    case 'useToolkit': return 'Use toolkit with LLMs';
  }
}
