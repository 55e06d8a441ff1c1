// Spec part 1 §8, word for word (typos included): what the getting-started screen shows when a
// call of the flow fails or succeeds.

export const CATEGORIES_ERROR_MESSAGE = 'Something went wrong while trying top fetch categories. Please try again';
export const STEP_ERROR_MESSAGE = 'Something went wrong while trying to complete this step';
export const FINISH_ERROR_MESSAGE = 'Something went wrong while trying to finish onboarding';
export const API_KEY_ERROR_MESSAGE = 'Something went wrong while fetching API key, Please try again';
export const COPIED_MESSAGE = 'Copied';
export const COMPLETED_TITLE = 'Onboarding completed successfully !';
/** Select Category's button for a category that is neither enabled nor has a webhook step. */
export const ENABLE_CATEGORY_LABEL = 'Enable Catgory';
/** '{category} enabled successfully', as the engine words it for the category's label. */
export const enabledMessage = (label: string): string => `${label} enabled successfully`;
