export { ContractForm } from './ContractForm.tsx';
export type { AppChoice, CatalogApp, ContractFormProps, FormValues } from './types.ts';
export { applyDisabledUnless, contractErrorTransformer, contractMessageFor, messageKey, pathOf, serverErrorSchema, trimFormData } from './formRules.ts';
export { contractValidator, trimmingValidator } from './validator.ts';
export { dedupeApps, loadCatalogApps, requestedApp, REQUESTED_CATEGORY } from './catalogApps.ts';
export { AppsMultiSelectWidget, contractWidgets, LOGO_UPLOAD_PLACEHOLDER, LogoUploadWidget, SwitchWidget, type AppsFormContext } from './widgets/index.ts';
