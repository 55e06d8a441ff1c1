import { useQuery } from '@tanstack/react-query';
import { apiClients, unwrap } from '../../providers/index.ts';

// One GET call's answer shared by every filter and screen asking it: the filter bar's data choices
// and a screen's own use of the same call (home's category labels). A module of its own, so a
// screen reading it does not bring the filter bar's inputs.

const FIVE_MINUTES = 300_000;

/**
 * The `msg` of a GET call of the engine, cached five minutes by operation and query: every filter
 * and screen asking the same call shares one request.
 */
export function useOperationMsg<T>(call: { path: string; operationId: string } | undefined, query: Readonly<Record<string, string>>, select?: (msg: Record<string, unknown>) => T) {
  return useQuery({
    queryKey: [call?.operationId, query],
    enabled: call !== undefined,
    staleTime: FIVE_MINUTES,
    queryFn: async ({ signal }): Promise<Record<string, unknown>> => {
      // The path is the contract's (codegen checked it), so the call is typed loosely here.
      const client = apiClients.engine as unknown as { GET(path: string, init: object): Promise<{ data?: unknown; error?: unknown; response: Response }> };
      const body = (await unwrap(client.GET(call!.path, { params: { query }, signal }) as never)) as { msg?: Record<string, unknown> };
      return body.msg ?? {};
    },
    ...(select ? { select } : {}),
  });
}

