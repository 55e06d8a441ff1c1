import { describe, expect, it } from 'vitest';
import { engineDocument } from '../../../src/generated/contract/index.ts';
import { categoryValues, logPeriodMsValues, timeFilterValues } from '../../../src/generated/labels.ts';
import { CATEGORIES, isCategory } from '../../../src/shared/categories.ts';
import { INACTIVE_STATES, INTEGRATION_STATES, isInactiveState, STATE_BY_FILTER } from '../../../src/shared/integrationStates.ts';
import { DAY_MS, TIME_WINDOW_DAYS, timeFilterStart, timeWindowMs } from '../../../src/shared/timeWindows.ts';

// The shared vocabulary of src/shared agrees with the contract it is derived from.

const enumOf = (schema: string): unknown[] =>
  (engineDocument.components.schemas as Record<string, { enum?: unknown[] }>)[schema].enum ?? [];

describe('categories', () => {
  it('are the contract Category enum, in its order', () => {
    expect(CATEGORIES).toEqual(enumOf('Category'));
    expect(CATEGORIES).toBe(categoryValues);
    expect(isCategory('E_SIGN')).toBe(true);
    expect(isCategory('Requested')).toBe(false);
  });
});

describe('integration states', () => {
  it('are the contract IntegrationState enum, in its order, each selected by one state-filter value', () => {
    expect(INTEGRATION_STATES).toEqual(enumOf('IntegrationState'));
    expect(STATE_BY_FILTER).toMatchObject({ email_sent: 'Email sent', in_validation: 'Under validation' });
  });

  it('count Deactivated and Expired as no longer active', () => {
    expect(INACTIVE_STATES).toEqual(['Deactivated', 'Expired']);
    expect(INTEGRATION_STATES.filter(isInactiveState)).toEqual(['Deactivated', 'Expired']);
  });
});

describe('time windows', () => {
  it('exist for every time filter but all, and are the logs periods of the contract (LogPeriodMs)', () => {
    expect(Object.keys(TIME_WINDOW_DAYS)).toEqual(timeFilterValues.filter((value) => value !== 'all'));
    expect(Object.keys(TIME_WINDOW_DAYS).map((w) => timeWindowMs(w as keyof typeof TIME_WINDOW_DAYS))).toEqual([...logPeriodMsValues]);
  });

  it('start a filter that far back from now, and all (or no filter) has no start', () => {
    const now = Date.UTC(2026, 10, 30, 12);
    expect(timeFilterStart('last24h', now)).toBe(now - DAY_MS);
    expect(timeFilterStart('last180', now)).toBe(now - 180 * DAY_MS);
    expect(timeFilterStart('all', now)).toBeUndefined();
    expect(timeFilterStart(undefined, now)).toBeUndefined();
  });
});
