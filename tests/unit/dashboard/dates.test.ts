import { describe, expect, it } from 'vitest';
import { dayString, daysBefore, formatLocal, ordinal, parseDay, toDate } from '../../../src/dashboard/dates.ts';

// The dates of the tables, chart axes and date inputs, in the local time zone (the suite runs in
// whatever zone the machine has: every expectation is built from local dates).
describe('dates', () => {
  it('writes the spec\'s patterns', () => {
    const afternoon = new Date(2026, 0, 2, 15, 4);
    expect(formatLocal(afternoon, 'Do MMM YYYY, h:mm A')).toBe('2nd Jan 2026, 3:04 PM');
    expect(formatLocal(new Date(2026, 8, 30, 0, 5), 'Do MMM YYYY, h:mm A')).toBe('30th Sep 2026, 12:05 AM');
    expect(formatLocal(new Date(2026, 11, 11, 12, 0), 'Do MMM YYYY, h:mm A')).toBe('11th Dec 2026, 12:00 PM');
    expect(formatLocal(afternoon, 'h A')).toBe('3 PM');
    expect(formatLocal(afternoon, 'D MMM')).toBe('2 Jan');
    expect(formatLocal(afternoon, 'MMM YYYY')).toBe('Jan 2026');
    expect(formatLocal(afternoon, 'YYYY-MM-DD')).toBe('2026-01-02');
    expect(formatLocal(afternoon, 'YYYY-MM-DDTHH:mm')).toBe('2026-01-02T15:04');
    expect(formatLocal(new Date(2026, 0, 2, 9, 5), 'YYYY-MM-DDTHH:mm')).toBe('2026-01-02T09:05');
  });

  it('gives days their ordinal', () => {
    const expected = { 1: '1st', 2: '2nd', 3: '3rd', 4: '4th', 11: '11th', 12: '12th', 13: '13th', 21: '21st', 22: '22nd', 23: '23rd', 30: '30th', 31: '31st', 111: '111th', 101: '101st' };
    for (const [n, text] of Object.entries(expected)) expect(ordinal(Number(n))).toBe(text);
  });

  it('reads dates without a zone as local time and the others as they say', () => {
    expect(toDate('2026-11-27')?.getTime()).toBe(new Date(2026, 10, 27).getTime());
    expect(toDate('2026-11-27T10:30:15.5')?.getTime()).toBe(new Date(2026, 10, 27, 10, 30, 15, 500).getTime());
    expect(toDate('2026-11-27 10:30')?.getTime()).toBe(new Date(2026, 10, 27, 10, 30).getTime());
    expect(toDate('2026-11-27T10:30:00Z')?.getTime()).toBe(Date.UTC(2026, 10, 27, 10, 30));
    expect(toDate('2026-11-27T10:30:00+02:00')?.getTime()).toBe(Date.UTC(2026, 10, 27, 8, 30));
    expect(toDate(0)?.getTime()).toBe(0);
    for (const bad of ['', 'yesterday', '2026-02-30', '2026-13-01']) expect(toDate(bad)).toBeUndefined();
    expect(toDate(Number.NaN)).toBeUndefined();
  });

  it('reads and writes the days of date inputs', () => {
    expect(parseDay('2026-11-27')?.getTime()).toBe(new Date(2026, 10, 27).getTime());
    for (const bad of ['2026-11-7', '2026-11-27T00:00', '2026-02-29']) expect(parseDay(bad)).toBeUndefined();
    expect(parseDay('2028-02-29')).toBeDefined();
    expect(dayString(daysBefore(new Date(2026, 2, 1, 9), 1))).toBe('2026-02-28');
    expect(dayString(daysBefore(new Date(2026, 0, 5), 30))).toBe('2025-12-06');
  });
});
