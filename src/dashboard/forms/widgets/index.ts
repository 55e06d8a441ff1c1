import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { LazyAppsMultiSelectWidget } from './LazyAppsMultiSelectWidget.tsx';
import { LogoUploadField, LogoUploadWidget } from './LogoUploadWidget.tsx';
import { SwitchWidget } from './SwitchWidget.tsx';

export type { AppsFormContext } from './AppsMultiSelectWidget.tsx';
export { preloadAppsMultiSelect } from './LazyAppsMultiSelectWidget.tsx';

/** The custom widgets the contract's x-ui names (hidden, radio, select, checkboxes are rjsf's own). */
export const contractWidgets: RegistryWidgetsType = {
  appsMultiSelect: LazyAppsMultiSelectWidget,
  logoUpload: LogoUploadWidget,
  switch: SwitchWidget,
};

/** Custom widgets named on object-valued properties become rjsf fields (objects are rendered by fields). */
export const contractFields: RegistryFieldsType = {
  logoUpload: LogoUploadField,
};
