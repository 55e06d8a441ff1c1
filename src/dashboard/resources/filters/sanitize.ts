import type { FilterDefinition, ResourceDefinition } from '../../../generated/resources/types.ts';

// Filters reach a list from the URL, from react-admin's stored list state and from links, so a
// hand-edited, stale or broken one (`?filter={}`, a value the contract no longer has) must never
// reach the engine or stick in the browser: every value is checked against its contract filter,
// a bad or unknown one is dropped, and a filter with a contract default falls back to it.

type Values = Readonly<Record<string, unknown>>;

/** The longest text of a filter whose parameter states no maxLength. */
const MAX_TEXT = 256;
const isText = (value: unknown, maxLength = MAX_TEXT) => typeof value === 'string' && value.length <= maxLength && !/[\u0000-\u001f\u007f]/.test(value);
const isInstant = (value: unknown) => typeof value === 'number' && Number.isFinite(value) && value >= 0;

function validValue(filter: FilterDefinition, value: unknown): boolean {
  const choices = filter.choices;
  switch (filter.kind) {
    case 'toggle':
      return typeof value === 'boolean';
    case 'dateRange':
      return isInstant(value);
    case 'multiselect':
      return Array.isArray(value) && value.every((item) => (choices ? choices.includes(item) : isText(item)));
    case 'search':
      return isText(value, filter.maxLength);
    default:
      // A select over data (choicesFrom) takes any id; an enum select one of its choices.
      return choices && !filter.choicesFrom ? choices.includes(value as string) : isText(value, filter.maxLength) || typeof value === 'number';
  }
}

/**
 * The values of a list's filters that the contract accepts, with the defaults of the filters left
 * without one; `changed` says whether anything was dropped or defaulted. Keys that are no filter
 * of the list are dropped unless `keep` names them (route params and fixed request values).
 */
export function sanitizeFilters(definition: Pick<ResourceDefinition, 'filters'>, values: Values, keep: ReadonlySet<string> = new Set(), options: { defaults?: boolean } = {}): { values: Record<string, unknown>; changed: boolean } {
  const bySource = new Map<string, FilterDefinition>();
  for (const filter of definition.filters) {
    bySource.set(filter.source, filter);
    if (filter.end) bySource.set(filter.end, filter);
  }
  const out: Record<string, unknown> = {};
  let changed = false;
  for (const [key, value] of Object.entries(values)) {
    // A blank value is no filter (an input cleared to nothing): not sent, and nothing to correct.
    if (value === undefined || value === null || value === '') continue;
    const filter = bySource.get(key);
    if (filter ? validValue(filter, value) : keep.has(key)) out[key] = value;
    else changed = true;
  }
  // A range whose start is after its end is no range.
  for (const filter of definition.filters) {
    if (filter.kind !== 'dateRange' || !filter.end) continue;
    const start = out[filter.source];
    const end = out[filter.end];
    if (typeof start === 'number' && typeof end === 'number' && start > end) {
      delete out[filter.source];
      delete out[filter.end];
      changed = true;
    }
  }
  for (const filter of options.defaults === false ? [] : definition.filters) {
    if (filter.default !== undefined && out[filter.source] === undefined) {
      out[filter.source] = filter.default;
      changed = true;
    }
  }
  return { values: out, changed };
}
