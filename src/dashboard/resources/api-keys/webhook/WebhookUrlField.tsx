import TaskAltRounded from '@mui/icons-material/TaskAltRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { DEFAULT_SCHEME } from '../../../machines/webhookTest/index.ts';
import { monoFontFamily } from '../../../theme/theme.ts';

interface WebhookUrlFieldProps {
  value: string;
  /** The https:// adornment: shown while the text typed has no scheme of its own. */
  showsPrefix: boolean;
  error: string | null;
  /** A call is in flight: the field waits for its answer (read-only, keeping focus). */
  locked: boolean;
  live: boolean;
  testing: boolean;
  canTest: boolean;
  onChange: (value: string) => void;
  onTest: () => void;
}

const HINT = 'The engine sends a signed test event to this URL; it goes live when the URL answers 200. A URL with http:// or https:// is used as written.';
const LIVE_HINT = 'Live: the URL answered 200. Now send each event below; editing the URL means testing it again.';

/** The webhook URL with its https:// prefix and the Test button, which reads Live once the URL answered 200. */
export function WebhookUrlField({ value, showsPrefix, error, locked, live, testing, canTest, onChange, onTest }: WebhookUrlFieldProps) {
  return (
    <Box
      component="form"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        if (canTest) onTest();
      }}
      sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', sm: 'row' } }}
    >
      <TextField
        id="webhook-url"
        label="Webhook URL"
        value={value}
        onChange={(event) => onChange(event.target.value)}
        error={error !== null}
        helperText={error ?? (live ? LIVE_HINT : HINT)}
        fullWidth
        size="small"
        autoFocus
        placeholder="hooks.example.com/knit"
        slotProps={{
          input: {
            readOnly: locked,
            sx: { fontFamily: monoFontFamily, fontSize: '0.875rem' },
            startAdornment: showsPrefix ? (
              <InputAdornment position="start" sx={{ mr: 0.25 }}>
                <Box component="span" sx={{ fontFamily: monoFontFamily, fontSize: '0.875rem', color: 'text.secondary' }}>
                  {DEFAULT_SCHEME}
                </Box>
              </InputAdornment>
            ) : undefined,
          },
          htmlInput: { spellCheck: false, autoCapitalize: 'off', autoCorrect: 'off', inputMode: 'url', 'data-testid': 'webhook-url' },
          formHelperText: { sx: { mx: 0 } },
        }}
      />
      {live ? (
        <Button variant="contained" color="success" startIcon={<TaskAltRounded />} disabled aria-label="Live" sx={{ flexShrink: 0, minWidth: 104, '&.Mui-disabled': { bgcolor: 'success.main', color: 'success.contrastText' } }}>
          Live
        </Button>
      ) : (
        <Button type="submit" variant="contained" disabled={!canTest} startIcon={testing ? <CircularProgress size={16} color="inherit" /> : undefined} sx={{ flexShrink: 0, minWidth: 104 }}>
          {testing ? 'Testing…' : 'Test'}
        </Button>
      )}
    </Box>
  );
}
