import type { Kysely, Transaction } from 'kysely';
import type { Database, NewRow, Row } from '../db/schema.ts';
import { newId, ID_PREFIX } from '../db/ids.ts';
import { badRequest, forbidden, notFound } from '../errors.ts';
import type { SchemaMappingFieldRow, SchemaMappingRow } from '../../generated/api/engine.ts';
import { isInactiveState } from '../../shared/integrationStates.ts';

/*
 * Mapping tables: the rows of one account's (or one app's) sync sub-category. DEFAULT rows are the
 * platform's, UNMAPPED rows are app fields nobody maps, CUSTOM rows are the customer's (userAdded
 * when the app's field list does not have the field). Saving sends only the final CUSTOM rows, so
 * every write here is "replace the custom rows of a table" (spec part 2, sections 4 and 5).
 */
type Db = Kysely<Database> | Transaction<Database>;
type FieldType = SchemaMappingFieldRow['fieldType'];

const FIELD_USED = 'Field Value already Used';
const ONLY_CUSTOM = 'Only CUSTOM rows can be saved';
export const SUBCATEGORY_UNAVAILABLE = 'Custom mapping is not available for this sub-category';

/** One row of a table; `id` is set for rows stored in mapping_fields. */
export interface TableField {
  id?: string;
  fieldId: string;
  fieldFromApp: string;
  fieldToOrg: string | null;
  dataType: string;
  fieldType: FieldType;
  sampleData: string | null;
  userAdded: boolean;
  position: number;
}

/** A CUSTOM row ready to store: defaults applied, fieldToOrg trimmed by the contract (x-trim). */
export interface CustomRow {
  fieldId: string;
  fieldFromApp: string;
  fieldToOrg: string;
  dataType: string;
  sampleData: string | null;
  userAdded: boolean;
}

/** A table as it is now; `stored` is false while the account still has the app's default table. */
interface AccountTable {
  rows: TableField[];
  stored: boolean;
}

const key = (fieldId: string) => fieldId.toLowerCase();

/**
 * Sub-categories where an app has a mapping table: the app syncs the sub-category (it has app
 * fields there) and takes custom fields there (apps.custom_fields_support_json).
 */
export async function mappableSubcategories(db: Db, appId: string): Promise<Set<string>> {
  const app = await db.selectFrom('apps').select('custom_fields_support_json').where('id', '=', appId).executeTakeFirst();
  if (!app) return new Set();
  let support: Record<string, boolean> = {};
  try {
    support = JSON.parse(app.custom_fields_support_json) as Record<string, boolean>;
  } catch {
    support = {};
  }
  const synced = await db.selectFrom('app_fields').select('subcategory').distinct().where('app_id', '=', appId).execute();
  return new Set(synced.map((r) => r.subcategory).filter((s) => support[s] === true));
}

export async function assertMappable(db: Db, appId: string, subcategory: string, field: string): Promise<void> {
  if (!(await mappableSubcategories(db, appId)).has(subcategory)) throw badRequest(SUBCATEGORY_UNAVAILABLE, field);
}

/** The app's own table of a sub-category (catalog app_fields): DEFAULT and UNMAPPED rows. */
export async function appTable(db: Db, appId: string, subcategory: string): Promise<TableField[]> {
  const rows = await db.selectFrom('app_fields').selectAll().where('app_id', '=', appId).where('subcategory', '=', subcategory)
    .orderBy('position').execute();
  return rows.map((r) => ({
    fieldId: r.field_id, fieldFromApp: r.field_from_app, fieldToOrg: r.field_type === 'DEFAULT' ? r.field_to_org : null,
    dataType: r.data_type, fieldType: r.field_type === 'DEFAULT' ? 'DEFAULT' : 'UNMAPPED', sampleData: r.sample_data, userAdded: false, position: r.position,
  }));
}

