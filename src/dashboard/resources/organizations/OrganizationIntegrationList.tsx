import ArrowBack from '@mui/icons-material/ArrowBack';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useListContext } from 'react-admin';
import { Link as RouterLink } from 'react-router';
import { organizationIntegrationsResource } from '../../../generated/resources/organization-integrations.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { GeneratedList } from '../GeneratedList.tsx';

/** The organisation's name (from its rows) and id above the table. */
function OrgHeader({ orgId }: { orgId: string }) {
  const { data, isPending } = useListContext();
  const name = data?.find((row) => typeof row.organization === 'string')?.organization as string | undefined;
  return (
    <Box sx={{ px: 2, pt: 2 }}>
      <Typography variant="h5" component="h2" data-testid="org-name">
        {isPending ? '\u00a0' : (name ?? orgId)}
      </Typography>
      <Typography variant="caption" sx={{ fontFamily: 'monospace' }}>
        {orgId}
      </Typography>
    </Box>
  );
}

/** /dashboard/organizations/{orgId}: the generated table of one organisation's integrations. */
export function OrganizationIntegrationList({ params, title }: ScreenProps) {
  const orgId = params.orgId ?? '';
  return (
    <GeneratedList
      definition={organizationIntegrationsResource}
      params={{ orgId }}
      title={title}
      syncWithLocation
      header={<OrgHeader orgId={orgId} />}
      titleActions={
        <Button component={RouterLink} to="/dashboard/organizations" startIcon={<ArrowBack />} size="small">
          All organizations
        </Button>
      }
      emptyText="This organization has no integrations in this period."
      totalLabel="Integrations"
    />
  );
}
