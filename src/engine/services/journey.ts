import type { Kysely } from 'kysely';
import type { Database, Row } from '../db/schema.ts';
import { conflict, ApiFailure } from '../errors.ts';
import { liveApiKeyPrefix } from '../repositories/apiKeys.ts';
import { hasMagicLinkForCategorySince, hasTokenSessionSince } from '../repositories/authSessions.ts';
import { categoriesWithDataModels, parseJson } from '../repositories/catalog.ts';
import {
  findJourneyRow, insertJourneyIfAbsent, isJourneyCategoryEnabled, journeyRowsOf, updateJourneyRow,
} from '../repositories/gettingStarted.ts';
import { hasAccountConnectedSince } from '../repositories/integratedAccounts.ts';
import { completeOnboardingFlow } from '../repositories/organisations.ts';
import { savedWebhookUrl } from '../repositories/webhooks.ts';

/*
 * The getting-started journey of one category in one flow, held server-side (getting_started).
 *
 * Web flow: selectCategory, registerWebhook (only when the category has sync data models),
 * embedSdk, fetchData (final). AI flow: selectCategory, useToolkit, embedSdk (final).
 * A step is locked while an earlier one is incomplete; the current step is the first incomplete
 * one. Steps complete by calls except embedSdk:
 * - selectCategory: selecting (loading) the category; a category without a webhook step (every
 *   category of the AI flow) must also be enabled in the flow, since Select Category enables it;
 * - registerWebhook: saving the category's webhook, or Next (app.enableCategory) once one is saved;
 * - useToolkit: app.enableAiToolKit; fetchData: Finish Onboarding (app.completeGettingStarted).
 * embedSdk completes from events counted since the journey's start or last reset: an auth
 * session opened with the org's API key, an integrated account of the category connected, or a
 * magic link generated for it. Those are checked whenever the journey is read, and a completed
 * step is stored so it stays complete.
 * When the final step completes, the category is onboarded (not in progress) and the flow and
 * the organisation's onboarding are completed (organisations.*_completed, which auth.verifyOtp
 * reports as onBoardingCompleted).
 *
 * steps_json holds [{ stepId, stepStatus, subSteps?, since?, framework? }] in flow order;
 * `since` (on the selectCategory entry) is when events start to count.
 */
export type Flow = 'web' | 'ai';
export type StepId = 'selectCategory' | 'registerWebhook' | 'embedSdk' | 'fetchData' | 'useToolkit';
export type SubStepId = 'apiKey' | 'authSessionToken' | 'embedSdk' | 'magicLink';

export const STEP_LOCKED = 'This step is locked until all earlier steps are complete';
const EMBED_SUB_STEPS: SubStepId[] = ['apiKey', 'authSessionToken', 'embedSdk', 'magicLink'];

interface StoredStep {
  stepId: StepId;
  stepStatus: boolean;
  subSteps?: { subStepId: SubStepId; subStepStatus: boolean }[];
  since?: number;
  framework?: string | null;
}

interface ComputedStep {
  stepId: StepId;
  stepStatus: boolean;
  locked: boolean;
  /** The first incomplete step (none once every step is complete). */
  current: boolean;
  isFinalStep: boolean;
  subSteps: { subStepId: SubStepId; subStepStatus: boolean }[];
}

export interface Journey {
  flow: Flow;
  category: string;
  row: Row<'getting_started'> | undefined;
  steps: ComputedStep[];
  framework: string | null;
}

export interface JourneyCtx {
  db: Kysely<Database>;
  now: number;
  orgId: string;
}

function stepIdsOf(flow: Flow, hasModels: boolean): StepId[] {
  return flow === 'web'
    ? ['selectCategory', ...(hasModels ? (['registerWebhook'] as StepId[]) : []), 'embedSdk', 'fetchData']
    : ['selectCategory', 'useToolkit', 'embedSdk'];
}

/** Categories that have sync data models (their web journey has a registerWebhook step). */
export async function categoriesWithModels(db: Kysely<Database>): Promise<Set<string>> {
  return categoriesWithDataModels(db);
}

const readStored = (row: Row<'getting_started'> | undefined): StoredStep[] =>
  parseJson<StoredStep[]>(row?.steps_json, []).filter((s) => s && typeof s.stepId === 'string')
    .map((s) => ({ ...s, stepStatus: s.stepStatus === true || (s.stepStatus as unknown) === 1 }));

const sinceOf = (row: Row<'getting_started'> | undefined, stored: StoredStep[]) =>
  stored.find((s) => s.stepId === 'selectCategory')?.since ?? row?.created_at ?? 0;

const loadRow = (db: Kysely<Database>, orgId: string, flow: Flow, category: string) => findJourneyRow(db, { orgId, flow, category });

