import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import type { components } from '../../../../generated/api/engine.ts';
import { API_KEY_ERROR_MESSAGE } from '../../../machines/onboarding/index.ts';
import { unwrap } from '../../../providers/index.ts';
import { useToast } from '../../../providers/index.ts';
import { useGettingStartedDeps } from '../gettingStartedDeps.ts';

type ApiKeys = components['schemas']['AppGetApiKeysResponse']['msg'];

// The API Keys page caches app.getApiKeys under the same key: the answer that created the key is
// the only one with it in full, so whichever page asked first keeps it for the other this visit.
const API_KEYS_QUERY = ['app.getApiKeys'] as const;

export interface ProductionApiKey {
  /** The key in full when this visit created or generated it; null when only its prefix is known. */
  full: string | null;
  /** The key as the engine names it (`sk_live_AbCd…`), or in full. */
  shown: string | null;
  isPending: boolean;
  isError: boolean;
  retry: () => void;
  /** Generate new API key: the previous production key stops working at once. */
  generate: () => Promise<void>;
  generating: boolean;
}

/**
 * The organisation's production API key for the snippets (spec part 1 §2: the embed and toolkit
 * steps). Asking for it creates it on an organisation's first call (the API key sub-step);
 * `onKnown` runs once the key is known so the journey can read that sub-step again.
 */
export function useProductionApiKey(onKnown?: () => void): ProductionApiKey {
  const { clients } = useGettingStartedDeps();
  const queryClient = useQueryClient();
  const toast = useToast();
  const [generating, setGenerating] = useState(false);
  const query = useQuery({
    queryKey: API_KEYS_QUERY,
    queryFn: ({ signal }) => unwrap(clients.engine.GET('/app.getApiKeys', { signal })).then((body): ApiKeys => body.msg),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
  const reported = useRef(false);
  useEffect(() => {
    if (query.isError) toast.error(new Error(API_KEY_ERROR_MESSAGE));
  }, [query.isError, query.error, toast]);
  useEffect(() => {
    if (!query.data || reported.current) return;
    reported.current = true;
    onKnown?.();
  }, [query.data, onKnown]);

  const generate = async () => {
    setGenerating(true);
    try {
      const body = await unwrap(clients.engine.GET('/app.getNewApiKeys', { params: { query: { sandbox: false } } }));
      queryClient.setQueryData<ApiKeys>(API_KEYS_QUERY, (before) =>
        before ? { ...before, prodApiKey: body.msg.newApiKey, prodApiKeyMasked: false } : before,
      );
    } catch (error) {
      toast.error(error);
      throw error;
    } finally {
      setGenerating(false);
    }
  };

  const data = query.data;
  return {
    full: data && !data.prodApiKeyMasked ? data.prodApiKey : null,
    shown: data?.prodApiKey ?? null,
    isPending: query.isPending,
    isError: query.isError,
    retry: () => void query.refetch(),
    generate,
    generating,
  };
}
