// Every operation -> src/generated/engine/operations.ts, the table the engine enforces security,
// roles, feature flags, plan features, paging and rate limits from. A secured operation without
// x-roles would be callable by nobody (or, worse, by everybody if a handler forgot), so codegen
// refuses it.
import { checkKeys, isObject, readPaging, type Service } from '../extensions.ts';
import { listOperations, type BundledDocument } from '../openapi.ts';
import type { OperationMeta, Role } from '../templates/operationTypes.ts';
import { compact, literal } from '../format.ts';
import type { GeneratedFile } from '../pipeline.ts';

export const OPERATIONS_GENERATOR = 'codegen/generators/operations.ts';

const ROLES: readonly Role[] = ['admin', 'member', 'billingcontact'];
/** README's plan features; the PlanFeature schema's enum wins when the document has it. */
const PLAN_FEATURES = ['whiteLabelling', 'customMapping', 'dynamicSyncFrequency', 'languageOptions'];
/**
 * The schemes of an operation's security requirement (all of them at once, sorted and joined by
 * '+') -> how the engine authenticates it.
 */
const SCHEMES: Record<string, OperationMeta['security']> = {
  bearerAuth: 'bearer',
  apiKeyAuth: 'apiKey',
  'apiKeyAuth+integrationIdHeader': 'apiKeyIntegration',
};

/** Reads and validates the operation table of one document. */
export function collectOperations(
  doc: BundledDocument,
  service: Service,
): { operations: OperationMeta[]; problems: string[] } {
  const operations: OperationMeta[] = [];
  const problems: string[] = [];
  const planEnum = doc.components?.schemas?.PlanFeature?.enum;
  const planFeatures = Array.isArray(planEnum) ? planEnum.map(String) : PLAN_FEATURES;
  for (const entry of listOperations(doc)) {
    const { operation: op, label } = entry;
    const before = problems.length;
    if (typeof op.operationId !== 'string' || op.operationId === '') problems.push(`${label}: operationId is required`);
    if (!Array.isArray(op.tags) || op.tags.length !== 1) problems.push(`${label}: needs exactly one tag`);

    const requirements = op.security ?? doc.security ?? [];
    const isPublic = requirements.length === 0;
    let security: OperationMeta['security'] = 'none';
    if (!isPublic) {
      const schemeName = Object.keys(requirements[0] ?? {}).sort().join('+');
      const scheme = schemeName ? SCHEMES[schemeName] : undefined;
      if (!scheme) problems.push(`${label}: unknown security scheme '${String(schemeName)}' (known: ${Object.keys(SCHEMES).join(', ')})`);
      else security = scheme;
    }

    const rawRoles = op['x-roles'];
    let roles: Role[] = [];
    if (isPublic) {
      if (rawRoles !== undefined) problems.push(`${label}: a public operation (security: []) has no x-roles`);
    } else if (!Array.isArray(rawRoles) || rawRoles.length === 0) {
      problems.push(`${label}: a secured operation needs x-roles (some of ${ROLES.join(', ')})`);
    } else {
      for (const role of rawRoles) {
        if (!ROLES.includes(role as Role)) problems.push(`${label}: unknown role '${String(role)}' in x-roles (roles: ${ROLES.join(', ')})`);
      }
      roles = rawRoles as Role[];
    }

    const featureFlag = op['x-feature-flag'];
    if (featureFlag !== undefined && (typeof featureFlag !== 'string' || featureFlag === '')) {
      problems.push(`${label}: x-feature-flag must be a non-empty string`);
    }
    const planFeature = op['x-plan-feature'];
    if (planFeature !== undefined && !planFeatures.includes(planFeature as string)) {
      problems.push(`${label}: x-plan-feature '${String(planFeature)}' is not one of ${planFeatures.join(', ')}`);
    }
    const designed = op['x-designed'];
    if (designed !== undefined && designed !== true) problems.push(`${label}: x-designed is true or absent`);
    const rateLimit = op['x-rate-limit'];
    let rateLimitSeconds: number | undefined;
    if (rateLimit !== undefined) {
      if (!isObject(rateLimit) || !Number.isInteger(rateLimit.seconds) || (rateLimit.seconds as number) < 1) {
        problems.push(`${label}: x-rate-limit must be { seconds: positive integer }`);
      } else {
        checkKeys(rateLimit, ['seconds'], `${label}: x-rate-limit`, problems);
        rateLimitSeconds = rateLimit.seconds as number;
      }
    }
    // Browsers send no credentials cross-origin here: the operation's own credential travels in
    // its body, so only public operations may be opened to every origin.
    const crossOrigin = op['x-cross-origin'];
    if (crossOrigin !== undefined && crossOrigin !== true) problems.push(`${label}: x-cross-origin is true or absent`);
    if (crossOrigin === true && !isPublic) problems.push(`${label}: x-cross-origin is only for public operations (security: [])`);
    const paging = readPaging(op['x-paging'], label, problems);
    if (problems.length > before) continue;
    operations.push(
      compact({
        service,
        operationId: op.operationId as string,
        method: entry.method,
        path: entry.path,
        tag: (op.tags as string[])[0],
        public: isPublic,
        security,
        roles,
        featureFlag: featureFlag as string | undefined,
        planFeature: planFeature as string | undefined,
        paging,
        designed: designed === true,
        rateLimitSeconds,
        crossOrigin: crossOrigin === true ? true : undefined,
      }),
    );
  }
  return { operations, problems };
}