/** Which embed events happened since the journey started, and whether a production key exists. */
async function embedEvents(db: Kysely<Database>, orgId: string, category: string, since: number): Promise<Record<SubStepId, boolean>> {
  const [apiKeyPrefix, authSessionToken, embedSdk, magicLink] = await Promise.all([
    // Viewing the journey no longer creates the key (it could not show it in full): the sub-step
    // is done once app.getApiKeys or a rotation made one.
    liveApiKeyPrefix(db, orgId, 'prod'),
    hasTokenSessionSince(db, orgId, since),
    hasAccountConnectedSince(db, orgId, category, since),
    hasMagicLinkForCategorySince(db, orgId, category, since),
  ]);
  return { apiKey: apiKeyPrefix !== undefined, authSessionToken, embedSdk, magicLink };
}

/**
 * The journey as stored, with embedSdk brought up to date from events; a step that completes
 * here is stored (and a final step completes the category and flow).
 */
export async function readJourney(ctx: JourneyCtx, flow: Flow, category: string, hasModels: boolean, row?: Row<'getting_started'> | null): Promise<Journey> {
  let current = row === undefined ? await loadRow(ctx.db, ctx.orgId, flow, category) : row ?? undefined;
  const ids = stepIdsOf(flow, hasModels);
  let stored = readStored(current);
  const computed: ComputedStep[] = [];
  let earlierIncomplete = false;
  for (const [i, stepId] of ids.entries()) {
    const own = stored.find((s) => s.stepId === stepId);
    const locked: boolean = earlierIncomplete;
    let stepStatus: boolean = !locked && own?.stepStatus === true;
    // Select Category enables a category that has no webhook step: until it is enabled, the
    // category is not selected and nothing after it opens.
    if (stepId === 'selectCategory' && !ids.includes('registerWebhook') && current?.enabled !== 1) stepStatus = false;
    let subSteps: ComputedStep['subSteps'] = [];
    if (stepId === 'embedSdk') {
      subSteps = EMBED_SUB_STEPS.map((subStepId) => ({ subStepId, subStepStatus: false }));
      if (stepStatus) {
        subSteps = subSteps.map((s) => ({ ...s, subStepStatus: own?.subSteps?.find((o) => o.subStepId === s.subStepId)?.subStepStatus ?? false }));
      } else if (!locked && current) {
        const events = await embedEvents(ctx.db, ctx.orgId, category, sinceOf(current, stored));
        subSteps = subSteps.map((s) => ({ ...s, subStepStatus: events[s.subStepId] }));
        stepStatus = (events.authSessionToken && events.embedSdk) || events.magicLink;
        if (stepStatus) {
          current = await saveSteps(ctx, current, stored, stepId, { subSteps }, i === ids.length - 1);
          stored = readStored(current);
        }
      }
    }
    computed.push({ stepId, stepStatus, locked, current: !locked && !stepStatus, isFinalStep: i === ids.length - 1, subSteps });
    earlierIncomplete ||= !stepStatus;
  }
  const framework = stored.find((s) => s.stepId === 'useToolkit')?.framework ?? null;
  return { flow, category, row: current, steps: computed, framework };
}

/** Stores one step as complete; with `final`, also completes the category, the flow and onboarding. */
async function saveSteps(ctx: JourneyCtx, row: Row<'getting_started'>, stored: StoredStep[], stepId: StepId, extra: Partial<StoredStep>, final: boolean) {
  const next = stored.filter((s) => s.stepId !== stepId).concat({ ...stored.find((s) => s.stepId === stepId), ...extra, stepId, stepStatus: true });
  const values = {
    steps_json: JSON.stringify(next),
    last_modified: ctx.now,
    ...(final ? { onboarding_completed: 1 as const, in_progress: 0 as const } : {}),
  };
  await ctx.db.transaction().execute(async (trx) => {
    await updateJourneyRow(trx, { orgId: row.org_id, flow: row.flow, category: row.category }, values);
    if (final) await completeOnboardingFlow(trx, row.org_id, row.flow === 'web' ? 'web' : 'ai', ctx.now);
  });
  return { ...row, ...values };
}

/**
 * Opens the journey: selecting or loading a category completes selectCategory and marks an
 * unfinished category in progress; `enable` also enables it in the flow; `reset` sends every
 * later step back to incomplete and starts counting events again. Saved settings are untouched.
 */
