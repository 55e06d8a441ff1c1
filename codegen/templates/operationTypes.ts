// One row per contract operation, for the engine: routing, auth, roles, feature flags, plan
// features, paging and rate limits all come from here, never from hand-kept lists.

export type Role = 'admin' | 'member' | 'billingcontact';

export interface OperationMeta {
  service: 'engine' | 'ai' | 'unified';
  operationId: string;
  method: 'get' | 'post' | 'put' | 'patch' | 'delete';
  path: string;
  tag: string;
  /** `security: []`: callable without a session. */
  public: boolean;
  /** bearer: a dashboard session; apiKey: an API key; apiKeyIntegration: an API key and the integrated account it calls for. */
  security: 'bearer' | 'apiKey' | 'apiKeyIntegration' | 'none';
  /** Roles allowed to call it (x-roles); empty for public operations. */
  roles: readonly Role[];
  /** x-feature-flag: per-user flag that must be on. */
  featureFlag?: string;
  /** x-plan-feature: orgMetaData.featureList entry that must be on. */
  planFeature?: string;
  paging: { style: 'cursor' | 'pageNumber' | 'none'; pageSize?: number };
  /** x-designed: the spec shows no payload; we designed it. */
  designed: boolean;
  /** x-rate-limit.seconds: cooldown between calls for one subject. */
  rateLimitSeconds?: number;
  /** x-cross-origin: pages on any origin may call it (CORS for every origin, no credentials). */
  crossOrigin?: true;
}
