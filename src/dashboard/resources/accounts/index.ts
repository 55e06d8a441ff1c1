export { AccountList } from './AccountList.tsx';
export { ACCOUNT_ACTION_LABELS, accountActionsFor, editMappingUrl, hasActionsMenu, type AccountAction, type AccountActionId, type OrgFeatures } from './accountActions.ts';
export { shouldShowTestAccountPopup } from './testAccountPopup.ts';
