import type { NewRow } from '../db/schema.ts';

/*
 * The billing plans the engine ships with (openapi/engine/schemas/BillingPlan.yaml). The plans
 * table holds what the org metadata and usage meter need; what it has no column for (description,
 * trialPeriodDays, checkoutEnabled, recommended, a null custom price) lives here in PLAN_CATALOG,
 * which the payment handlers read by planId.
 */

type UsageMetric = 'apiCalls' | 'connectedAccounts' | 'connectedApps' | 'webhooks' | 'syncCredits' | 'nativeApiCalls';

interface BillingPlanParameter {
  parameter: UsageMetric;
  label: string;
  /** null: unlimited (or negotiated). */
  includedUnits: number | null;
  /** Minor units per unit beyond includedUnits; null: hard limit. */
  overageUnitPrice: number | null;
}

interface PlanFeatureList {
  dynamicSyncFrequency: boolean;
  whiteLabelling: boolean;
  customMapping: boolean;
  languageOptions: boolean;
}

interface CatalogPlan {
  planId: string;
  planName: string;
  description: string;
  /** Minor units of currency_code per term; null when negotiated. */
  price: number | null;
  currency_code: string;
  billingPeriod: number;
  billingPeriodUnit: 'day' | 'week' | 'month' | 'year';
  isTrial: boolean;
  trialPeriodDays: number | null;
  credits: number | null;
  billingParameters: BillingPlanParameter[];
  featureList: PlanFeatureList;
  checkoutEnabled: boolean;
  recommended: boolean;
  /** Listed on the plan picker (the trial starts at sign-up and is not bought). */
  isPublic: boolean;
}

const ALL_FEATURES: PlanFeatureList = { dynamicSyncFrequency: true, whiteLabelling: true, customMapping: true, languageOptions: true };
const NO_FEATURES: PlanFeatureList = { dynamicSyncFrequency: false, whiteLabelling: false, customMapping: false, languageOptions: false };

const LABELS: Record<UsageMetric, string> = {
  connectedAccounts: 'Connected accounts',
  apiCalls: 'API calls',
  webhooks: 'Webhooks',
  syncCredits: 'Sync credits',
  nativeApiCalls: 'Native API calls',
  connectedApps: 'Connected apps',
};

const param = (parameter: UsageMetric, includedUnits: number | null, overageUnitPrice: number | null = null): BillingPlanParameter => ({
  parameter,
  label: LABELS[parameter],
  includedUnits,
  overageUnitPrice,
});

const scaleMonthly: BillingPlanParameter[] = [
  param('connectedAccounts', 100, 1_500),
  param('apiCalls', 500_000),
  param('webhooks', 500_000),
  param('syncCredits', 100_000),
  param('nativeApiCalls', 1_000_000),
];

const PLAN_CATALOG: CatalogPlan[] = [
  {
    planId: 'trial', planName: 'Trial', description: 'Try every feature free for 14 days.',
    price: 0, currency_code: 'USD', billingPeriod: 14, billingPeriodUnit: 'day', isTrial: true, trialPeriodDays: 14, credits: 5_000,
    billingParameters: [param('connectedAccounts', 10), param('apiCalls', 10_000), param('syncCredits', 5_000)],
    featureList: ALL_FEATURES, checkoutEnabled: false, recommended: false, isPublic: false,
  },
  {
    planId: 'launch-monthly', planName: 'Launch', description: 'For products launching their first integrations.',
    price: 49_900, currency_code: 'USD', billingPeriod: 1, billingPeriodUnit: 'month', isTrial: false, trialPeriodDays: null, credits: 20_000,
    billingParameters: [param('connectedAccounts', 25, 2_000), param('apiCalls', 50_000), param('webhooks', 50_000), param('syncCredits', 20_000)],
    featureList: NO_FEATURES, checkoutEnabled: true, recommended: false, isPublic: true,
  },
  {
    planId: 'scale-monthly', planName: 'Scale', description: 'For products with many customers and white-labelled onboarding.',
    price: 149_900, currency_code: 'USD', billingPeriod: 1, billingPeriodUnit: 'month', isTrial: false, trialPeriodDays: null, credits: 100_000,
    billingParameters: scaleMonthly, featureList: ALL_FEATURES, checkoutEnabled: true, recommended: true, isPublic: true,
  },
  {
    planId: 'scale-yearly', planName: 'Scale', description: 'Scale billed yearly: two months free.',
    price: 1_499_000, currency_code: 'USD', billingPeriod: 1, billingPeriodUnit: 'year', isTrial: false, trialPeriodDays: null, credits: 1_200_000,
    billingParameters: scaleMonthly.map((p) => ({ ...p, includedUnits: p.includedUnits === null ? null : p.includedUnits * 12 })),
    featureList: ALL_FEATURES, checkoutEnabled: true, recommended: false, isPublic: true,
  },
  {
    planId: 'enterprise', planName: 'Enterprise', description: 'Custom volumes, SSO, dedicated support and an SLA. Talk to sales.',
    price: null, currency_code: 'USD', billingPeriod: 1, billingPeriodUnit: 'year', isTrial: false, trialPeriodDays: null, credits: null,
    billingParameters: (['connectedAccounts', 'apiCalls', 'webhooks', 'syncCredits', 'nativeApiCalls'] as UsageMetric[]).map((p) => param(p, null)),
    featureList: ALL_FEATURES, checkoutEnabled: false, recommended: false, isPublic: true,
  },
];

export const planById = (planId: string): CatalogPlan | undefined => PLAN_CATALOG.find((p) => p.planId === planId);

/** Allowed amount per parameter (orgConsumptionParameters); unlimited parameters are left out. */
export function consumptionParameters(plan: CatalogPlan): Record<string, number> {
  return Object.fromEntries(
    plan.billingParameters.filter((p) => p.includedUnits !== null).map((p) => [p.parameter, p.includedUnits as number]),
  );
}

/**
 * Rows of the plans table. billing_parameters_json holds the full parameter objects (what
 * app.payment.plans answers; services/billing.ts reads them); an organisation's
 * billing_parameters_json holds just their names (startTrial maps them). A negotiated price or
 * credit amount is stored as 0 (the columns are not null); PLAN_CATALOG has the null.
 */
export function planRows(createdAt: number): NewRow<'plans'>[] {
  return PLAN_CATALOG.map((p, position) => ({
    id: p.planId,
    name: p.planName,
    billing_period_unit: p.billingPeriodUnit,
    billing_period: p.billingPeriod,
    price_minor: p.price ?? 0,
    currency_code: p.currency_code,
    credits: p.credits ?? 0,
    consumption_parameters_json: JSON.stringify(consumptionParameters(p)),
    billing_parameters_json: JSON.stringify(p.billingParameters),
    features_json: JSON.stringify(p.featureList),
    is_trial: p.isTrial ? 1 : 0,
    is_public: p.isPublic ? 1 : 0,
    position,
    created_at: createdAt,
  }));
}
