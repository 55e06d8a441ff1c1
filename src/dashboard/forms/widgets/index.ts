import type { RegistryFieldsType, RegistryWidgetsType } from '@rjsf/utils';
import { AppsMultiSelectWidget } from './AppsMultiSelectWidget.tsx';
import { LogoUploadField, LogoUploadWidget } from './LogoUploadWidget.tsx';
import { SwitchWidget } from './SwitchWidget.tsx';

export { AppsMultiSelectWidget, type AppsFormContext } from './AppsMultiSelectWidget.tsx';
export { LogoUploadField, LogoUploadWidget, LOGO_UPLOAD_PLACEHOLDER } from './LogoUploadWidget.tsx';
export { SwitchWidget } from './SwitchWidget.tsx';

/** The custom widgets the contract's x-ui names (hidden, radio, select, checkboxes are rjsf's own). */
export const contractWidgets: RegistryWidgetsType = {
  appsMultiSelect: AppsMultiSelectWidget,
  logoUpload: LogoUploadWidget,
  switch: SwitchWidget,
};

/** Custom widgets named on object-valued properties become rjsf fields (objects are rendered by fields). */
export const contractFields: RegistryFieldsType = {
  logoUpload: LogoUploadField,
};
