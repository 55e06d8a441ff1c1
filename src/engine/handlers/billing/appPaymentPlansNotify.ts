import { defineSessionHandler } from '../types.ts';
import { askSales } from '../../services/salesRequests.ts';

const THANKS = 'Thanks! Our team will reach out to you shortly.';

// Talk to Sales: the request is recorded and the sales address e-mailed with who asks, for what and
// the current usage. One notification per organisation and plan a day; repeats answer alreadyNotified.
export const appPaymentPlansNotify = defineSessionHandler('appPaymentPlansNotify', async ({ query }, { db, config, mailer, clock, caller }) => {
  const { notified } = await askSales({ db, config, mailer }, caller, { planId: query.planId, message: query.message }, clock.now());
  return { notified: true, alreadyNotified: !notified, message: THANKS };
});
