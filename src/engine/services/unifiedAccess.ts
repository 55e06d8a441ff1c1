import type { FastifyRequest } from 'fastify';
import type { OperationMeta } from '../../generated/engine/operations.ts';
import { ApiFailure, badRequest, forbidden, notFound, unauthorized } from '../errors.ts';
import type { Caller, EngineServices } from '../handlers/types.ts';
import { findActiveApiKey } from '../repositories/apiKeys.ts';
import { findAccountForApiCall } from '../repositories/integratedAccounts.ts';
import { isInactiveState } from '../../shared/integrationStates.ts';
import { hashToken } from './tokens.ts';
import { beginUnifiedCall } from './unifiedCalls.ts';

/*
 * Who calls the unified API: a customer backend with its organisation's API key (production or
 * sandbox, as a bearer token) for one of the organisation's integrated accounts, named by the
 * X-Knit-Integration-Id header. The key alone is refused 401 like every API-key operation; the
 * account must be the organisation's (another organisation's answers as an unknown one: 404, so
 * ids cannot be probed), of the key's kind (a test account takes the sandbox key: 403 otherwise)
 * and still active. From then on the call is logged (services/unifiedCalls.ts), a refusal of an
 * inactive account included.
 */
export const INTEGRATION_HEADER = 'x-knit-integration-id';
const HEADER_NAME = 'X-Knit-Integration-Id';
const INTEGRATION_ID = /^[\w.-]{1,128}$/;

export async function authorizeIntegrationCall(op: OperationMeta, request: FastifyRequest, token: string, services: EngineServices): Promise<Caller> {
  const key = await findActiveApiKey(services.db, hashToken(token));
  if (!key) throw unauthorized('Invalid API key');
  // An API key acts as its organisation's admin (x-roles).
  if (!op.roles.includes('admin')) throw forbidden();

  const header = request.headers[INTEGRATION_HEADER];
  const integrationId = typeof header === 'string' ? header.trim() : '';
  if (integrationId === '') throw badRequest(`The ${HEADER_NAME} header is required: the integrationId of the integrated account to call`, HEADER_NAME);
  if (!INTEGRATION_ID.test(integrationId)) throw badRequest(`${HEADER_NAME} is not an integrationId`, HEADER_NAME);

  const row = await findAccountForApiCall(services.db, key.org_id, integrationId);
  if (!row) throw notFound(`No integrated account ${integrationId} in your organisation (${HEADER_NAME})`);
  // The sandbox key is the test accounts' and the production key the production accounts', as
  // API Keys & Webhooks says: a test integration never answers production traffic, nor the reverse.
  const sandbox = key.kind === 'sandbox';
  if (sandbox !== (row.test_account === 1)) {
    throw forbidden(sandbox
      ? 'This is a production account: call it with the production API key'
      : 'This is a test account: call it with the sandbox API key');
  }
  const call = beginUnifiedCall(request, {
    integrationId: row.id,
    orgId: row.org_id,
    originOrgId: row.origin_org_id,
    originOrgName: row.origin_org_name,
    appId: row.app_id,
    appLabel: row.app_label,
    category: row.category,
    syncPaused: row.sync_paused === 1,
  }, services.clock.now());
  if (isInactiveState(row.integration_state)) {
    throw new ApiFailure(409, 'ACCOUNT_INACTIVE', `The integrated account is ${row.integration_state.toLowerCase()}: reintegrate it before calling its app`);
  }
  return { kind: 'integration', orgId: key.org_id, sandbox, call };
}
