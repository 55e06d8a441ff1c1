// Business constants of the spec (part 1 §9, part 2 §9), used by the engine and the dashboard.
export const OTP_LENGTH = 6;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_VALID_SECONDS = 10 * 60;
export const OTP_MAX_WRONG_TRIES = 5;
export const OTP_DEAD_STATUS = 489;
export const INVITE_RESEND_THRESHOLD_SECONDS = 60;
export const INVOICES_PAGE_SIZE = 5;
export const LIST_PAGE_SIZE = 10;
export const LOGO_MAX_BYTES = 204_800;
export const TEST_ACCOUNT_POPUP_INTERVAL_SECONDS = 10_800;
/** Test accounts created without an expiry expire at this fixed instant: the spec's 4082423548 s, in ms. */
export const DEFAULT_TEST_ACCOUNT_EXPIRY_MS = 4_082_423_548_000;
export const COPY_FEEDBACK_MS = 1_000;
export const LOGOUT_RELOAD_MS = 3_000;
export const SYNC_FREQUENCY_HOURS = { STANDARD: 24, MEDIUM: 12, HIGH: 6 } as const;
export const DATE_FORMAT = 'Do MMM YYYY, h:mm A';
export const APP_ICON_OVERFLOW = { default: 4, table: 3 } as const;
export const INVALID_INVITE_MESSAGE = 'The invite link is invalid. Please click here to signup.';
export const INVALID_OTP_MESSAGE = 'Please enter valid OTP';