/** operationIds key handlers and ajv schemas in one engine process, so both services share one namespace. */
export function checkOperationIds(operations: OperationMeta[]): string[] {
  const seen = new Map<string, OperationMeta>();
  const problems: string[] = [];
  for (const op of operations) {
    const first = seen.get(op.operationId);
    if (first) problems.push(`operationId '${op.operationId}' is used by ${first.service} ${first.path} and ${op.service} ${op.path}`);
    else seen.set(op.operationId, op);
  }
  return problems;
}

export function renderOperations(operations: OperationMeta[]): GeneratedFile {
  const body = [
    `import type { OperationMeta } from './types.ts';`,
    '',
    `export type { OperationMeta, Role } from './types.ts';`,
    '',
    `/** Every operation of both services, in contract order (engine first). */`,
    `export const operations: readonly OperationMeta[] = ${literal(operations)};`,
    '',
    `/** operationId -> its row. */`,
    `export const operationsById: ReadonlyMap<string, OperationMeta> = new Map(operations.map((op) => [op.operationId, op]));`,
    '',
  ].join('\n');
  return { path: 'engine/operations.ts', generator: OPERATIONS_GENERATOR, body };
}

/**
 * The operations callable without a session, as `<service> <path>` keys, for the dashboard's API
 * clients: a 401 from one of them is a refused sign-in, not a lost session. A file of its own, so
 * the first page a browser loads does not carry the whole operation table.
 */
export function renderPublicOperations(operations: OperationMeta[]): GeneratedFile {
  const keys = [...new Set(operations.filter((op) => op.public).map((op) => `${op.service} ${op.path}`))];
  const body = [
    `/** \`<service> <path>\` of every operation without security (x-roles absent), in contract order. */`,
    `export const publicOperationKeys: ReadonlySet<string> = new Set(${literal(keys)});`,
    '',
  ].join('\n');
  return { path: 'engine/publicOperations.ts', generator: OPERATIONS_GENERATOR, body };
}

/**
 * The roles of every operation a dashboard session calls (x-roles of the bearer operations), one
 * export per operation (`<operationId>Roles`), for the screens that offer an action only to the
 * roles that may call it. Separate exports, so a screen's bundle carries the roles it reads and
 * not the whole operation table.
 */
export function renderSessionOperationRoles(operations: OperationMeta[]): GeneratedFile {
  const lines = operations.filter((op) => op.security === 'bearer').flatMap((op) => [
    `/** x-roles of ${op.operationId} (${op.method.toUpperCase()} ${op.path}). */`,
    `export const ${op.operationId}Roles: readonly Role[] = ${literal(op.roles)};`,
    '',
  ]);
  const body = [`import type { Role } from './types.ts';`, '', ...lines].join('\n');
  return { path: 'engine/sessionOperationRoles.ts', generator: OPERATIONS_GENERATOR, body };
}
