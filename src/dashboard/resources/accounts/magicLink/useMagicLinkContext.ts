import { useQuery } from '@tanstack/react-query';
import { useGetIdentity } from 'react-admin';
import type { DashboardIdentity } from '../../../providers/index.ts';
import { apiClients, unwrap } from '../../../providers/index.ts';
import { useFilterChoices } from '../../filterChoices.tsx';
import type { MagicLinkContext, Option } from './magicLinkForm.ts';

/**
 * Live AI connectors for the connectorIds choices, asked only of users with the ai_connectors flag.
 * Any failure (the AI service answering 501 while it is not built, a network error) means no AI
 * connectors are offered, which is what the spec says for an organisation without connectors.
 */
function useLiveConnectors(enabled: boolean) {
  return useQuery({
    queryKey: ['connectorsListLive'],
    queryFn: ({ signal }) =>
      unwrap(apiClients.ai.GET('/connectors.list.live', { signal })).then((body) =>
        body.msg.connectors.map((connector): Option => ({ value: connector.connectorId, label: connector.name })),
      ),
    enabled,
    retry: false,
    staleTime: 60_000,
  });
}

/** What the Create Magic Link form needs to know about the user's organisation; undefined while loading. */
export function useMagicLinkContext(open: boolean): { context: MagicLinkContext | undefined; error: unknown } {
  const { identity } = useGetIdentity();
  const user = (identity as DashboardIdentity | undefined)?.user;
  const metadata = useFilterChoices('accounts');
  const aiFlag = user?.featureFlags?.ai_connectors === true;
  const connectors = useLiveConnectors(open && aiFlag);
  if (!user || metadata.isPending || (aiFlag && open && connectors.isPending)) return { context: undefined, error: metadata.error };
  const meta = user.orgMetaData;
  const languages = meta?.featureList?.languageOptions ? (meta.languageOptions ?? []) : [];
  return {
    context: {
      defaultIntegrationType: user.defaultIntegrationType,
      categories: metadata.data?.categories ?? [],
      languages,
      connectors: connectors.data ?? [],
    },
    error: metadata.error,
  };
}
