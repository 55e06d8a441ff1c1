// What a user sees when a plan feature (orgMetaData.featureList) is off: the engine's 403 for an
// operation gated by x-plan-feature and the dashboard's page for a route gated the same way carry
// the same words. The spec gives the sync-frequency sentence word for word; the others follow it.
export const SYNC_FREQUENCY_PLAN_MESSAGE =
  "Sync Frequency change isn't available under the current plan. Please contact support to enable this feature.";

export const PLAN_FEATURE_MESSAGES = {
  dynamicSyncFrequency: SYNC_FREQUENCY_PLAN_MESSAGE,
  whiteLabelling: 'Personalisation is not available under the current plan. Please contact support to enable this feature.',
  customMapping: 'Mapping presets are not available under the current plan. Please contact support to enable this feature.',
  languageOptions: "Language options aren't available under the current plan. Please contact support to enable this feature.",
} as const;

export type PlanFeature = keyof typeof PLAN_FEATURE_MESSAGES;

export const isPlanFeature = (name: string): name is PlanFeature => Object.hasOwn(PLAN_FEATURE_MESSAGES, name);
