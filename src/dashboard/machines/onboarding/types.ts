import type {
  SchemaGettingStartedCategory,
  SchemaGettingStartedFlow,
  SchemaGettingStartedStatus,
  SchemaJourneyStep,
  SchemaJourneyStepId,
  SchemaLlmFramework,
} from '../../../generated/api/engine.ts';
import type { Category } from '../../../shared/categories.ts';

export type OnboardingFlow = SchemaGettingStartedFlow;
export type JourneyStep = SchemaJourneyStep;
export type StepId = SchemaJourneyStepId;
export type JourneyCategory = SchemaGettingStartedCategory;
export type LlmFramework = SchemaLlmFramework;
export type { Category };

/** Resources of the left navigation that are pages of their own (Create Magic Link is a dialog). */
export type ResourceView = 'embedGuide';
/** What the main panel shows: a step of the journey or a resource page. */
export type OnboardingView = StepId | ResourceView;

export interface OnboardingInput {
  flow: OnboardingFlow;
}

/** app.enableCategory / app.enableCategoryForAiAgent: the message, the category and its journey. */
export interface EnableCategoryResult {
  message: string;
  category: JourneyCategory;
  journey: JourneyStep[];
}

/** app.enableAiToolKit: the category and its AI journey after the change. */
export interface EnableToolkitResult {
  category: JourneyCategory;
  journey: JourneyStep[];
}

/** app.completeGettingStarted: what the dialog 'Onboarding completed successfully !' shows. */
export interface CompletionResult {
  message: string;
  category: JourneyCategory;
  status: SchemaGettingStartedStatus;
  defaultIntegrationType: 'test' | 'production';
}

export interface JourneyQuery {
  category: Category;
  reset: boolean;
}

export interface EnableToolkitInput {
  category: Category;
  framework: LlmFramework;
}

export type OnboardingEvent =
  /** A category card picked on Select Category. */
  | { type: 'category.choose'; category: Category }
  /** Next of the step shown ('Enable Catgory' or 'Next' on Select Category). */
  | { type: 'step.next' }
  /** A step of the left navigation. */
  | { type: 'step.open'; stepId: StepId }
  /** A resource page of the left navigation (Embed the auth SDK). */
  | { type: 'resource.open'; resource: ResourceView }
  /** The update-status icon, a magic link created, the API key fetched: read the steps again. */
  | { type: 'journey.refresh' }
  /** Retry after the categories could not be read. */
  | { type: 'categories.retry' }
  /** Next of Register webhook URL: enables the category first when needed, then the webhook. */
  | { type: 'webhook.next' }
  /** Change the saved webhook (the webhook dialog with the saved URL). */
  | { type: 'webhook.edit' }
  /** The webhook dialog saved the URL (app.saveWebhook). */
  | { type: 'webhook.saved'; url: string }
  /** The webhook dialog closed without saving. */
  | { type: 'webhook.close' }
  /** Use toolkit with LLMs: the enable-toolkit call with the framework of the snippets shown. */
  | { type: 'toolkit.enable'; framework: LlmFramework }
  /** 'Finish Onboarding' on the final step. */
  | { type: 'onboarding.finish' }
  /** The completion dialog closed. */
  | { type: 'completion.close' };

/** What the page toasts: one entry per message, so the same text twice is shown twice. */
export interface Toast {
  id: number;
  severity: 'success' | 'error';
  message: string;
}

export interface OnboardingContext {
  flow: OnboardingFlow;
  /** The Select Category list (app.getCategories / app.getCategoriesAiAgentFlow). */
  categories: JourneyCategory[];
  /** The card picked on Select Category. */
  chosen: Category | null;
  /** The category whose journey is loaded. */
  category: Category | null;
  /** Its journey, as the engine holds it. */
  steps: JourneyStep[];
  /** The step or resource the main panel shows. */
  view: OnboardingView;
  /** The completion dialog's data. */
  completion: CompletionResult | null;
  /** The newest message to toast. */
  toast: Toast | null;
}

/** What the machine tells the page (actorRef.on): the flow's status may have changed. */
export type OnboardingEmitted = { type: 'journey.changed' };