/** An account's table: its stored rows, or the app's table until the account's mapping is first saved. */
export async function accountTable(db: Db, account: Pick<Row<'integrated_accounts'>, 'id' | 'app_id'>, subcategory: string): Promise<AccountTable> {
  const rows = await db.selectFrom('mapping_fields').selectAll().where('integration_id', '=', account.id).where('subcategory', '=', subcategory)
    .orderBy('position').orderBy('id').execute();
  if (rows.length === 0) return { rows: await appTable(db, account.app_id, subcategory), stored: false };
  return {
    stored: true,
    rows: rows.map((r) => ({
      id: r.id, fieldId: r.field_id, fieldFromApp: r.field_from_app, fieldToOrg: r.field_to_org, dataType: r.data_type,
      fieldType: r.field_type as FieldType, sampleData: r.sample_data, userAdded: r.user_added === 1, position: r.position,
    })),
  };
}

/** The rows as the contract sends them: DEFAULT first, then by fieldId. */
export function toFieldRows(rows: TableField[]): SchemaMappingFieldRow[] {
  const rank = (r: TableField) => (r.fieldType === 'DEFAULT' ? 0 : 1);
  const byId = (a: string, b: string) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a < b ? -1 : a > b ? 1 : 0);
  return [...rows]
    .sort((a, b) => rank(a) - rank(b) || byId(a.fieldId, b.fieldId))
    .map((r) => ({
      fieldId: r.fieldId,
      fieldFromApp: r.fieldFromApp,
      fieldToOrg: r.fieldType === 'UNMAPPED' ? null : r.fieldToOrg,
      dataType: r.dataType,
      fieldType: r.fieldType,
      sampleData: r.sampleData,
      userAdded: r.userAdded,
    }));
}

/**
 * The table rules of a saved list of CUSTOM rows (contract: app.data.customFields/save), checked
 * against `table` (null for a category preset, whose rows belong to no app). The first broken rule
 * answers 400 on `<prefix>.<i>.<field>`. Returns the rows with their defaults and, for app fields,
 * the app's own fieldFromApp, dataType and sample (those are the app's, not the caller's).
 */
export function checkCustomRows(sent: SchemaMappingRow[], table: TableField[] | null, prefix: string): CustomRow[] {
  const inTable = new Map((table ?? []).map((f) => [key(f.fieldId), f]));
  const fieldIds = new Set<string>();
  const toOrgs = new Set<string>();
  return sent.map((row, i) => {
    const at = (field: string) => `${prefix}.${i}.${field}`;
    const existing = inTable.get(key(row.fieldId));
    // "Must not already exist in the table": the same field sent twice, a case variant of a table
    // field, or a DEFAULT field (the platform maps it) is already used. The exact UNMAPPED or
    // CUSTOM field is the row being mapped or edited.
    if (fieldIds.has(key(row.fieldId)) || (existing && (existing.fieldId !== row.fieldId || existing.fieldType === 'DEFAULT'))) {
      throw badRequest(FIELD_USED, at('fieldId'));
    }
    fieldIds.add(key(row.fieldId));
    // Unique among the custom mappings sent: names freed by deletes and renames are simply absent.
    if (toOrgs.has(key(row.fieldToOrg))) throw badRequest(FIELD_USED, at('fieldToOrg'));
    toOrgs.add(key(row.fieldToOrg));
    if (row.fieldType !== undefined && row.fieldType !== 'CUSTOM') throw badRequest(ONLY_CUSTOM, at('fieldType'));
    if (existing && !existing.userAdded) {
      return { fieldId: row.fieldId, fieldFromApp: existing.fieldFromApp, fieldToOrg: row.fieldToOrg, dataType: existing.dataType, sampleData: existing.sampleData, userAdded: false };
    }
    return {
      fieldId: row.fieldId,
      fieldFromApp: row.fieldFromApp ?? existing?.fieldFromApp ?? row.fieldId,
      fieldToOrg: row.fieldToOrg,
      dataType: row.dataType ?? existing?.dataType ?? 'STRING',
      sampleData: row.sampleData !== undefined ? row.sampleData : existing?.sampleData ?? null,
      userAdded: true,
    };
  });
}

