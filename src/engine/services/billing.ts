import type { Row } from '../db/schema.ts';
import type { EngineConfig } from '../config.ts';
import type { MsgOf } from '../contractTypes.ts';
import { planById } from '../seed/plans.ts';
import type { PlanRow } from '../repositories/billingPlans.ts';
import { sign, verifySigned } from './tokens.ts';

/*
 * The built-in billing provider. What exists: the plan catalog (plans table, with the fields it has
 * no column for in PLAN_CATALOG), the organisation's subscription state on its row, customers,
 * cards and invoices in their tables, invoice PDFs rendered by the engine behind signed links, and
 * Talk to Sales requests. What does not exist yet: the hosted checkout page and the billing portal
 * (card entry, plan change, cancellation), so app.payment.checkout and app.payment.portal answer
 * 501 and online payments are off unless BILLING_ENABLED=true.
 */
type BillingPlan = MsgOf<'appPaymentPlans'>['plans'][number];
type PaymentsAvailability = MsgOf<'appPaymentEnabled'>;

const INVOICE_LINK_VALID_MS = 3_600_000;

export function paymentsAvailability(config: Pick<EngineConfig, 'billingEnabled'>, org: Row<'organisations'>): PaymentsAvailability {
  if (!config.billingEnabled) return { enabled: false, provider: 'builtin', reason: 'INSTALLATION_DISABLED' };
  if (org.chargebee_checks !== 1) return { enabled: false, provider: 'builtin', reason: 'INVOICED_OFFLINE' };
  return { enabled: true, provider: 'builtin', reason: null };
}

const parse = <T>(json: string | null | undefined, fallback: T): T => {
  try { return json ? (JSON.parse(json) as T) : fallback; } catch { return fallback; }
};
const UNITS = ['day', 'week', 'month', 'year'] as const;
const FEATURES = ['dynamicSyncFrequency', 'whiteLabelling', 'customMapping', 'languageOptions'] as const;

/** A plans row as app.payment.plans shows it; a plan outside the shipped catalog is sold by sales. */
export function toBillingPlan(row: PlanRow, currentPlanId: string | null): BillingPlan {
  const catalog = planById(row.id);
  const features = parse<Record<string, unknown>>(row.features_json, {});
  const parameters = parse<unknown[]>(row.billing_parameters_json, [])
    .filter((p): p is BillingPlan['billingParameters'][number] => typeof p === 'object' && p !== null && 'parameter' in p);
  const unit = (UNITS as readonly string[]).includes(row.billing_period_unit ?? '') ? row.billing_period_unit as BillingPlan['billingPeriodUnit'] : 'month';
  return {
    planId: row.id,
    planName: row.name,
    description: catalog?.description ?? '',
    price: catalog ? catalog.price : row.price_minor,
    currency_code: row.currency_code,
    billingPeriod: Math.max(1, row.billing_period),
    billingPeriodUnit: unit,
    isTrial: row.is_trial === 1,
    trialPeriodDays: row.is_trial === 1 ? catalog?.trialPeriodDays ?? (unit === 'day' ? Math.max(1, row.billing_period) : null) : null,
    credits: catalog ? catalog.credits : row.credits,
    billingParameters: parameters,
    featureList: Object.fromEntries(FEATURES.map((f) => [f, features[f] === true])) as BillingPlan['featureList'],
    checkoutEnabled: catalog?.checkoutEnabled ?? false,
    recommended: catalog?.recommended ?? false,
    isCurrent: row.id === currentPlanId,
  };
}

/** Trial first, then by price, custom-priced (null) last; ties keep the catalog position. */
export function comparePlans(a: BillingPlan, b: BillingPlan): number {
  if (a.isTrial !== b.isTrial) return a.isTrial ? -1 : 1;
  if ((a.price === null) !== (b.price === null)) return a.price === null ? 1 : -1;
  return (a.price ?? 0) - (b.price ?? 0);
}

// Invoice links: the signature binds the invoice row, its organisation and the expiry.
const invoiceSignature = (invoiceId: string, orgId: string, expires: number, secret: string) => sign({ i: invoiceId, o: orgId, e: expires }, secret);

export function invoiceSignatureMatches(signature: string, invoiceId: string, orgId: string, expires: number, secret: string): boolean {
  const payload = verifySigned<{ i?: unknown; o?: unknown; e?: unknown }>(signature, secret);
  return payload?.i === invoiceId && payload.o === orgId && payload.e === expires;
}

export function invoiceLink(config: Pick<EngineConfig, 'publicUrl' | 'signingSecret'>, invoice: Pick<Row<'invoices'>, 'id' | 'org_id' | 'number'>, now: number) {
  const validTill = Math.floor((now + INVOICE_LINK_VALID_MS) / 1000);
  const signature = invoiceSignature(invoice.id, invoice.org_id, validTill, config.signingSecret);
  return {
    url: `${config.publicUrl}/api/app.payment.invoices/${encodeURIComponent(invoice.number)}/pdf?expires=${validTill}&signature=${encodeURIComponent(signature)}`,
    validTill,
  };
}

export const invoiceFileName = (invoice: Pick<Row<'invoices'>, 'number' | 'file_name'>) => invoice.file_name || `Invoice-${invoice.number}.pdf`;
