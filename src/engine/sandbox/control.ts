import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackAddress } from '../services/outboundAddress.ts';
import { CredentialsUnavailable } from '../services/accountAccess.ts';
import { sandboxConnectionOf } from '../services/sandboxClient.ts';
import type { EngineServices } from '../handlers/types.ts';
import { forceSandboxFailures, revokeSandboxConnection } from '../repositories/sandboxConnections.ts';
import { accountAuthRow } from '../repositories/accountTokens.ts';
import { SANDBOX_PREFIX } from './registration.ts';
import type { SandboxOauthServer } from './oauthServer.ts';

/*
 * The sandbox's control surface, for tests and the demo (development only: absent when
 * NODE_ENV=production, whatever SANDBOX_ENABLED says; answered to loopback clients only):
 *
 *   POST SANDBOX_PREFIX/control/revoke  { integrationId }
 *     revokes the account's connection at its sandbox vendor: an OAuth account's grants and every
 *     token issued under them (its API calls answer 401 and its refresh is refused), an account
 *     with setup fields its credentials (401). Answers { connectionId, revokedGrants }.
 *   POST SANDBOX_PREFIX/control/fail    { integrationId, count (1-1000), status (401, 403, 429, 500, 502, 503 or 504) }
 *     the account's next `count` API calls answer `status` (429 and 503 with Retry-After).
 *     Answers { connectionId, count, status }.
 */
const FAILURE_STATUSES = new Set([401, 403, 429, 500, 502, 503, 504]);

interface ControlBody {
  integrationId?: unknown;
  count?: unknown;
  status?: unknown;
}

const refuse = (reply: FastifyReply, status: number, message: string) => reply.status(status).send({ error: { code: 'invalid_request', message } });

export function registerSandboxControl(app: FastifyInstance, services: EngineServices, oauth: SandboxOauthServer): void {
  const connectionOf = async (request: FastifyRequest, reply: FastifyReply): Promise<{ connectionId: string; appId: string } | undefined> => {
    if (!isLoopbackAddress(request.socket.remoteAddress ?? '')) {
      void reply.status(404).send({ success: false, error: { msg: `No such call: ${request.method} ${request.url.split('?')[0]}`, code: 'NOT_FOUND' } });
      return undefined;
    }
    const { integrationId } = (request.body ?? {}) as ControlBody;
    if (typeof integrationId !== 'string' || integrationId === '') {
      void refuse(reply, 400, 'integrationId is required');
      return undefined;
    }
    const account = await accountAuthRow(services.db, integrationId);
    if (!account) {
      void refuse(reply, 404, 'Integrated account not found');
      return undefined;
    }
    try {
      return { connectionId: await sandboxConnectionOf(services, integrationId), appId: account.app_id };
    } catch (error) {
      // An account whose credentials no longer work is still the connection of its id.
      if (error instanceof CredentialsUnavailable) return { connectionId: integrationId, appId: account.app_id };
      throw error;
    }
  };

  app.post(`${SANDBOX_PREFIX}/control/revoke`, async (request, reply) => {
    const target = await connectionOf(request, reply);
    if (!target) return reply;
    const revokedGrants = await oauth.revokeAccount(target.connectionId);
    await revokeSandboxConnection(services.db, target.connectionId, target.appId, services.clock.now());
    return { connectionId: target.connectionId, revokedGrants };
  });

  app.post(`${SANDBOX_PREFIX}/control/fail`, async (request, reply) => {
    const target = await connectionOf(request, reply);
    if (!target) return reply;
    const { count, status } = request.body as ControlBody;
    if (!Number.isInteger(count) || (count as number) < 1 || (count as number) > 1000) return refuse(reply, 400, 'count must be a whole number from 1 to 1000');
    if (!FAILURE_STATUSES.has(status as number)) return refuse(reply, 400, `status must be one of ${[...FAILURE_STATUSES].join(', ')}`);
    await forceSandboxFailures(services.db, target.connectionId, target.appId, count as number, status as number, services.clock.now());
    return { connectionId: target.connectionId, count, status };
  });
}
