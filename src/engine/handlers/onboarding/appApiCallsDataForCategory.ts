import { defineSessionHandler, type MsgOf } from '../types.ts';
import { apisOfCategory, modelsOfCategory, subcategoriesOf } from '../../repositories/catalog.ts';

type Group = MsgOf<'appApiCallsDataForCategory'>['apiCalls'][string];
type Method = Group['calls'][number]['type'];

// Calls of no sync type (passthrough, lookups) are grouped last under 'general'.
const GENERAL = { value: 'general', label: 'General' };

// The Fetch Data step's call list: the category's unified API calls per subcategory, with full
// URLs on this engine's public origin.
export const appApiCallsDataForCategory = defineSessionHandler('appApiCallsDataForCategory', async ({ query }, { db, config }) => {
  const [apis, models] = await Promise.all([apisOfCategory(db, query.category), modelsOfCategory(db, query.category)]);
  const groups = [...subcategoriesOf(models), GENERAL];
  const apiCalls: Record<string, Group> = {};
  for (const group of groups) {
    const calls = apis.filter((a) => (a.subcategory || GENERAL.value) === group.value || (group === GENERAL && !groups.some((g) => g.value === a.subcategory)));
    if (calls.length === 0) continue;
    apiCalls[group.value] = {
      value: group.value,
      label: group.label,
      calls: calls.map((a) => {
        const url = new URL(a.url ?? '/', config.publicUrl).toString();
        return { type: (a.method ?? 'GET') as Method, name: a.name, url, docLink: a.doc_url ?? url };
      }),
    };
  }
  return { apiCalls };
});
