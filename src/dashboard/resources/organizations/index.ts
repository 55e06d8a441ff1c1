export { OrganizationList } from './OrganizationList.tsx';
export { OrganizationIntegrationList } from './OrganizationIntegrationList.tsx';
export { listUrl, logsPeriodMs, logsTimeFilterFor, orgApiLogsUrl, ORGANIZATIONS_ALL_TIME, type TimeFilter } from './links.ts';
