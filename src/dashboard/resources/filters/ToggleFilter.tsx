import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useInput } from 'react-admin';

export interface ToggleFilterProps {
  source: string;
  /** Names both sides: 'API Calls / Webhooks'. */
  label: string;
  alwaysOn?: boolean;
}

/**
 * A two-button switch in the filter bar. On a phone the bar's inputs take the full width, and so do
 * the two buttons, half each: otherwise the group's background showed as an empty strip beside them.
 */
export const FILTER_SWITCH_SX = { mb: 0.5, bgcolor: 'background.paper', '& .MuiToggleButton-root': { flex: { xs: 1, sm: 'initial' }, px: 2 } } as const;

/** A boolean filter whose label names both sides ('API Calls / Webhooks') as a two-button switch. */
export function ToggleFilter({ source, label }: ToggleFilterProps) {
  const { field } = useInput({ source });
  const [on, off] = label.split(' / ');
  return (
    <ToggleButtonGroup exclusive size="small" color="primary" value={field.value === false ? 'off' : 'on'}
      onChange={(_, value: 'on' | 'off' | null) => value && field.onChange(value === 'on')} aria-label={label} sx={FILTER_SWITCH_SX}>
      <ToggleButton value="on">{on ?? 'On'}</ToggleButton>
      <ToggleButton value="off">{off ?? 'Off'}</ToggleButton>
    </ToggleButtonGroup>
  );
}
