import { describe, expect, it } from 'vitest';
import { sanitizeFilters } from '../../../src/dashboard/resources/filters/sanitize.ts';
import { resourceList } from '../../../src/generated/resources/index.ts';
import type { FilterDefinition } from '../../../src/generated/resources/types.ts';

// Every list screen falls back to its contract defaults when a filter from the URL, the stored
// list state or a link is one the contract refuses, and keeps every value it accepts.

const defaultsOf = (filters: readonly FilterDefinition[]) =>
  Object.fromEntries(filters.filter((f) => f.default !== undefined).map((f) => [f.source, f.default]));

function validValues(filter: FilterDefinition): Record<string, unknown> {
  switch (filter.kind) {
    case 'toggle': return { [filter.source]: !filter.default };
    case 'dateRange': return { [filter.source]: 1_700_000_000_000, ...(filter.end ? { [filter.end]: 1_700_000_500_000 } : {}) };
    case 'multiselect': return { [filter.source]: filter.choices?.slice(0, 1) ?? ['x'] };
    case 'search': return { [filter.source]: 'abc' };
    default: return { [filter.source]: filter.choices && !filter.choicesFrom ? filter.choices[filter.choices.length - 1] : 'some-id' };
  }
}

describe.each(resourceList.filter((r) => r.filters.length > 0).map((r) => [r.name, r] as const))('the %s list', (_name, definition) => {
  it('falls back to its defaults from an empty filter (?filter={})', () => {
    const { values } = sanitizeFilters(definition, {});
    expect(values).toEqual(defaultsOf(definition.filters));
  });

  it('drops values the contract refuses and keys that are no filter, and says so', () => {
    const broken: Record<string, unknown> = { notAFilter: 'x' };
    for (const filter of definition.filters) {
      broken[filter.source] = { $gt: '' };
      if (filter.end) broken[filter.end] = 'yesterday';
    }
    const { values, changed } = sanitizeFilters(definition, broken);
    expect(changed).toBe(true);
    expect(values).toEqual(defaultsOf(definition.filters));
  });

  it("drops a text longer than its parameter's maxLength, and keeps one exactly as long", () => {
    for (const filter of definition.filters.filter((f) => f.maxLength !== undefined && (f.kind === 'search' || f.choicesFrom))) {
      const longest = 'a'.repeat(filter.maxLength!);
      expect(sanitizeFilters(definition, { [filter.source]: longest }).values[filter.source]).toBe(longest);
      const { values, changed } = sanitizeFilters(definition, { [filter.source]: `${longest}a` });
      expect(changed).toBe(true);
      expect(values[filter.source]).toBe(filter.default);
    }
  });

  it('keeps every value the contract accepts, and route params it is told to keep', () => {
    const good = Object.assign({}, ...definition.filters.map(validValues)) as Record<string, unknown>;
    const { values, changed } = sanitizeFilters(definition, { ...good, jobId: 'job_1' }, new Set(['jobId']));
    expect(values).toEqual({ ...good, jobId: 'job_1' });
    expect(changed).toBe(false);
  });
});

it("a search filter's longest value is its parameter's maxLength (users: 100 characters)", () => {
  const users = resourceList.find((r) => r.name === 'user-management')!;
  expect(users.filters.find((f) => f.source === 'search')?.maxLength).toBe(100);
});

describe('date ranges', () => {
  it('drop a range whose start is after its end', () => {
    const accounts = resourceList.find((r) => r.name === 'accounts')!;
    const { values } = sanitizeFilters(accounts, { start: 2_000, end: 1_000 });
    expect(values.start).toBeUndefined();
    expect(values.end).toBeUndefined();
  });
});
