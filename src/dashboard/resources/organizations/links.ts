import { type TimeWindow, timeWindowMs } from '../../../shared/timeWindows.ts';

// Links into list screens with filters set. A list keeps its filters in the URL the way
// react-admin's <List> reads them (`?filter=<json>`), so a link opens the list already filtered.

/** `path?filter=<json>` for a list screen; blank values are left out. */
export function listUrl(path: string, filter: Readonly<Record<string, unknown>>): string {
  const kept = Object.fromEntries(Object.entries(filter).filter(([, value]) => value !== undefined && value !== null && value !== ''));
  return Object.keys(kept).length ? `${path}?filter=${encodeURIComponent(JSON.stringify(kept))}` : path;
}

/** Home's Organizations served card: the organizations list with the all-time filter. */
export const ORGANIZATIONS_ALL_TIME = listUrl('/dashboard/organizations', { timeFilter: 'all' });

/**
 * The logs' time period for an organizations time filter (part 2 §9): logs have no 'all', so the
 * org API-call link uses last180 when the filter is all or last365, else the same period.
 */
export function logsTimeFilterFor(timeFilter: string | undefined): Exclude<TimeWindow, 'last365'> {
  switch (timeFilter) {
    case 'last24h':
    case 'last30':
    case 'last60':
    case 'last180':
      return timeFilter;
    default:
      return 'last180';
  }
}

/** The API-call logs of one end-customer organisation, in the logs' period for the table's time filter. */
export function orgApiLogsUrl(orgId: string, timeFilter: string | undefined): string {
  return listUrl('/dashboard/logs', { isApiLogs: true, originOrgId: orgId, timestamp: timeWindowMs(logsTimeFilterFor(timeFilter)) });
}
