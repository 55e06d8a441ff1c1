import ArrowBack from '@mui/icons-material/ArrowBack';
import Button from '@mui/material/Button';
import { useMemo } from 'react';
import { orgDetailsForm } from '../../../generated/forms/orgDetails.ts';
import { ContractForm } from '../../forms/index.ts';
import { preloadAppsMultiSelect } from '../../forms/widgets/index.ts';
import type { OrgDetailsFields } from '../../machines/signUp/index.ts';

// Step 2 of sign-up (new users only): the organisation's details, a generated form with an apps
// multi-select, rendered by ContractForm (rjsf). A chunk of its own, fetched when the code is being
// verified in sign-up mode, so the first page and the login never download the form library.

// The form's apps multi-select is a chunk of its own: fetched with this one.
void preloadAppsMultiSelect().catch(() => undefined);

/** The schema's root description documents the API, not the form. */
const noRootDescription = { 'ui:label': false };

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
      form={orgDetailsForm}
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
