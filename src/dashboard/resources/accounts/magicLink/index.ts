export { MagicLinkDialog, MagicLinkForm, NO_CATEGORIES_MESSAGE, createMagicLink, type MagicLinkDialogProps, type MagicLinkFormProps } from './MagicLinkDialog.tsx';
export { COPIED_MESSAGE, MagicLinkResultDialog, useCopy, type MagicLinkResultDialogProps } from './MagicLinkResultDialog.tsx';
export {
  CONNECTOR_TYPE_LABELS,
  connectorTypesFor,
  keepAsked,
  languagesFor,
  magicLinkDefaults,
  magicLinkFormFor,
  magicLinkUiSchema,
  type MagicLinkContext,
  type MagicLinkValues,
  type Option,
} from './magicLinkForm.ts';
