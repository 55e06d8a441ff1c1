/*
 * Reading a vendor's record: its values as the unified models want them (a missing or empty value
 * is null, a number only when it is one), and its nested objects and lists without a throw when
 * the vendor leaves them out.
 */
export type VendorRecord = Record<string, unknown>;
export type Unified = Record<string, unknown>;

export const str = (value: unknown): string | null => (value === null || value === undefined || value === '' ? null : String(value));
export const num = (value: unknown): number | null => (typeof value === 'number' && Number.isFinite(value) ? value : null);
export const obj = (value: unknown): VendorRecord => (value && typeof value === 'object' && !Array.isArray(value) ? (value as VendorRecord) : {});
export const arr = (value: unknown): VendorRecord[] => (Array.isArray(value) ? value.map(obj) : []);
/** A CRM record's values, kept under `properties`. */
export const props = (record: VendorRecord): VendorRecord => obj(record.properties);
/** An amount the vendor gives in cents (minor units), in units; null when it gives none. */
export const fromCents = (value: unknown): number | null => (num(value) === null ? null : Math.round(value as number) / 100);
/** A time the vendor gives in Unix seconds, as ISO 8601; null when it gives none. */
export const fromUnix = (value: unknown): string | null => (num(value) === null ? null : new Date((value as number) * 1000).toISOString());
/** A vendor's code in the model's values (`table` maps the vendor's codes); null for a code of the vendor's own. */
export const codeOf = (table: Record<string, string>, value: unknown): string | null => (typeof value === 'string' && Object.hasOwn(table, value) ? table[value] : null);