/**
 * The table after its CUSTOM rows are replaced by `custom`: a sent app field becomes (or stays)
 * CUSTOM with the new key, a CUSTOM app field not sent is UNMAPPED again, a user-added row not sent
 * is removed, and new fields are appended as user-added rows. Fields match case-insensitively (a
 * category preset's 'customFields.region' maps an app's 'CustomFields.Region'; a saved list has no
 * case variants, checkCustomRows refuses them). A row naming a DEFAULT field, or reusing a key, is
 * left out rather than breaking the table's rules (only a preset meeting an account's table can).
 */
export function mergeCustomRows(table: TableField[], custom: CustomRow[]): TableField[] {
  const sent = new Map(custom.map((r) => [key(r.fieldId), r]));
  const known = new Set(table.map((f) => key(f.fieldId)));
  const toOrgs = new Set<string>();
  let position = table.reduce((max, f) => Math.max(max, f.position), -1);
  const out: TableField[] = [];
  for (const field of table) {
    const row = sent.get(key(field.fieldId));
    if (field.fieldType === 'DEFAULT') {
      out.push(field);
    } else if (row && !toOrgs.has(key(row.fieldToOrg))) {
      toOrgs.add(key(row.fieldToOrg));
      out.push(field.userAdded
        ? { ...field, fieldId: row.fieldId, fieldType: 'CUSTOM', fieldToOrg: row.fieldToOrg, fieldFromApp: row.fieldFromApp, dataType: row.dataType, sampleData: row.sampleData }
        : { ...field, fieldType: 'CUSTOM', fieldToOrg: row.fieldToOrg });
    } else if (!field.userAdded) {
      out.push({ ...field, fieldType: 'UNMAPPED', fieldToOrg: null });
    }
  }
  for (const row of custom) {
    if (known.has(key(row.fieldId)) || toOrgs.has(key(row.fieldToOrg))) continue;
    known.add(key(row.fieldId));
    toOrgs.add(key(row.fieldToOrg));
    position += 1;
    out.push({ fieldId: row.fieldId, fieldFromApp: row.fieldFromApp, fieldToOrg: row.fieldToOrg, dataType: row.dataType, fieldType: 'CUSTOM', sampleData: row.sampleData, userAdded: true, position });
  }
  return out;
}

const changed = (a: TableField, b: TableField) =>
  a.fieldFromApp !== b.fieldFromApp || a.fieldToOrg !== b.fieldToOrg || a.dataType !== b.dataType || a.fieldType !== b.fieldType
  || a.sampleData !== b.sampleData || a.userAdded !== b.userAdded || a.position !== b.position;

/**
 * Stores `after` as the account's table of the sub-category: only the rows that changed are
 * written. A table not stored yet is stored whole. Call inside a transaction.
 */
export async function writeAccountTable(
  trx: Db,
  account: Pick<Row<'integrated_accounts'>, 'id' | 'org_id'>,
  subcategory: string,
  before: AccountTable,
  after: TableField[],
  now: number,
): Promise<TableField[]> {
  const kept = new Set(after.filter((f) => f.id).map((f) => f.id!));
  const gone = before.stored ? before.rows.filter((f) => f.id && !kept.has(f.id)).map((f) => f.id!) : [];
  if (gone.length > 0) await trx.deleteFrom('mapping_fields').where('integration_id', '=', account.id).where('id', 'in', gone).execute();
  const previous = new Map(before.rows.filter((f) => f.id).map((f) => [f.id!, f]));
  const inserts: NewRow<'mapping_fields'>[] = [];
  const result: TableField[] = [];
  for (const field of after) {
    const old = field.id ? previous.get(field.id) : undefined;
    if (field.id && old) {
      if (changed(old, field)) {
        await trx.updateTable('mapping_fields').set({
          field_from_app: field.fieldFromApp, field_to_org: field.fieldToOrg, data_type: field.dataType, field_type: field.fieldType,
          sample_data: field.sampleData, user_added: field.userAdded ? 1 : 0, position: field.position, updated_at: now,
        }).where('id', '=', field.id).where('integration_id', '=', account.id).execute();
      }
      result.push(field);
      continue;
    }
    const id = newId(ID_PREFIX.mappingField);
    inserts.push({
      id, org_id: account.org_id, integration_id: account.id, subcategory, field_id: field.fieldId, field_from_app: field.fieldFromApp,
      field_to_org: field.fieldToOrg, data_type: field.dataType, field_type: field.fieldType, sample_data: field.sampleData,
      user_added: field.userAdded ? 1 : 0, position: field.position, created_at: now, updated_at: now,
    });
    result.push({ ...field, id });
  }
  // Batches keep SQLite under its bound-variable limit (14 columns a row).
  for (let i = 0; i < inserts.length; i += 500) await trx.insertInto('mapping_fields').values(inserts.slice(i, i + 500)).execute();
  return result;
}

