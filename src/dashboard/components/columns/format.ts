import { upcomingSyncStatusLabels } from '../../../generated/labels.ts';
import { DATE_FORMAT, SYNC_FREQUENCY_HOURS } from '../../../shared/constants.ts';
import { formatLocal, toDate } from '../../dates.ts';
import { groupedNumber } from '../../numbers.ts';
import { EMPTY_VALUE } from './roleLabel.ts';

// The shell's role chip reads roleLabel without this module's labels and formats.
export { EMPTY_VALUE, roleLabel } from './roleLabel.ts';

// Pure display rules of the list columns (part 1 §8-9, part 2 §4, §9), kept out of the components
// so they are tested as plain functions.

/** 'Do MMM YYYY, h:mm A' of an integer timestamp (unit from the contract's x-timestamp) or a date string. */
export function formatDate(value: unknown, unit: 's' | 'ms' = 'ms'): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  let date: Date | undefined;
  if (typeof value === 'number') date = toDate(unit === 's' ? value * 1000 : value);
  else if (typeof value === 'string' && /^\d+$/.test(value)) date = toDate(unit === 's' ? Number(value) * 1000 : Number(value));
  else if (typeof value === 'string' || value instanceof Date) date = toDate(value);
  return date ? formatLocal(date, DATE_FORMAT) : EMPTY_VALUE;
}

/** Status codes of 299 or less show as success, higher as error. */
export function statusTone(code: unknown): 'success' | 'error' | 'unknown' {
  const numeric = typeof code === 'string' ? Number(code) : code;
  if (typeof numeric !== 'number' || Number.isNaN(numeric)) return 'unknown';
  return numeric <= 299 ? 'success' : 'error';
}

/**
 * Sync status with its first letter capitalised: 'completed' -> 'Completed'; a running run with
 * the records it has read so far (its eventsProcessed, updated per page): 'Running: 300 records read'.
 */
export function syncStatusLabel(value: unknown, recordsRead?: unknown): string {
  if (typeof value !== 'string' || value === '') return EMPTY_VALUE;
  const label = value.charAt(0).toUpperCase() + value.slice(1);
  if (value !== 'running' || typeof recordsRead !== 'number') return label;
  return `${label}: ${formatNumber(recordsRead)} ${recordsRead === 1 ? 'record' : 'records'} read`;
}

/** The upcoming sync's date while the scheduler has one; otherwise what it waits for (the status's label). */
export function upcomingSyncLabel(row: { upcomingSync?: unknown; upcomingSyncStatus?: unknown }, unit: 's' | 'ms' = 'ms'): string {
  const { upcomingSync, upcomingSyncStatus } = row;
  if (upcomingSyncStatus === undefined || upcomingSyncStatus === 'scheduled') return formatDate(upcomingSync, unit);
  return upcomingSyncStatusLabels[upcomingSyncStatus as keyof typeof upcomingSyncStatusLabels] ?? formatDate(upcomingSync, unit);
}

/** Sync type: the part before the first underscore ('delta_sync' -> 'delta'). */
export function syncTypeLabel(value: unknown): string {
  if (typeof value !== 'string' || value === '') return EMPTY_VALUE;
  return value.split('_')[0] ?? value;
}

interface FrequencyRow {
  syncFrequency?: unknown;
  frequencyRate?: unknown;
  frequencyUnit?: unknown;
}

/** STANDARD / MEDIUM / HIGH as they are, anything else 'Every {frequencyRate} {frequencyUnit}'. */
export function syncFrequencyLabel(row: FrequencyRow): string {
  const { syncFrequency, frequencyRate, frequencyUnit } = row;
  if (typeof syncFrequency === 'string' && syncFrequency in SYNC_FREQUENCY_HOURS) return syncFrequency;
  if (frequencyRate !== null && frequencyRate !== undefined && frequencyUnit) return `Every ${String(frequencyRate)} ${String(frequencyUnit)}`;
  return typeof syncFrequency === 'string' && syncFrequency !== '' ? syncFrequency : EMPTY_VALUE;
}

/** The hours behind a named frequency, for its tooltip: 'Every 24 hours'. */
export function syncFrequencyHint(value: unknown): string | undefined {
  if (typeof value !== 'string' || !(value in SYNC_FREQUENCY_HOURS)) return undefined;
  return `Every ${SYNC_FREQUENCY_HOURS[value as keyof typeof SYNC_FREQUENCY_HOURS]} hours`;
}

/** Booleans arrive as booleans or as 'true'/'false' strings (testAccount); anything else is unknown. */
export function parseBoolean(value: unknown): boolean | undefined {
  if (value === true || value === 'true') return true;
  if (value === false || value === 'false') return false;
  return undefined;
}

/** Fills `{param}` placeholders of a route from a record; undefined when a value is missing. */
export function fillRoute(template: string, values: Readonly<Record<string, unknown>>): string | undefined {
  let missing = false;
  const path = template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') {
      missing = true;
      return '';
    }
    return encodeURIComponent(String(value));
  });
  return missing ? undefined : path;
}

export interface AppRef {
  id: string;
  label: string;
  logo?: string;
}

/** An app list item in any of the contract's shapes: an id string or { appId|id, label|name, logo }. */
export function toAppRef(item: unknown): AppRef | undefined {
  if (typeof item === 'string') return item ? { id: item, label: item } : undefined;
  if (!item || typeof item !== 'object') return undefined;
  const record = item as Record<string, unknown>;
  const id = [record.appId, record.id, record.value, record.label].find((v) => typeof v === 'string') as string | undefined;
  const label = [record.label, record.name, record.appLabel, id].find((v) => typeof v === 'string') as string | undefined;
  if (!id || !label) return undefined;
  // Integrated-app refs (organizations table) carry their icon as appLogo.
  const logo = [record.logo, record.appLogo].find((v) => typeof v === 'string' && v !== '') as string | undefined;
  return logo ? { id, label, logo } : { id, label };
}

/** The first `overflow` apps and how many more there are ('+N'). */
export function splitOverflow<T>(items: readonly T[], overflow: number): { shown: T[]; hidden: number } {
  return { shown: items.slice(0, overflow), hidden: Math.max(0, items.length - overflow) };
}

/** Minor units with a currency code: 12345, 'USD' -> '$123.45'. */
export function formatMoney(minor: unknown, currency: unknown): string {
  if (typeof minor !== 'number') return EMPTY_VALUE;
  const code = typeof currency === 'string' && currency ? currency.toUpperCase() : 'USD';
  try {
    return new Intl.NumberFormat('en-US', { style: 'currency', currency: code }).format(minor / 100);
  } catch {
    return `${(minor / 100).toFixed(2)} ${code}`;
  }
}

export function formatNumber(value: unknown): string {
  if (typeof value === 'number') return groupedNumber(value);
  if (typeof value === 'string' && value !== '' && !Number.isNaN(Number(value))) return groupedNumber(Number(value));
  return EMPTY_VALUE;
}

/** Plain text of any value; objects and arrays are joined by their labels where they have one. */
export function formatText(value: unknown): string {
  if (value === null || value === undefined || value === '') return EMPTY_VALUE;
  if (Array.isArray(value)) return value.map((item) => toAppRef(item)?.label ?? formatText(item)).join(', ') || EMPTY_VALUE;
  if (typeof value === 'object') {
    const record = value as Record<string, unknown>;
    const label = record.label ?? record.name;
    return typeof label === 'string' ? label : JSON.stringify(value);
  }
  return String(value);
}
