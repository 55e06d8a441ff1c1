import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import { ariaDescribedByIds, labelValue, type WidgetProps } from '@rjsf/utils';

/** `ui:widget: switch`: a boolean as an MUI switch (magic link toggles). */
export function SwitchWidget(props: WidgetProps) {
  const { id, htmlName, value, disabled, readonly, label, hideLabel, onChange, onBlur, onFocus } = props;
  return (
    <FormControlLabel
      control={
        <Switch
          id={id}
          name={htmlName || id}
          checked={value === true}
          disabled={disabled || readonly}
          onChange={(_, checked) => onChange(checked)}
          onBlur={() => onBlur(id, value)}
          onFocus={() => onFocus(id, value)}
          slotProps={{ input: { 'aria-describedby': ariaDescribedByIds(id) } }}
        />
      }
      label={labelValue(label, hideLabel, false)}
    />
  );
}
