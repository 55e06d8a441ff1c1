/*
 * The account's custom fields of a record: each CUSTOM row of its field mapping names the app's
 * field (fieldFromApp, e.g. `properties.customfields.region`, else fieldId) and the customer's key
 * (fieldToOrg). Apps spell a field their own way (camelCase, snake_case, PascalCase, a lowercase
 * name under `properties` or `fields`: the catalog's app_fields), while one sandbox vendor plays
 * every app of a category with one record shape, so a path is followed segment by segment by the
 * field's letters and digits (case and separators aside), and `properties`, `fields` and
 * `attributes` are containers a path may name or leave out.
 */
export interface CustomFieldRow {
  fieldId: string;
  fieldFromApp: string;
  fieldToOrg: string;
}

const CONTAINERS = ['properties', 'fields', 'attributes'];
const spelled = (name: string) => name.toLowerCase().replace(/[^a-z0-9]/g, '');

function keyIn(node: Record<string, unknown>, segment: string): string | undefined {
  if (Object.hasOwn(node, segment)) return segment;
  const wanted = spelled(segment);
  return wanted === '' ? undefined : Object.keys(node).find((key) => spelled(key) === wanted);
}

function follow(node: unknown, segments: string[], depth = 0): unknown {
  if (segments.length === 0) return node;
  if (!node || typeof node !== 'object' || Array.isArray(node) || depth > 16) return undefined;
  const record = node as Record<string, unknown>;
  const [segment, ...rest] = segments;
  const key = keyIn(record, segment);
  if (key !== undefined) {
    const found = follow(record[key], rest, depth + 1);
    if (found !== undefined) return found;
  }
  // A container the path names but this record does not have, or one it has but the path leaves out.
  if (CONTAINERS.includes(spelled(segment))) return follow(record, rest, depth + 1);
  for (const container of CONTAINERS) {
    const inner = keyIn(record, container);
    if (inner !== undefined && inner !== key) {
      const found = follow(record[inner], segments, depth + 1);
      if (found !== undefined) return found;
    }
  }
  return undefined;
}

/** The value of an app field in a record (its fieldFromApp, else its fieldId); undefined when absent. */
export function appFieldValue(record: Record<string, unknown>, row: Pick<CustomFieldRow, 'fieldId' | 'fieldFromApp'>): unknown {
  const fromApp = follow(record, row.fieldFromApp.split('.'));
  return fromApp !== undefined || row.fieldFromApp === row.fieldId ? fromApp : follow(record, row.fieldId.split('.'));
}

/** fieldToOrg -> the record's value of each custom row (null when the record has none). */
export function customFieldsOf(record: Record<string, unknown>, rows: readonly CustomFieldRow[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const row of rows) out[row.fieldToOrg] = appFieldValue(record, row) ?? null;
  return out;
}
