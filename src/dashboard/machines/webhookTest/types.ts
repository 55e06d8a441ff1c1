import type { components } from '../../../generated/api/engine.ts';
import type { Category } from '../../../shared/categories.ts';

type Schemas = components['schemas'];

/** One tab of the modal: a subcategory with its event types and their sample payloads. */
export type WebhookSubCategory = Schemas['WebhookEvent'];
/** The engine's count of the events tested against the live URL (the progress bar). */
export type WebhookTestProgress = Schemas['WebhookTestProgress'];
export type TestWebhookResult = Schemas['AppTestWebhookResponse']['msg'];
export type TestEventResult = Schemas['AppTestWebhookEventResponse']['msg'];
export type SaveWebhookResult = Schemas['AppSaveWebhookResponse']['msg'];

/** The category whose webhook the modal edits, and the URL saved for it (if any). */
export interface WebhookTestInput {
  category: Category;
  initialUrl?: string | null;
}

/** One event type of one subcategory (a tag of the modal). */
export interface EventRef {
  subCategory: string;
  eventType: string;
}

// Actor contracts: the actors are injected with machine.provide(); on failure they throw an
// ApiError-like value ({ status, code, msg, field }), which the machine reads.
export interface GetWebhookEventsCall {
  category: Category;
}
export interface TestWebhookCall {
  tempDestination: string;
  category: Category;
}
export type TestEventCall = TestWebhookCall & EventRef;
export interface SaveWebhookCall {
  destination: string;
  category: Category;
}

/** What a failing actor throws, as far as the machine reads it (providers' ApiError fits). */
export interface ActorFailure {
  status?: number;
  code?: string;
  msg?: string;
  message?: string;
  field?: string;
}

export type WebhookTestEvent =
  /** The URL field's text changed (as typed; trimmed and prefixed by the machine). */
  | { type: 'url.change'; value: string }
  /** Test: POST a test event to the URL; a 200 makes it live. */
  | { type: 'webhook.test' }
  | { type: 'tab.select'; subCategory: string }
  | { type: 'event.select'; subCategory: string; eventType: string }
  /** Send event: POST the selected event's sample payload to the live URL. */
  | { type: 'event.send' }
  /** Save Webhook URL, once every event is tested. */
  | { type: 'webhook.save' }
  /** Load the category's events again after a failure. */
  | { type: 'events.retry' };

export interface WebhookTestContext {
  category: Category;
  /** The URL field's text as typed. */
  draft: string;
  /** The URL that answered the test with 200 (webhookUrlOf form); '' while not live. */
  liveUrl: string;
  subCategories: WebhookSubCategory[];
  /** The subcategory tab shown. */
  activeTab: string | null;
  /** The event Send event sends. */
  selected: EventRef | null;
  /** The engine's progress for the live URL; null while not live. */
  progress: WebhookTestProgress | null;
  /** Shown next to the URL field: 'Please enter a valid webhook', the receiver's status text, 'Webhook live test failed'. */
  urlError: string | null;
  /** Why the last Send event did not count (the receiver's status text or the call's failure). */
  eventError: string | null;
  saveError: string | null;
  /** 'Failed to fetch webhook events, Please try again' when the tabs could not be loaded. */
  loadError: string | null;
  /** The URL the engine saved (the machine's output). */
  savedUrl: string | null;
}

/** Final output: the saved webhook URL. */
export interface WebhookTestOutput {
  url: string;
}
