import { defineHandler } from '../types.ts';
import { badRequest, forbidden } from '../../errors.ts';

/** Clocks differ a little between browser and server; more than this ahead is a bad value. */
const FUTURE_TOLERANCE_SECONDS = 300;

// The test-account popup state, per user. The dashboard sends the time as a string of seconds.
export const userUserDetailsUpdate = defineHandler('userUserDetailsUpdate', async ({ body }, { db, clock, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const shownAt = Number(body.lastTestAccPopupAt);
  if (shownAt > Math.floor(now / 1000) + FUTURE_TOLERANCE_SECONDS) {
    throw badRequest('lastTestAccPopupAt cannot be in the future', 'lastTestAccPopupAt');
  }
  await db.updateTable('users').set({
    last_test_acc_popup_at: shownAt * 1000,
    ...(body.hideTestAccPopup !== undefined ? { hide_test_acc_popup: body.hideTestAccPopup ? 1 : 0 } : {}),
    updated_at: now,
  }).where('id', '=', caller.userId).execute();
  const user = await db.selectFrom('users').select(['last_test_acc_popup_at', 'hide_test_acc_popup']).where('id', '=', caller.userId).executeTakeFirstOrThrow();
  return { lastTestAccPopupAt: Math.floor((user.last_test_acc_popup_at ?? 0) / 1000), hideTestAccPopup: user.hide_test_acc_popup === 1 };
});
