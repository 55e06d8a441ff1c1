import type { EngineConfig } from '../config.ts';
import type { MsgOf } from '../contractTypes.ts';
import { maskedLiveApiKey } from '../repositories/apiKeys.ts';
import { syncModeOf, syncStartUrl } from '../repositories/categorySettings.ts';
import { listCategories } from '../repositories/catalog.ts';
import { onboardingFlagsOf } from '../repositories/organisations.ts';
import { savedWebhookUrl } from '../repositories/webhooks.ts';
import type { Category } from '../../shared/categories.ts';
import { categoriesWithModels, journeyRows, readJourney, type Flow, type Journey, type JourneyCtx, type StepId, type SubStepId } from './journey.ts';
import { toolkitSnippets } from './toolkitSnippets.ts';

// The journey as the contract shows it: step labels, sub-step labels and each step's
// stepInitialData from the organisation's saved state (category enabled, webhook, sync settings,
// the production API key's masked form: the engine keeps no full key to show), and the category
// summaries of the Select Category lists.
type JourneyStepOut = MsgOf<'appGettingStartedJourneyV3'>[number];
type CategorySummary = MsgOf<'appGetCategories'>[number];
type StatusOut = MsgOf<'appGettingStartedStatus'>;

export interface ViewCtx extends JourneyCtx {
  config: EngineConfig;
}

const STEP_LABELS: Record<Flow, Record<StepId, string>> = {
  web: { selectCategory: 'Select Category', registerWebhook: 'Register webhook URL', embedSdk: 'Embed UI SDK', fetchData: 'Fetch data', useToolkit: 'Use toolkit with LLMs' },
  ai: { selectCategory: 'Select Category', registerWebhook: 'Register webhook URL', embedSdk: 'Embed SDK', fetchData: 'Fetch data', useToolkit: 'Use toolkit with LLMs' },
};
const SUB_STEP_LABELS: Record<SubStepId, string> = {
  apiKey: 'Get your API key',
  authSessionToken: 'Create an auth session token',
  embedSdk: 'Embed the auth SDK',
  magicLink: 'Create Magic Link',
};

const apiFlow = (flow: Flow) => (flow === 'web' ? 'webapp' : 'aiAgent') as 'webapp' | 'aiAgent';

export async function journeyView(ctx: ViewCtx, journey: Journey): Promise<JourneyStepOut[]> {
  const { db, orgId, config } = ctx;
  const { category, flow } = journey;
  const categoryEnabled = journey.row?.enabled === 1;
  const needs = (id: StepId) => journey.steps.some((s) => s.stepId === id);
  const [webhook, settings, apiKey] = await Promise.all([
    needs('registerWebhook') ? savedWebhookUrl(db, orgId, category) : null,
    needs('fetchData') ? syncModeOf(db, orgId, category) : undefined,
    needs('embedSdk') || needs('useToolkit') ? maskedLiveApiKey(db, orgId, 'prod') : null,
  ]);
  const initialData = (stepId: StepId): JourneyStepOut['stepInitialData'] => {
    switch (stepId) {
      case 'selectCategory': return { categoryEnabled };
      case 'registerWebhook': return { webhook, categoryEnabled };
      case 'embedSdk': return { apiKey, apiBaseUrl: new URL('/api', config.publicUrl).toString() };
      case 'fetchData': return {
        categoryEnabled, syncEnabled: settings?.sync_enabled === 1, syncOnAPI: settings?.sync_on_api === 1, skipSyncs: !needs('registerWebhook'),
        syncStartUrl: syncStartUrl(config.publicUrl),
      };
      case 'useToolkit': return { apiKey, ...toolkitSnippets(apiKey, category, new URL('/ai', config.publicUrl).toString()) };
    }
  };
  return journey.steps.map((s) => ({
    stepId: s.stepId,
    label: STEP_LABELS[flow][s.stepId],
    stepStatus: s.stepStatus,
    locked: s.locked,
    current: s.current,
    isFinalStep: s.isFinalStep,
    subSteps: s.subSteps.map((sub) => ({ subStepId: sub.subStepId, label: SUB_STEP_LABELS[sub.subStepId], subStepStatus: sub.subStepStatus })),
    stepInitialData: initialData(s.stepId),
  }));
}

export function categorySummary(journey: Journey, label: string): CategorySummary {
  const row = journey.row;
  return {
    value: journey.category as Category,
    label,
    enabled: row?.enabled === 1,
    onBoardingCompleted: row?.onboarding_completed === 1,
    inProgress: row?.in_progress === 1,
    lastModified: row ? row.last_modified : null,
    steps: journey.steps.map((s) => ({ stepId: s.stepId, stepStatus: s.stepStatus })),
  };
}

/** Every category of a flow in enum order; only started journeys are read for events. */
export async function listSummaries(ctx: JourneyCtx, flow: Flow): Promise<CategorySummary[]> {
  const [categories, rows, withModels] = await Promise.all([listCategories(ctx.db), journeyRows(ctx.db, ctx.orgId, flow), categoriesWithModels(ctx.db)]);
  const out: CategorySummary[] = [];
  for (const c of categories) {
    const row = rows.find((r) => r.category === c.id) ?? null;
    const journey = await readJourney(ctx, flow, c.id, flow === 'web' && withModels.has(c.id), row);
    out.push(categorySummary(journey, c.label));
  }
  return out;
}

/** The organisation's status across both flows; open AI journeys are read first, since they complete from events. */
export async function journeyStatus(ctx: JourneyCtx): Promise<StatusOut> {
  const open = (await journeyRows(ctx.db, ctx.orgId, 'ai')).filter((r) => r.in_progress === 1 && r.onboarding_completed === 0);
  for (const row of open) await readJourney(ctx, 'ai', row.category, false, row);
  const [org, rows] = await Promise.all([
    onboardingFlagsOf(ctx.db, ctx.orgId),
    journeyRows(ctx.db, ctx.orgId),
  ]);
  const ongoing = rows.find((r) => r.in_progress === 1 && r.onboarding_completed === 0);
  return {
    aiAgentFlowCompleted: org.aiAgentFlow,
    webappFlowCompleted: org.webappFlow,
    gettingStartedFlowCompleted: org.gettingStarted,
    ongoingFlow: ongoing ? apiFlow(ongoing.flow as Flow) : null,
    anyCategoryStarted: rows.some((r) => r.in_progress === 1 || r.onboarding_completed === 1),
  };
}

