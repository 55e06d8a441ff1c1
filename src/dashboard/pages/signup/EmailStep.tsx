import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useMemo } from 'react';
import { forms } from '../../../generated/forms/index.ts';
import { OTP_LENGTH } from '../../../shared/constants.ts';
import { ContractForm } from '../../forms/index.ts';
import type { OrgDetailsFields } from '../../machines/signUp/index.ts';

// The three steps of the sign-up screen as forms. Each renders a generated form definition through
// ContractForm (the contract's rules and messages) and only reports the values: the page sends
// them to the sign-up machine.

/** Fields the machine fills from its context: hidden in every step. */
const contextFields = { newUser: { 'ui:widget': 'hidden' }, data: { 'ui:widget': 'hidden' } };
// The forms' schema descriptions are API documentation, not help for the person signing up.
const noRootDescription = { 'ui:label': false };

// ContractForm treats a new formData object as new values from outside and resets the fields to
// it, so every step keeps its formData stable across re-renders (the countdown re-renders each second).

export function EmailStep({ email, busy, submitLabel, onSubmit }: { email: string; busy: boolean; submitLabel: string; onSubmit: (email: string) => void }) {
  // An empty string would fail `format` before `required`: leave the field absent until typed.
  const formData = useMemo(() => (email ? { userEmail: email } : {}), [email]);
  return (
    <ContractForm<{ userEmail: string }>
      form={forms.signUpEmail}
      formData={formData}
      uiSchema={{
        ...noRootDescription,
        ...contextFields,
        userEmail: { 'ui:autofocus': true, 'ui:options': { inputType: 'email' }, 'ui:autocomplete': 'email' },
      }}
      busy={busy}
      submitLabel={submitLabel}
      idPrefix="signup-email"
      onSubmit={(values) => onSubmit(values.userEmail)}
    />
  );
}

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
      <ContractForm<{ userEmail: string; otp: string }>
        form={forms.signUpOtp}
        formData={formData}
        uiSchema={{
          ...noRootDescription,
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
      </ContractForm>
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

const goLiveLabels = { immediately: 'Immediately', '30_days': 'Within 30 days', '3_months': 'Within 3 months', not_sure: 'Not sure yet' };

export interface DetailsStepProps {
  email: string;
  busy: boolean;
  /** An invitee joins the inviting organisation: its name is prefilled and fixed. */
  inviteOrgName: string | null;
  onSubmit: (details: OrgDetailsFields) => void;
  onPrevious: () => void;
}

export function DetailsStep({ email, busy, inviteOrgName, onSubmit, onPrevious }: DetailsStepProps) {
  const formData = useMemo(() => ({ userEmail: email, ...(inviteOrgName ? { orgName: inviteOrgName } : {}) }), [email, inviteOrgName]);
  return (
    <ContractForm<OrgDetailsFields & { userEmail: string }>
      form={forms.orgDetails}
      formData={formData}
      uiSchema={{
        ...noRootDescription,
        username: { 'ui:autofocus': true, 'ui:autocomplete': 'name' },
        // The schema's descriptions document the API; the person signing up gets these instead.
        orgName: {
          'ui:description': inviteOrgName ? 'You are joining this organisation.' : 'The company you are setting up integrations for.',
          ...(inviteOrgName ? { 'ui:readonly': true } : {}),
          'ui:autocomplete': 'organization',
        },
        apps: { 'ui:description': 'Pick from the catalog, or type a name and press Enter to request an app.' },
        goLivePlan: { 'ui:description': 'Optional.', 'ui:enumNames': Object.values(goLiveLabels) },
        orgSize: { 'ui:description': 'Optional. Number of employees.' },
      }}
      busy={busy}
      submitLabel="Create account"
      idPrefix="signup-details"
      onSubmit={({ username, orgName, apps, goLivePlan, orgSize }) =>
        onSubmit({ username, orgName, apps, ...(goLivePlan ? { goLivePlan } : {}), ...(orgSize ? { orgSize } : {}) })
      }
    >
      <Button variant="text" color="inherit" startIcon={<ArrowBack />} onClick={onPrevious} disabled={busy} sx={{ color: 'text.secondary' }}>
        Previous
      </Button>
    </ContractForm>
  );
}
