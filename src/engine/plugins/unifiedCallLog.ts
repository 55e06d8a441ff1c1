import type { FastifyInstance } from 'fastify';
import type { EngineServices } from '../handlers/types.ts';
import { recordUnifiedCall } from '../services/unifiedCallLog.ts';
import { unifiedCallOf } from '../services/unifiedCalls.ts';

// Every unified API call is in the API logs by the time its caller has the answer: the answer
// carries the call's execution id (X-Knit-Execution-Id, as the logs list it) and is sent once the
// log is written. A log that cannot be written costs the log, never the answer.
export const EXECUTION_HEADER = 'x-knit-execution-id';

export function registerUnifiedCallLog(app: FastifyInstance, services: EngineServices): void {
  app.addHook('onSend', async (request, reply, payload) => {
    const call = unifiedCallOf(request);
    if (!call) return payload;
    void reply.header(EXECUTION_HEADER, call.executionId);
    try {
      await recordUnifiedCall(services, call, {
        method: request.method,
        url: request.url,
        status: reply.statusCode,
        requestBody: request.body,
        responseText: typeof payload === 'string' ? payload : undefined,
        durationMs: reply.elapsedTime,
      });
    } catch (error) {
      request.log.error({ err: error, executionId: call.executionId }, 'unified API call not logged');
    }
    return payload;
  });
}
