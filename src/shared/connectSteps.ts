// The sentence an end customer ticks to confirm a manual setup step at the app (setupType NONE);
// the connect screen shows it and the engine names it when a step is not confirmed.
const MANUAL_STEP_TEXT: Record<string, (app: string) => string> = {
  grantAccess: (app) => `I have given the integration user access to our data in ${app}`,
};

export const manualStepConfirmation = (stepId: string, appLabel: string): string =>
  (MANUAL_STEP_TEXT[stepId] ?? ((app: string) => `I have completed the "${stepId}" step in ${app}`))(appLabel);