export async function openJourney(ctx: JourneyCtx, flow: Flow, category: string, hasModels: boolean, options: { enable?: boolean; reset?: boolean } = {}): Promise<Journey> {
  await insertJourneyIfAbsent(ctx.db, { orgId: ctx.orgId, flow, category }, {
    stepsJson: JSON.stringify([{ stepId: 'selectCategory', stepStatus: true, since: ctx.now }]), enabled: options.enable === true, now: ctx.now,
  });
  const row = (await loadRow(ctx.db, ctx.orgId, flow, category))!;
  const stored = readStored(row);
  const completed = row.onboarding_completed === 1 && !options.reset;
  const select = stored.find((s) => s.stepId === 'selectCategory');
  const steps: StoredStep[] = options.reset
    ? [{ stepId: 'selectCategory', stepStatus: true, since: ctx.now }]
    : [{ ...select, stepId: 'selectCategory', stepStatus: true, since: select?.since ?? row.created_at }, ...stored.filter((s) => s.stepId !== 'selectCategory')];
  // The framework choice is a saved setting: a reset keeps it for the snippets.
  const framework = stored.find((s) => s.stepId === 'useToolkit')?.framework;
  if (options.reset && framework) steps.push({ stepId: 'useToolkit', stepStatus: false, framework });
  const values = {
    steps_json: JSON.stringify(steps),
    in_progress: completed ? (0 as const) : (1 as const),
    ...(options.reset ? { onboarding_completed: 0 as const } : {}),
    ...(options.enable ? { enabled: 1 as const } : {}),
    // A plain load of an unfinished category bumps it (it is the ongoing one); re-enabling an
    // enabled category or loading a finished one changes nothing.
    last_modified: options.reset || (options.enable ? row.enabled === 0 : !completed) ? ctx.now : row.last_modified,
  };
  await updateJourneyRow(ctx.db, { orgId: ctx.orgId, flow, category }, values);
  return readJourney(ctx, flow, category, hasModels, { ...row, ...values });
}

/**
 * app.enableCategory: enables the category for unified APIs and syncs and selects it. It is also
 * Next of the Register webhook URL step ("enabling the category first if needed"): once the
 * category's webhook is saved (a saved URL was tested live on every event when it was saved),
 * Next completes the step, e.g. after a reset or for a webhook saved on the API Keys page.
 */
export async function enableWebCategory(ctx: JourneyCtx, category: string, hasModels: boolean): Promise<Journey> {
  const journey = await openJourney(ctx, 'web', category, hasModels, { enable: true });
  const webhookStep = journey.steps.find((s) => s.stepId === 'registerWebhook');
  if (!webhookStep || webhookStep.stepStatus || webhookStep.locked) return journey;
  if ((await savedWebhookUrl(ctx.db, ctx.orgId, category)) === null) return journey;
  return completeStep(ctx, 'web', category, hasModels, 'registerWebhook', { requireUnlocked: true });
}

/**
 * Completes a step by a call (registerWebhook, useToolkit, fetchData). With `requireUnlocked`
 * an earlier incomplete step answers 409 STEP_LOCKED; completing the final step completes the
 * category and the flow. Returns the journey after the change.
 */
export async function completeStep(ctx: JourneyCtx, flow: Flow, category: string, hasModels: boolean, stepId: StepId, options: { requireUnlocked?: boolean; framework?: string | null } = {}): Promise<Journey> {
  let journey = await readJourney(ctx, flow, category, hasModels);
  if (!journey.row) journey = await openJourney(ctx, flow, category, hasModels);
  const step = journey.steps.find((s) => s.stepId === stepId);
  if (!step) return journey;
  if (options.requireUnlocked && step.locked) throw new ApiFailure(409, 'STEP_LOCKED', STEP_LOCKED);
  const extra: Partial<StoredStep> = options.framework !== undefined ? { framework: options.framework } : {};
  if (step.stepStatus && options.framework === undefined) return journey;
  await saveSteps(ctx, journey.row!, readStored(journey.row), stepId, extra, step.isFinalStep && !step.locked);
  return readJourney(ctx, flow, category, hasModels);
}

/** Whether the category is enabled in the flow (app.enableCategory / enableCategoryForAiAgent). */
export async function isCategoryEnabled(db: Kysely<Database>, orgId: string, flow: Flow, category: string): Promise<boolean> {
  return isJourneyCategoryEnabled(db, { orgId, flow, category });
}

const NOT_ENABLED = 'Please enable categories from Getting Started';
export async function requireEnabled(db: Kysely<Database>, orgId: string, category: string, field?: string): Promise<void> {
  if (!(await isCategoryEnabled(db, orgId, 'web', category))) throw conflict(NOT_ENABLED, field);
}

/** The organisation's journey rows of one flow, or of both. */
export async function journeyRows(db: Kysely<Database>, orgId: string, flow?: Flow): Promise<Row<'getting_started'>[]> {
  return journeyRowsOf(db, orgId, flow);
}
