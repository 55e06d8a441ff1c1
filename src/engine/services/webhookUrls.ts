import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.ts';
import { clearWebhookUrl, saveWebhookUrl } from '../repositories/webhooks.ts';

/** One category's URL as a bulk save sends it: a URL to set, or null to clear it. */
interface WebhookUrlChange {
  category: string;
  url: string | null;
}

/**
 * Applies a bulk save of webhook URLs all or nothing: cleared categories lose their webhook, URLs
 * that differ from `current` replace it; an unchanged URL keeps its row (and its tested events).
 */
export async function saveWebhookUrls(db: Kysely<Database>, orgId: string, changes: WebhookUrlChange[], current: Record<string, string | null>, now: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const { category, url } of changes) {
      if (url === null) await clearWebhookUrl(trx, orgId, category);
      else if (current[category] !== url) await saveWebhookUrl(trx, orgId, category, url, [], now);
    }
  });
}
