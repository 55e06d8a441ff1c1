import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import { useInput } from 'react-admin';
import { useFormContext } from 'react-hook-form';
import { FILTER_SWITCH_SX } from '../filters/ToggleFilter.tsx';
import { DEFAULT_LOG_PERIOD, type LogView } from './logViews.ts';

interface LogViewSwitchProps {
  source: string;
  /** 'API Calls / Webhooks': the contract's label names both sides. */
  label: string;
  /** The period filter, set back to the last 30 days on a switch. */
  periodSource: string;
  alwaysOn?: boolean;
}

/**
 * The 'API Calls' / 'Webhooks' switch of the logs filter bar. Switching opens the other view on
 * the last 30 days (part 2 §2: webhook logs open with a last-30-days filter); like any filter
 * change, it goes back to page 1.
 */
export function LogViewSwitch({ source, label, periodSource }: LogViewSwitchProps) {
  const { field } = useInput({ source });
  const { setValue } = useFormContext();
  const [apiLabel, webhookLabel] = label.split(' / ');
  const view: LogView = field.value === false ? 'webhook' : 'api';
  return (
    <ToggleButtonGroup
      exclusive
      size="small"
      color="primary"
      value={view}
      aria-label={label}
      onChange={(_, next: LogView | null) => {
        if (!next || next === view) return;
        setValue(periodSource, DEFAULT_LOG_PERIOD, { shouldDirty: true });
        field.onChange(next === 'api');
      }}
      sx={FILTER_SWITCH_SX}
    >
      <ToggleButton value="api">
        {apiLabel}
      </ToggleButton>
      <ToggleButton value="webhook">
        {webhookLabel}
      </ToggleButton>
    </ToggleButtonGroup>
  );
}
