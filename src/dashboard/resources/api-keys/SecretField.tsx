import CheckRounded from '@mui/icons-material/CheckRounded';
import ContentCopyRounded from '@mui/icons-material/ContentCopyRounded';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import InputAdornment from '@mui/material/InputAdornment';
import Skeleton from '@mui/material/Skeleton';
import TextField from '@mui/material/TextField';
import type { ReactNode } from 'react';
import { COPIED_MESSAGE } from '../../components/useCopy.ts';
import { monoFontFamily } from '../../theme/theme.ts';

interface SecretFieldProps {
  label: string;
  /** The key or secret: in full, or its masked prefix; undefined while loading. */
  value: string | undefined;
  /** Whether `value` is the full secret (only then can it be copied). */
  full: boolean;
  copied: boolean;
  onCopy: () => void;
  /** Under the field: whether it is shown in full, and for how long. */
  hint: ReactNode;
  hintTone?: 'success' | 'secondary';
  /** A button beside the field (Generate, Rotate). */
  action?: ReactNode;
}

/**
 * A key or secret in a read-only field (selectable, named by its label, its hint read with it)
 * with Copy, which reads 'Copied' for 1 s. A masked value cannot be copied: only its prefix is kept.
 */
export function SecretField({ label, value, full, copied, onCopy, hint, hintTone = 'secondary', action }: SecretFieldProps) {
  const fieldId = `secret-${label.toLowerCase().replace(/\W+/g, '-')}`;
  return (
    <Box sx={{ display: 'flex', gap: 1.5, alignItems: 'flex-start', flexDirection: { xs: 'column', md: 'row' } }}>
      {value === undefined ? (
        <Box sx={{ flex: 1, width: '100%' }} aria-busy="true" aria-label={`Loading ${label}`}>
          <Skeleton variant="rounded" height={40} />
          <Skeleton variant="text" width="45%" />
        </Box>
      ) : (
        <TextField
          id={fieldId}
          label={label}
          value={value}
          size="small"
          fullWidth
          helperText={hint}
          onFocus={(event) => (event.target as HTMLInputElement).select?.()}
          slotProps={{
            formHelperText: { sx: { color: hintTone === 'success' ? 'success.main' : 'text.secondary', mx: 0 } },
            input: {
              readOnly: true,
              sx: { fontFamily: monoFontFamily, fontSize: '0.8125rem' },
              endAdornment: (
                <InputAdornment position="end">
                  <Button
                    size="small"
                    onClick={onCopy}
                    disabled={!full}
                    color={copied ? 'success' : 'primary'}
                    startIcon={copied ? <CheckRounded /> : <ContentCopyRounded />}
                    aria-label={copied ? `${label} copied` : `Copy ${label}`}
                    sx={{ minHeight: 30, minWidth: 92, mr: -0.75 }}
                  >
                    {copied ? COPIED_MESSAGE : 'Copy'}
                  </Button>
                </InputAdornment>
              ),
            },
            htmlInput: { spellCheck: false },
          }}
        />
      )}
      {action && <Box sx={{ flexShrink: 0, pt: { md: 0.125 } }}>{action}</Box>}
    </Box>
  );
}
