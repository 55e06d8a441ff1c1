import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import type { AccountsRow } from '../../../generated/resources/accounts.ts';
import { SYNC_FREQUENCY_HOURS } from '../../../shared/constants.ts';
import type { SyncFrequencyChoice } from './accountCalls.ts';

type Named = keyof typeof SYNC_FREQUENCY_HOURS;
type Unit = NonNullable<SyncFrequencyChoice['frequencyUnit']>;
const NAMED = Object.keys(SYNC_FREQUENCY_HOURS) as Named[];
const UNITS: Unit[] = ['minutes', 'hours', 'days'];
// The contract's bounds of a custom rate (AppIntegratedAccountOptionsActionBody.frequencyRate).
const MAX_RATE = 720;

interface SyncFrequencyDialogProps {
  row: AccountsRow;
  open: boolean;
  busy: boolean;
  onSave: (choice: SyncFrequencyChoice) => void;
  onClose: () => void;
}

/** The frequency the dialog sends, or an error text for an invalid custom rate. */
export function frequencyChoice(kind: Named | 'custom', rate: string, unit: Unit): SyncFrequencyChoice | string {
  if (kind !== 'custom') return { syncFrequency: kind };
  const value = Number(rate);
  if (!Number.isInteger(value) || value < 1 || value > MAX_RATE) return `Enter a whole number from 1 to ${MAX_RATE}`;
  return { syncFrequency: 'custom', frequencyRate: value, frequencyUnit: unit };
}

/** Sync frequency: STANDARD (24 h), MEDIUM (12 h), HIGH (6 h) or every N minutes/hours/days. */
export function SyncFrequencyDialog({ row, open, busy, onSave, onClose }: SyncFrequencyDialogProps) {
  const [kind, setKind] = useState<Named | 'custom'>(row.syncFrequency);
  const [rate, setRate] = useState(String(row.frequencyRate ?? 2));
  const [unit, setUnit] = useState<Unit>(row.frequencyUnit ?? 'hours');
  const choice = frequencyChoice(kind, rate, unit);
  const invalid = typeof choice === 'string';
  const unchanged =
    !invalid && choice.syncFrequency === row.syncFrequency && (kind !== 'custom' || (choice.frequencyRate === row.frequencyRate && choice.frequencyUnit === row.frequencyUnit));

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} maxWidth="xs" fullWidth aria-labelledby="frequency-title">
      <DialogTitle id="frequency-title">Sync frequency</DialogTitle>
      <DialogContent>
        <RadioGroup value={kind} onChange={(event) => setKind(event.target.value as Named | 'custom')} aria-label="Sync frequency">
          {NAMED.map((name) => (
            <FormControlLabel key={name} value={name} control={<Radio size="small" />} label={`${name} (every ${SYNC_FREQUENCY_HOURS[name]} hours)`} />
          ))}
          <FormControlLabel value="custom" control={<Radio size="small" />} label="Custom" />
        </RadioGroup>
        {kind === 'custom' && (
          <Box sx={{ display: 'flex', gap: 1.5, mt: 1.5, alignItems: 'flex-start' }}>
            <TextField
              label="Every"
              type="number"
              size="small"
              value={rate}
              onChange={(event) => setRate(event.target.value)}
              error={invalid}
              helperText={invalid ? choice : ' '}
              slotProps={{ htmlInput: { min: 1, max: MAX_RATE, step: 1 } }}
              sx={{ width: 120 }}
            />
            <TextField select label="Unit" size="small" value={unit} onChange={(event) => setUnit(event.target.value as Unit)} sx={{ width: 140 }}>
              {UNITS.map((u) => (
                <MenuItem key={u} value={u}>
                  {u}
                </MenuItem>
              ))}
            </TextField>
          </Box>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={busy}>
          Cancel
        </Button>
        <Button variant="contained" disabled={busy || invalid || unchanged} onClick={() => !invalid && onSave(choice)}>
          Save
        </Button>
      </DialogActions>
    </Dialog>
  );
}
