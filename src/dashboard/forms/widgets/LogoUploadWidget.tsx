import TextField from '@mui/material/TextField';
import type { FieldProps, WidgetProps } from '@rjsf/utils';

const LOGO_UPLOAD_PLACEHOLDER = 'Logo upload is not built yet';

const fileNameOf = (value: unknown) =>
  value && typeof value === 'object' ? ((value as { fileName?: string | null }).fileName ?? '') : String(value ?? '');

function Placeholder({ id, label, value }: { id: string; label: string; value: unknown }) {
  return <TextField id={id} label={label} value={fileNameOf(value)} disabled fullWidth helperText={LOGO_UPLOAD_PLACEHOLDER} />;
}

/**
 * `ui:widget: logoUpload`: a placeholder until the personalisation screen's uploader (svg only,
 * 204,800 bytes, signed-URL PUT) is built; it keeps the current value and says so.
 */
export function LogoUploadWidget(props: WidgetProps) {
  return <Placeholder id={props.id} label={props.label} value={props.value} />;
}

/** The same placeholder for an object-valued logo (orgLogo {url, fileName, defaultUrl}): rjsf renders objects with fields, not widgets. */
export function LogoUploadField(props: FieldProps) {
  return <Placeholder id={props.fieldPathId.$id} label={props.schema.title ?? props.name} value={props.formData} />;
}
