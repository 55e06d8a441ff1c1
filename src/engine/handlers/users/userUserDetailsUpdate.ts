import { defineSessionHandler } from '../types.ts';
import { badRequest } from '../../errors.ts';
import { saveTestAccountPopup, testAccountPopupOf } from '../../repositories/users.ts';

/** Clocks differ a little between browser and server; more than this ahead is a bad value. */
const FUTURE_TOLERANCE_SECONDS = 300;

// The test-account popup state, per user. The dashboard sends the time as a string of seconds.
export const userUserDetailsUpdate = defineSessionHandler('userUserDetailsUpdate', async ({ body }, { db, clock, caller }) => {
  const now = clock.now();
  const shownAt = Number(body.lastTestAccPopupAt);
  if (shownAt > Math.floor(now / 1000) + FUTURE_TOLERANCE_SECONDS) {
    throw badRequest('lastTestAccPopupAt cannot be in the future', 'lastTestAccPopupAt');
  }
  await saveTestAccountPopup(db, caller.userId, { shownAt: shownAt * 1000, hide: body.hideTestAccPopup }, now);
  const user = await testAccountPopupOf(db, caller.userId);
  return { lastTestAccPopupAt: Math.floor((user.last_test_acc_popup_at ?? 0) / 1000), hideTestAccPopup: user.hide_test_acc_popup === 1 };
});
