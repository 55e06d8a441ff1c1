import { defineHandler } from '../types.ts';
import { badRequest, forbidden, notFound } from '../../errors.ts';
import { newId } from '../../db/ids.ts';
import { findOrganisation } from '../../repositories/organisations.ts';

const DAY_MS = 86_400_000;
const THANKS = 'Thanks! Our team will reach out to you shortly.';

// Talk to Sales: the request is recorded and the sales address e-mailed with who asks, for what and
// the current usage. One notification per organisation and plan a day; repeats answer alreadyNotified.
export const appPaymentPlansNotify = defineHandler('appPaymentPlansNotify', async ({ query }, { db, config, mailer, clock, caller }) => {
  if (caller.kind !== 'session') throw forbidden();
  const now = clock.now();
  const plan = await db.selectFrom('plans').select(['id', 'name', 'is_trial']).where('id', '=', query.planId).executeTakeFirst();
  if (!plan) throw notFound('Plan not found');
  if (plan.is_trial === 1) throw badRequest('The trial cannot be requested from sales', 'planId');

  const recent = await db.selectFrom('sales_requests').select('id').where('org_id', '=', caller.orgId)
    .where('plan_id', '=', plan.id).where('created_at', '>', now - DAY_MS).executeTakeFirst();
  if (recent) return { notified: true, alreadyNotified: true, message: THANKS };

  const message = query.message?.trim() || null;
  await db.insertInto('sales_requests').values({ id: newId('sal'), org_id: caller.orgId, user_id: caller.userId, plan_id: plan.id, message, created_at: now }).execute();
  const org = await findOrganisation(db, caller.orgId);
  const usage = org?.usage_details_json ?? '{}';
  mailer.send({
    kind: 'other',
    to: config.salesEmail,
    subject: `Talk to Sales: ${org?.name || caller.orgId} wants ${plan.name}`,
    text: [
      `Organisation: ${org?.name ?? ''} (${caller.orgId})`,
      `Requested by: ${caller.email} (${caller.role})`,
      `Plan wanted: ${plan.name} (${plan.id})`,
      `Current plan: ${org?.plan_name ?? 'none'}${org?.is_trial === 1 ? ' (trial)' : ''}${org?.is_paid === 1 ? ' (paid)' : ''}`,
      `Credits used this term: ${org?.usage ?? 0}`,
      `Usage per billing parameter: ${usage}`,
      ...(message ? ['', `Note: ${message}`] : []),
    ].join('\n'),
  }).catch((error: unknown) => console.error('could not e-mail the sales team:', error));
  return { notified: true, alreadyNotified: false, message: THANKS };
});
