// What a user sees when a plan feature (orgMetaData.featureList) is off (part 2 §5). The engine's
// 403 for the same case carries the same words (src/engine/services/access.ts).
export const SYNC_FREQUENCY_PLAN_MESSAGE =
  "Sync Frequency change isn't available under the current plan. Please contact support to enable this feature.";
