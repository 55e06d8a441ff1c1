import type { components } from '../../../generated/api/engine.ts';
import { categoryLabels } from '../../../generated/labels.ts';
import { CATEGORIES, type Category } from '../../../shared/categories.ts';
import { apiClients, unwrap } from '../../providers/index.ts';

// The calls of the API Keys & Webhooks page (spec part 1 §7, keys and webhooks), on the generated
// engine client, and the query keys the page caches their answers under.

type Schemas = components['schemas'];
export type ApiKeys = Schemas['AppGetApiKeysResponse']['msg'];
export type SigningSecret = Schemas['AppGetWebhookSigningSecretResponse']['msg'];
export type RotatedSecret = Schemas['AppRotateWebhookSigningSecretResponse']['msg'];
export type KeyKind = 'prod' | 'sandbox';

export const queryKeys = {
  apiKeys: ['app.getApiKeys'],
  signingSecret: ['app.getWebhookSigningSecret'],
  webhookUrls: ['app.getWebhookUrlsV3'],
} as const;

export const fetchApiKeys = (signal?: AbortSignal): Promise<ApiKeys> => unwrap(apiClients.engine.GET('/app.getApiKeys', { signal })).then((body) => body.msg);

/** Generate new API key: the old key of that kind answers 401 from now on; the new one is shown this once. */
export const generateApiKey = (kind: KeyKind): Promise<string> =>
  unwrap(apiClients.engine.GET('/app.getNewApiKeys', { params: { query: { sandbox: kind === 'sandbox' } } })).then((body) => body.msg.newApiKey);

export const fetchSigningSecret = (signal?: AbortSignal): Promise<SigningSecret> =>
  unwrap(apiClients.engine.GET('/app.getWebhookSigningSecret', { signal })).then((body) => body.msg);

/** Rotate (admins only): the answer is the only time the new secret is shown in full. */
export const rotateSigningSecret = (): Promise<RotatedSecret> => unwrap(apiClients.engine.POST('/app.rotateWebhookSigningSecret')).then((body) => body.msg);

/** One row of the webhooks list: an enabled category and its URL (null when none is registered). */
export interface CategoryWebhook {
  category: Category;
  label: string;
  url: string | null;
}

/** The enabled categories' webhooks, in the contract's category order. */
export async function fetchWebhooks(signal?: AbortSignal): Promise<CategoryWebhook[]> {
  const map: Partial<Record<string, string | null>> = (await unwrap(apiClients.engine.GET('/app.getWebhookUrlsV3', { signal }))).msg;
  return CATEGORIES.filter((category) => category in map).map((category) => ({ category, label: categoryLabels[category], url: map[category] ?? null }));
}
