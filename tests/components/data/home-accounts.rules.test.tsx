import { describe, expect, it } from 'vitest';
import { categoryLabel, categorySlices } from '../../../src/dashboard/components/charts/categorySlices.ts';
import { dateFilterValue } from '../../../src/dashboard/resources/filters/DateRangeFilter.tsx';
import { expiryHint } from '../../../src/dashboard/resources/accounts/AccountCells.tsx';
import { frequencyChoice } from '../../../src/dashboard/resources/accounts/SyncFrequencyDialog.tsx';
import { shouldShowTestAccountPopup } from '../../../src/dashboard/resources/accounts/testAccountPopup.ts';
import { listUrl, logsTimeFilterFor, orgApiLogsUrl, ORGANIZATIONS_ALL_TIME } from '../../../src/dashboard/resources/organizations/links.ts';

const filterOf = (url: string) => JSON.parse(new URL(url, 'http://x').searchParams.get('filter') ?? '{}') as Record<string, unknown>;
const DAY = 86_400_000;

describe('organizations links (part 2 §2, §9)', () => {
  it('the home card opens the organizations with the all-time filter', () => {
    expect(ORGANIZATIONS_ALL_TIME.startsWith('/dashboard/organizations?')).toBe(true);
    expect(filterOf(ORGANIZATIONS_ALL_TIME)).toEqual({ timeFilter: 'all' });
  });

  it('the API-call link uses last180 for all and last365, else the same period', () => {
    expect(logsTimeFilterFor('all')).toBe('last180');
    expect(logsTimeFilterFor('last365')).toBe('last180');
    expect(logsTimeFilterFor(undefined)).toBe('last180');
    for (const same of ['last24h', 'last30', 'last60', 'last180'] as const) expect(logsTimeFilterFor(same)).toBe(same);
  });

  it("links to the organisation's API logs with the period in milliseconds", () => {
    const url = orgApiLogsUrl('acme-42', 'all');
    expect(url.startsWith('/dashboard/logs?')).toBe(true);
    expect(filterOf(url)).toEqual({ isApiLogs: true, originOrgId: 'acme-42', timestamp: 180 * DAY });
    expect(filterOf(orgApiLogsUrl('acme-42', 'last24h')).timestamp).toBe(DAY);
  });

  it('leaves blank filter values out', () => {
    expect(listUrl('/dashboard/logs', { a: '', b: undefined })).toBe('/dashboard/logs');
  });
});

describe('test-account popup (10800 s)', () => {
  const now = 1_800_000_000;
  it('shows when never shown, and after more than 3 hours', () => {
    expect(shouldShowTestAccountPopup({ hideTestAccPopup: false, lastTestAccPopupAt: null }, now)).toBe(true);
    expect(shouldShowTestAccountPopup({ hideTestAccPopup: false, lastTestAccPopupAt: now - 10_801 }, now)).toBe(true);
  });
  it('stays hidden within 3 hours, and for good when hidden', () => {
    expect(shouldShowTestAccountPopup({ hideTestAccPopup: false, lastTestAccPopupAt: now - 10_800 }, now)).toBe(false);
    expect(shouldShowTestAccountPopup({ hideTestAccPopup: true, lastTestAccPopupAt: null }, now)).toBe(false);
  });
});

describe('test-account expiry icon', () => {
  const now = 1_800_000_000;
  it('says when a test account expires, or that it has expired', () => {
    expect(expiryHint({ testAccount: 'true', expiresAt: 4_082_423_548, expiredAt: null }, now)).toMatchObject({ expired: false, text: expect.stringMatching(/^Expires on .*2099/) });
    expect(expiryHint({ testAccount: 'true', expiresAt: null, expiredAt: now - 100 }, now)).toMatchObject({ expired: true, text: expect.stringMatching(/^Expired on /) });
    expect(expiryHint({ testAccount: 'true', expiresAt: now - 5, expiredAt: null }, now)?.expired).toBe(true);
  });
  it('shows nothing for production accounts', () => {
    expect(expiryHint({ testAccount: 'false', expiresAt: 4_082_423_548 }, now)).toBeUndefined();
  });
});

describe('sync frequency choice', () => {
  it('named frequencies, and custom with a whole rate of 1 to 720', () => {
    expect(frequencyChoice('HIGH', '', 'hours')).toEqual({ syncFrequency: 'HIGH' });
    expect(frequencyChoice('custom', '3', 'days')).toEqual({ syncFrequency: 'custom', frequencyRate: 3, frequencyUnit: 'days' });
    for (const bad of ['0', '721', '1.5', '', 'x']) expect(typeof frequencyChoice('custom', bad, 'hours')).toBe('string');
  });
});

describe('creation date range', () => {
  const now = new Date(2026, 10, 22, 10);
  it('a start is the beginning of its day, an end the end of its day', () => {
    expect(dateFilterValue('2026-11-01', false, now)).toBe(new Date(2026, 10, 1).getTime());
    expect(dateFilterValue('2026-11-01', true, now)).toBe(new Date(2026, 10, 1, 23, 59, 59, 999).getTime());
  });
  it('never goes beyond today', () => {
    expect(dateFilterValue('2027-01-01', true, now)).toBe(new Date(2026, 10, 22, 23, 59, 59, 999).getTime());
    expect(dateFilterValue('2027-01-01', false, now)).toBe(new Date(2026, 10, 22).getTime());
    expect(dateFilterValue('2026-11-22', true, now)).toBe(new Date(2026, 10, 22, 23, 59, 59, 999).getTime());
  });
  it('an empty or partial date is no filter', () => {
    expect(dateFilterValue('', false, now)).toBe('');
    expect(dateFilterValue('2026-1', false, now)).toBe('');
    expect(dateFilterValue('2026-02-30', false, now)).toBe('');
  });
});

describe('category chart slices', () => {
  it('drops empty categories, largest first, labels from the server when given', () => {
    expect(categorySlices({ HRIS: 3, ATS: 0, COMMS: 5 }, { COMMS: 'Communication' }).map((s) => [s.label, s.count])).toEqual([
      ['Communication', 5],
      ['HRIS', 3],
    ]);
  });
  it('reads category values without a label', () => {
    expect(categoryLabel('SUBSCRIPTION_MANAGEMENT')).toBe('Subscription Management');
    expect(categoryLabel('E_SIGN')).toBe('E-Sign');
    expect(categoryLabel('CRM')).toBe('CRM');
  });
});
