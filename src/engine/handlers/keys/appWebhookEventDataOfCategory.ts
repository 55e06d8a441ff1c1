import { defineHandler, type MsgOf } from '../types.ts';
import { modelsOfCategory, subcategoriesOf } from '../../repositories/catalog.ts';
import { eventsOfCategory } from '../../repositories/webhooks.ts';

type Msg = MsgOf<'appWebhookEventDataOfCategory'>;

// The webhook modal's tabs: each subcategory (display order of the data models) with its event
// types and their sample payloads.
export const appWebhookEventDataOfCategory = defineHandler('appWebhookEventDataOfCategory', async ({ query }, { db }) => {
  const [events, models] = await Promise.all([eventsOfCategory(db, query.category), modelsOfCategory(db, query.category)]);
  const known = subcategoriesOf(models);
  const extra = [...new Set(events.map((e) => e.subcategory))].filter((s) => !known.some((k) => k.value === s)).map((value) => ({ value, label: value }));
  const msg: Msg = [];
  for (const sub of [...known, ...extra]) {
    const own = events.filter((e) => e.subcategory === sub.value);
    if (own.length === 0) continue;
    msg.push({ value: sub.value, label: sub.label, eventDetails: own.map((e) => ({ eventType: e.event_type, codeSnippet: e.code_snippet ?? '{}' })) });
  }
  return msg;
});
