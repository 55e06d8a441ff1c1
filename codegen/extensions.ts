// Shared readers for the vendor extensions documented in openapi/README.md. Each reader reports
// malformed values as problems (strings naming the operation) instead of throwing, so one codegen
// run lists every mistake in the contract at once.
import type { Paging } from './templates/resourceTypes.ts';

export type Service = 'engine' | 'ai' | 'unified';

export const SERVICES: readonly Service[] = ['engine', 'ai', 'unified'];

/** The services the dashboard calls: only their documents may describe screens (x-resource) and forms (x-form). */
export type DashboardService = Exclude<Service, 'unified'>;
export const isDashboardService = (service: Service): service is DashboardService => service !== 'unified';

export class CodegenError extends Error {
  constructor(readonly problems: readonly string[]) {
    super(`Codegen found ${problems.length} problem(s) in the contract:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'CodegenError';
  }
}

export function isObject(value: unknown): value is Record<string, unknown> {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/** Reports keys outside `allowed`, which catches typos such as `soruce` in an extension. */
export function checkKeys(
  value: Record<string, unknown>,
  allowed: readonly string[],
  where: string,
  problems: string[],
): void {
  for (const key of Object.keys(value)) {
    if (!allowed.includes(key)) problems.push(`${where}: unknown key '${key}' (allowed: ${allowed.join(', ')})`);
  }
}

const PAGING_STYLES = ['cursor', 'pageNumber', 'none'] as const;

/** x-paging: `{ style, pageSize? }`; absent means the operation does not page. */
export function readPaging(raw: unknown, where: string, problems: string[]): Paging {
  if (raw === undefined) return { style: 'none' };
  if (!isObject(raw)) {
    problems.push(`${where}: x-paging must be an object { style, pageSize }`);
    return { style: 'none' };
  }
  checkKeys(raw, ['style', 'pageSize'], `${where}: x-paging`, problems);
  const style = raw.style;
  if (!PAGING_STYLES.includes(style as Paging['style'])) {
    problems.push(`${where}: x-paging.style '${String(style)}' is not one of ${PAGING_STYLES.join(', ')}`);
    return { style: 'none' };
  }
  const paging: Paging = { style: style as Paging['style'] };
  if (raw.pageSize !== undefined) {
    if (!Number.isInteger(raw.pageSize) || (raw.pageSize as number) < 1) {
      problems.push(`${where}: x-paging.pageSize must be a positive integer`);
    } else {
      paging.pageSize = raw.pageSize as number;
    }
  }
  return paging;
}

/** `{orgId}` placeholders of a route template. */
export function routeParams(template: string): string[] {
  return [...template.matchAll(/\{([^}]+)\}/g)].map((match) => match[1]);
}
