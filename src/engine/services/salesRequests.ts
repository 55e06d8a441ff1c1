import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import type { Role } from '../contractTypes.ts';
import { badRequest, notFound } from '../errors.ts';
import { findPlan } from '../repositories/billingPlans.ts';
import { findOrganisation } from '../repositories/organisations.ts';
import { hasSalesRequestSince, recordSalesRequest } from '../repositories/salesRequests.ts';
import type { Mailer } from './mailer.ts';
import { DAY_MS } from '../../shared/timeWindows.ts';

// Talk to Sales: the request is recorded and the sales address e-mailed with who asks, for what and
// the current usage. One notification per organisation and plan a day.

interface SalesRequester {
  orgId: string;
  userId: string;
  email: string;
  role: Role;
}

/**
 * Records the request and e-mails the sales team (without waiting for the mail); `notified` is
 * false when the organisation already asked for this plan in the last day. 404 for an unknown
 * plan, 400 for the trial.
 */
export async function askSales(
  services: { db: Kysely<Database>; config: Pick<EngineConfig, 'salesEmail'>; mailer: Mailer },
  who: SalesRequester,
  request: { planId: string; message: string | undefined },
  now: number,
): Promise<{ notified: boolean }> {
  const { db, config, mailer } = services;
  const plan = await findPlan(db, request.planId);
  if (!plan) throw notFound('Plan not found');
  if (plan.is_trial === 1) throw badRequest('The trial cannot be requested from sales', 'planId');
  if (await hasSalesRequestSince(db, who.orgId, plan.id, now - DAY_MS)) return { notified: false };

  const message = request.message?.trim() || null;
  await recordSalesRequest(db, { orgId: who.orgId, userId: who.userId, planId: plan.id, message }, now);
  const org = await findOrganisation(db, who.orgId);
  const usage = org?.usage_details_json ?? '{}';
  mailer.send({
    kind: 'other',
    to: config.salesEmail,
    subject: `Talk to Sales: ${org?.name || who.orgId} wants ${plan.name}`,
    text: [
      `Organisation: ${org?.name ?? ''} (${who.orgId})`,
      `Requested by: ${who.email} (${who.role})`,
      `Plan wanted: ${plan.name} (${plan.id})`,
      `Current plan: ${org?.plan_name ?? 'none'}${org?.is_trial === 1 ? ' (trial)' : ''}${org?.is_paid === 1 ? ' (paid)' : ''}`,
      `Credits used this term: ${org?.usage ?? 0}`,
      `Usage per billing parameter: ${usage}`,
      ...(message ? ['', `Note: ${message}`] : []),
    ].join('\n'),
  }).catch((error: unknown) => console.error('could not e-mail the sales team:', error));
  return { notified: true };
}
