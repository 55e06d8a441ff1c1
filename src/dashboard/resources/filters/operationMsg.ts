import { useQuery } from '@tanstack/react-query';
import type { FilterDefinition } from '../../../generated/resources/types.ts';
import { apiClients, unwrap } from '../../providers/index.ts';

// One GET call's answer shared by every filter and screen asking it: the filter bar's data choices
// and a screen's own use of the same call (home's category labels). A module of its own, so a
// screen reading it does not bring the filter bar's inputs.

const FIVE_MINUTES = 300_000;

type Call = { path: string; operationId: string };

/**
 * The query of one GET call's `msg`, by operation and query: what useOperationMsg reads, and what
 * the route preload (app/listPreload.ts) fetches ahead into the same cache entry.
 */
export function operationMsgQuery(call: Call | undefined, query: Readonly<Record<string, string>>) {
  return {
    queryKey: [call?.operationId, query],
    staleTime: FIVE_MINUTES,
    queryFn: async ({ signal }: { signal: AbortSignal }): Promise<Record<string, unknown>> => {
      // The path is the contract's (codegen checked it), so the call is typed loosely here.
      const client = apiClients.engine as unknown as { GET(path: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }> };
      const body = (await unwrap(client.GET(call!.path, { params: { query }, signal }) as never)) as { msg?: Record<string, unknown> };
      return body.msg ?? {};
    },
  };
}

/**
 * The `msg` of a GET call of the engine, cached five minutes by operation and query: every filter
 * and screen asking the same call shares one request.
 */
export function useOperationMsg<T>(call: Call | undefined, query: Readonly<Record<string, string>>, select?: (msg: Record<string, unknown>) => T) {
  return useQuery({
    ...operationMsgQuery(call, query),
    enabled: call !== undefined,
    ...(select ? { select } : {}),
  });
}

/** The query of a filter's choicesFrom call: its fixed parameters plus the narrowing filters that are set. */
export function choicesQuery(from: NonNullable<FilterDefinition['choicesFrom']>, filterValues: Readonly<Record<string, unknown>>): Record<string, string> {
  const narrowing = Object.entries(from.narrowBy ?? {})
    .map(([param, source]) => [param, filterValues[source]] as const)
    .filter((entry): entry is readonly [string, string] => typeof entry[1] === 'string' && entry[1] !== '');
  return { ...from.query, ...Object.fromEntries(narrowing) };
}
