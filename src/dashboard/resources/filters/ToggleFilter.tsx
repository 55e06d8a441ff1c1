import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useInput } from 'react-admin';

export interface ToggleFilterProps {
  source: string;
  /** Names both sides: 'API Calls / Webhooks'. */
  label: string;
  alwaysOn?: boolean;
}

/** A boolean filter whose label names both sides ('API Calls / Webhooks') as a two-button switch. */
export function ToggleFilter({ source, label }: ToggleFilterProps) {
  const { field } = useInput({ source });
  const [on, off] = label.split(' / ');
  return (
    <ToggleButtonGroup exclusive size="small" color="primary" value={field.value === false ? 'off' : 'on'}
      onChange={(_, value: 'on' | 'off' | null) => value && field.onChange(value === 'on')} aria-label={label} sx={{ mb: 0.5, bgcolor: 'background.paper' }}>
      <ToggleButton value="on" sx={{ px: 2 }}>{on ?? 'On'}</ToggleButton>
      <ToggleButton value="off" sx={{ px: 2 }}>{off ?? 'Off'}</ToggleButton>
    </ToggleButtonGroup>
  );
}
