import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { signUpOtpForm } from '../../../generated/forms/signUpOtp.ts';
import { OTP_LENGTH } from '../../../shared/constants.ts';
import { TextContractForm } from '../../forms/TextContractForm.tsx';

// Step 1 of sign-up and login: the e-mailed code, with the resend countdown. A chunk of its own,
// fetched while the e-mail is being sent (step 0's form): the first page carries only step 0.

/** Fields the machine fills from its context: hidden. */
const contextFields = { newUser: { 'ui:widget': 'hidden' }, data: { 'ui:widget': 'hidden' } };

// The form resets its fields to a new formData object, so the step keeps its formData stable
// across re-renders (the countdown re-renders each second).

function formatCountdown(seconds: number): string {
  const m = Math.floor(seconds / 60);
  const s = seconds % 60;
  return `${m}:${String(s).padStart(2, '0')}`;
}

export interface CodeStepProps {
  email: string;
  busy: boolean;
  countdown: number;
  canResend: boolean;
  onSubmit: (otp: string) => void;
  onResend: () => void;
  onPrevious: () => void;
}

export function CodeStep({ email, busy, countdown, canResend, onSubmit, onResend, onPrevious }: CodeStepProps) {
  const formData = useMemo(() => ({ userEmail: email }), [email]);
  return (
    <Box>
      <TextContractForm<{ userEmail: string; otp: string }>
        form={signUpOtpForm}
        formData={formData}
        uiSchema={{
            ...contextFields,
          userEmail: { 'ui:widget': 'hidden' },
          otp: {
            'ui:autofocus': true,
            'ui:autocomplete': 'one-time-code',
            'ui:options': { inputType: 'text' },
            'ui:description': `The ${OTP_LENGTH}-digit code from the e-mail; it is valid for 10 minutes.`,
            'ui:help': '',
          },
        }}
        busy={busy}
        submitLabel="Verify code"
        idPrefix="signup-otp"
        onSubmit={(values) => onSubmit(values.otp)}
      >
        <Button variant="text" color="inherit" startIcon={<ArrowBack />} onClick={onPrevious} disabled={busy} sx={{ color: 'text.secondary' }}>
          Previous
        </Button>
      </TextContractForm>
      <Box sx={{ mt: 3, pt: 2.5, borderTop: 1, borderColor: 'divider', display: 'flex', alignItems: 'center', justifyContent: 'space-between', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          Didn't get the code?
        </Typography>
        <Button variant="outlined" size="small" onClick={onResend} disabled={!canResend || busy} data-testid="resend-code">
          {countdown > 0 ? (
            <>
              Resend code in{' '}
              <Box component="span" sx={{ fontVariantNumeric: 'tabular-nums', ml: 0.5 }} data-testid="resend-countdown">
                {formatCountdown(countdown)}
              </Box>
            </>
          ) : (
            'Resend code'
          )}
        </Button>
      </Box>
    </Box>
  );
}