/** Replaces the CUSTOM rows of one account's sub-category; returns the new table. */
export async function replaceAccountCustomRows(
  trx: Db,
  account: Pick<Row<'integrated_accounts'>, 'id' | 'org_id' | 'app_id'>,
  subcategory: string,
  custom: CustomRow[],
  now: number,
): Promise<TableField[]> {
  const before = await accountTable(trx, account, subcategory);
  return writeAccountTable(trx, account, subcategory, before, mergeCustomRows(before.rows, custom), now);
}

interface MappingAccountRef {
  integrationId: string;
  appId?: string;
  appIdValue?: string;
  originOrgId?: string;
  organization?: string;
  category?: string;
  categoryValue?: string;
}

const ACCOUNT_NOT_FOUND = 'Integrated account not found';

/**
 * The account whose table the Edit mapped fields modal reads or saves: found by integrationId in
 * the caller's organisation (another orgId, another org's account, or an account without actions,
 * Deactivated or Expired, is not found); the descriptive fields, when sent, must be the account's;
 * an account whose showCustomFields is 'false' has no Edit mapping action (403).
 */
export async function findMappingAccount(db: Db, callerOrgId: string, orgId: string, ref: MappingAccountRef): Promise<Row<'integrated_accounts'>> {
  if (orgId !== callerOrgId) throw notFound(ACCOUNT_NOT_FOUND);
  const account = await db.selectFrom('integrated_accounts').selectAll().where('org_id', '=', callerOrgId).where('id', '=', ref.integrationId).executeTakeFirst();
  if (!account || isInactiveState(account.integration_state)) throw notFound(ACCOUNT_NOT_FOUND);
  const label = ref.category === undefined ? undefined
    : (await db.selectFrom('categories').select('label').where('id', '=', account.category).executeTakeFirst())?.label ?? account.category;
  const expected: [keyof MappingAccountRef, string | undefined][] = [
    ['appId', account.app_id], ['appIdValue', account.app_id], ['originOrgId', account.origin_org_id],
    ['organization', account.origin_org_name], ['category', label], ['categoryValue', account.category],
  ];
  for (const [field, value] of expected) {
    if (ref[field] !== undefined && ref[field] !== value) throw badRequest('Does not match the integrated account', `organizationDetails.${field}`);
  }
  if (account.show_custom_fields !== 1) throw forbidden('Editing mapped fields is not available for this account');
  return account;
}

/** The CUSTOM rows of one account's table of a sub-category: what the unified API adds to its records. */
export async function customRowsOf(db: Db, integrationId: string, subcategory: string): Promise<{ fieldId: string; fieldFromApp: string; fieldToOrg: string }[]> {
  const rows = await db.selectFrom('mapping_fields').select(['field_id', 'field_from_app', 'field_to_org'])
    .where('integration_id', '=', integrationId).where('subcategory', '=', subcategory).where('field_type', '=', 'CUSTOM')
    .orderBy('position').orderBy('id').execute();
  return rows.filter((r) => r.field_to_org !== null).map((r) => ({ fieldId: r.field_id, fieldFromApp: r.field_from_app, fieldToOrg: r.field_to_org! }));
}
