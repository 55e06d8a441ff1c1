import type { JourneyCategory, JourneyStep, StepId } from '../../../src/dashboard/machines/onboarding/index.ts';

// Journeys and category lists as the engine answers them (app.getCategories,
// app.gettingStartedJourneyV3 and their AI-flow twins), built from how far a category got: the
// first `done` steps are complete, the next one is current, the rest are locked.

const LABELS: Record<StepId, string> = {
  selectCategory: 'Select Category',
  registerWebhook: 'Register webhook URL',
  embedSdk: 'Embed UI SDK',
  fetchData: 'Fetch data',
  useToolkit: 'Use toolkit with LLMs',
};

export const WEB_STEPS: StepId[] = ['selectCategory', 'registerWebhook', 'embedSdk', 'fetchData'];
/** A category without sync data models has no webhook step (COMMS). */
export const WEB_STEPS_WITHOUT_WEBHOOK: StepId[] = ['selectCategory', 'embedSdk', 'fetchData'];
export const AI_STEPS: StepId[] = ['selectCategory', 'useToolkit', 'embedSdk'];

export const HOOK_URL = 'http://127.0.0.1:8787/hooks';
export const API_BASE_URL = 'http://127.0.0.1:3300/api';
export const SYNC_START_URL = 'http://127.0.0.1:3300/v1.0/sync.start';
export const MASKED_KEY = 'sk_live_AbCdEfGh…';

export interface JourneyFacts {
  categoryEnabled?: boolean;
  webhook?: string | null;
  syncEnabled?: boolean;
  /** The embed sub-steps done so far. */
  subSteps?: Partial<Record<'apiKey' | 'authSessionToken' | 'embedSdk' | 'magicLink', boolean>>;
}

function initialData(stepId: StepId, ids: readonly StepId[], facts: JourneyFacts): JourneyStep['stepInitialData'] {
  const categoryEnabled = facts.categoryEnabled ?? true;
  switch (stepId) {
    case 'selectCategory': return { categoryEnabled };
    case 'registerWebhook': return { webhook: facts.webhook ?? null, categoryEnabled };
    case 'embedSdk': return { apiKey: MASKED_KEY, apiBaseUrl: API_BASE_URL };
    case 'fetchData':
      return { categoryEnabled, syncEnabled: facts.syncEnabled ?? false, syncOnAPI: false, skipSyncs: !ids.includes('registerWebhook'), syncStartUrl: SYNC_START_URL };
    case 'useToolkit':
      return {
        apiKey: MASKED_KEY,
        llmDataMap: { langgraph: { label: 'LangGraph', language: 'python', code: 'toolkit = Toolkit(api_key="<YOUR_API_KEY>")' } },
        codeDependenciesMap: { langgraph: { label: 'LangGraph', language: 'bash', code: 'pip install integrations-ai-toolkit langgraph' } },
      };
  }
}

/** The journey of `ids` with its first `done` steps complete. */
export function journey(ids: readonly StepId[], done: number, facts: JourneyFacts = {}): JourneyStep[] {
  return ids.map((stepId, i) => ({
    stepId,
    label: LABELS[stepId],
    stepStatus: i < done,
    locked: i > done,
    current: i === done,
    isFinalStep: i === ids.length - 1,
    subSteps:
      stepId === 'embedSdk'
        ? (['apiKey', 'authSessionToken', 'embedSdk', 'magicLink'] as const).map((subStepId) => ({ subStepId, label: subStepId, subStepStatus: i < done || facts.subSteps?.[subStepId] === true }))
        : [],
    stepInitialData: initialData(stepId, ids, facts),
  }));
}

export interface CategoryFacts {
  enabled?: boolean;
  inProgress?: boolean;
  completed?: boolean;
  lastModified?: number | null;
  done?: number;
}

/** A category of a Select Category list. */
export function listed(value: JourneyCategory['value'], label: string, ids: readonly StepId[], facts: CategoryFacts = {}): JourneyCategory {
  const done = facts.completed ? ids.length : (facts.done ?? 0);
  return {
    value,
    label,
    enabled: facts.enabled ?? false,
    onBoardingCompleted: facts.completed ?? false,
    inProgress: facts.inProgress ?? false,
    lastModified: facts.lastModified ?? null,
    steps: ids.map((stepId, i) => ({ stepId, stepStatus: i < done })),
  };
}
