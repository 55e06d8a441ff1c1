import { TEST_ACCOUNT_POPUP_INTERVAL_SECONDS } from '../../../shared/constants.ts';

// The test-account popup (part 2 §4, §9): shown again when more than 3 hours (10800 s) have
// passed since it was last shown, unless the user hid it.

interface TestAccountPopupState {
  hideTestAccPopup: boolean;
  /** Unix seconds; null when never shown. */
  lastTestAccPopupAt: number | null;
}

export function shouldShowTestAccountPopup(state: TestAccountPopupState, nowSeconds: number): boolean {
  if (state.hideTestAccPopup) return false;
  if (state.lastTestAccPopupAt === null) return true;
  return nowSeconds - state.lastTestAccPopupAt > TEST_ACCOUNT_POPUP_INTERVAL_SECONDS;
}

/**
 * user.userDetails is read once per session, so what this session saved is kept here and wins
 * over the stored details (else the popup would come back on every visit of the screen).
 */
let savedThisSession: TestAccountPopupState | undefined;

export function popupStateOf(details: TestAccountPopupState): TestAccountPopupState {
  return savedThisSession ?? details;
}

export function rememberPopupState(state: TestAccountPopupState | undefined): void {
  savedThisSession = state;
}
