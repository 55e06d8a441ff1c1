import type { FastifyRequest } from 'fastify';
import type { OperationMeta } from '../../generated/engine/operations.ts';
import { ApiFailure, forbidden, unauthorized } from '../errors.ts';
import type { Caller, EngineServices } from '../handlers/types.ts';
import type { Role } from '../contractTypes.ts';
import { hashToken } from './tokens.ts';
import { PLAN_FEATURE_MESSAGES, type PlanFeature } from '../../shared/planFeatures.ts';
import { resolveSession } from './sessions.ts';
import { hasFeatureFlag } from '../repositories/users.ts';
import { findActiveApiKey } from '../repositories/apiKeys.ts';
import { hasPlanFeature, type PlanFeatureColumn } from '../repositories/organisations.ts';
import { authorizeIntegrationCall } from './unifiedAccess.ts';

// Who may call what comes from the contract (x-roles, x-feature-flag, x-plan-feature, carried in
// the generated operation table); this module only enforces it.
const PLAN_FEATURE_COLUMNS: Record<PlanFeature, PlanFeatureColumn> = {
  dynamicSyncFrequency: 'feature_dynamic_sync_frequency',
  whiteLabelling: 'feature_white_labelling',
  customMapping: 'feature_custom_mapping',
  languageOptions: 'feature_language_options',
};

const CALLS_BEFORE_ORG_DETAILS = new Set(['authSendOrgDetails', 'appAppsList', 'userUserDetails']);

export function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  const match = header ? /^Bearer\s+(\S+)$/i.exec(header) : null;
  return match?.[1];
}

export async function authorize(op: OperationMeta, request: FastifyRequest, services: EngineServices): Promise<Caller> {
  if (op.public) return { kind: 'anonymous' };
  const token = bearerToken(request);
  if (!token) throw unauthorized('Missing bearer token');
  const now = services.clock.now();
  const { db } = services;

  if (op.security === 'apiKeyIntegration') return authorizeIntegrationCall(op, request, token, services);
  if (op.security === 'apiKey') {
    const key = await findActiveApiKey(db, hashToken(token));
    if (!key) throw unauthorized('Invalid API key');
    return { kind: 'apiKey', orgId: key.org_id, sandbox: key.kind === 'sandbox' };
  }

  const session = await resolveSession(db, services.config, now, token);
  if (!session) throw unauthorized('Your session has expired. Please sign in again');
  // Until step 2 of sign-up is sent, a session can only send it (and read what the form needs).
  if (!session.isVerified && !CALLS_BEFORE_ORG_DETAILS.has(op.operationId)) {
    throw new ApiFailure(403, 'ORG_DETAILS_REQUIRED', 'Please complete your sign-up details first');
  }
  const caller: Caller = {
    kind: 'session',
    sessionId: session.id,
    userId: session.userId,
    orgId: session.orgId,
    role: session.role as Role,
    email: session.email,
  };

  if (!op.roles.includes(caller.role)) throw forbidden(`Your role (${caller.role}) cannot do this`);
  if (op.featureFlag && !(await hasFeatureFlag(db, caller.userId, op.featureFlag))) throw forbidden(`This feature (${op.featureFlag}) is not enabled for your account`);
  if (op.planFeature) {
    const column = PLAN_FEATURE_COLUMNS[op.planFeature as PlanFeature];
    if (!(await hasPlanFeature(db, caller.orgId, column))) throw forbidden(PLAN_FEATURE_MESSAGES[op.planFeature as PlanFeature]);
  }
  return caller;
}
