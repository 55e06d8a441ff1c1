// The organizations screens: the list (here), and an organisation's integrations, a chunk of its
// own (app/screens.ts), so the list does not download it.
export { OrganizationList } from './OrganizationList.tsx';
export { listUrl, logsTimeFilterFor, orgApiLogsUrl, ORGANIZATIONS_ALL_TIME } from './links.ts';
