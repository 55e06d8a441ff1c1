import type { Kysely, Transaction } from 'kysely';
import type { Database, Row } from '../db/schema.ts';

// The getting-started journeys (getting_started): one row per organisation, flow and category,
// its steps as JSON (services/journey.ts holds the rules and reads the steps).
type Db = Kysely<Database> | Transaction<Database>;
type JourneyRow = Row<'getting_started'>;
type JourneyKey = { orgId: string; flow: string; category: string };

const JOURNEY_COLUMNS = [
  'org_id', 'flow', 'category', 'enabled', 'in_progress', 'onboarding_completed', 'steps_json', 'last_modified', 'created_at',
] as const;

export async function findJourneyRow(db: Db, key: JourneyKey): Promise<JourneyRow | undefined> {
  return db.selectFrom('getting_started').select(JOURNEY_COLUMNS)
    .where('org_id', '=', key.orgId).where('flow', '=', key.flow).where('category', '=', key.category).executeTakeFirst();
}

/** The organisation's journeys of one flow, or of both, last changed first. */
export async function journeyRowsOf(db: Db, orgId: string, flow?: string): Promise<JourneyRow[]> {
  return db.selectFrom('getting_started').select(JOURNEY_COLUMNS).where('org_id', '=', orgId)
    .$if(flow !== undefined, (q) => q.where('flow', '=', flow!)).orderBy('last_modified', 'desc').execute();
}

/** Whether the category is enabled in the flow (false before its journey starts). */
export async function isJourneyCategoryEnabled(db: Db, key: JourneyKey): Promise<boolean> {
  const row = await db.selectFrom('getting_started').select('enabled')
    .where('org_id', '=', key.orgId).where('flow', '=', key.flow).where('category', '=', key.category).executeTakeFirst();
  return row?.enabled === 1;
}

/** Starts the journey unless it exists already (then nothing changes, whatever the values). */
export async function insertJourneyIfAbsent(db: Db, key: JourneyKey, values: { stepsJson: string; enabled: boolean; now: number }): Promise<void> {
  await db.insertInto('getting_started').values({
    org_id: key.orgId, flow: key.flow, category: key.category, steps_json: values.stepsJson,
    last_modified: values.now, created_at: values.now, in_progress: 1, enabled: values.enabled ? 1 : 0,
  }).onConflict((oc) => oc.columns(['org_id', 'flow', 'category']).doNothing()).execute();
}

export type JourneyChanges = Pick<JourneyRow, 'steps_json' | 'last_modified'> & Partial<Pick<JourneyRow, 'in_progress' | 'onboarding_completed' | 'enabled'>>;

export async function updateJourneyRow(db: Db, key: JourneyKey, changes: JourneyChanges): Promise<void> {
  await db.updateTable('getting_started').set(changes)
    .where('org_id', '=', key.orgId).where('flow', '=', key.flow).where('category', '=', key.category).execute();
}
