import { syncsResource } from '../../../generated/resources/syncs.ts';
import type { ScreenProps } from '../../app/screens.ts';
import { GeneratedList } from '../GeneratedList.tsx';
import { filterOf, MetadataFilter } from '../filterChoices.tsx';
import { useListFailure } from '../listHooks.ts';
import { SYNCS_ERROR_MESSAGE } from './syncRules.ts';

const organization = filterOf(syncsResource, 'organization');
const integration = filterOf(syncsResource, 'integration');

// The filter bar of the syncs list: both choices come from app.filtersMetadata?pageId=syncs; the
// organisation narrows the integrations.
const filters = [
  <MetadataFilter key={organization.source} source={organization.source} label={organization.label} pageId="syncs" list="organizations" autocomplete alwaysOn />,
  <MetadataFilter
    key={integration.source}
    source={integration.source}
    label={integration.label}
    pageId="syncs"
    list="integrations"
    narrow={(values) => ({ originOrgId: typeof values.organization === 'string' ? values.organization : undefined })}
    autocomplete
    alwaysOn
  />,
];

/** /dashboard/syncs: 'Total Active Syncs' and the sync jobs (the generated syncs list, filters from the server). */
export function SyncList({ title }: ScreenProps) {
  const onError = useListFailure({ fallback: SYNCS_ERROR_MESSAGE });
  return (
    <GeneratedList
      definition={syncsResource}
      title={title}
      pageNumbers
      noWrap
      totalLabel="Total Active Syncs"
      filters={filters}
      onError={onError}
      errorText={SYNCS_ERROR_MESSAGE}
      emptyText="No sync jobs match these filters."
    />
  );
}
