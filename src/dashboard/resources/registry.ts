import { resourceList, type ResourceDefinition } from '../../generated/resources/index.ts';
import { normalizePath } from '../app/navigation.ts';

// The generated resource definitions (src/generated/resources) matched to dashboard paths. A
// resource's list screen is GeneratedList unless a hand-written screen in resources/<name>/
// replaces it (app/screens.ts, by route), so a new list operation in the contract shows up as a
// screen with no edit here.

interface ResourceMatch {
  definition: ResourceDefinition;
  /** Route params named as in the definition's route template (`{jobId}` -> jobId). */
  params: Record<string, string>;
}

/** The params of `path` when it fits `template` ('/dashboard/syncs/{jobId}'), else undefined. */
export function matchTemplate(template: string, path: string): Record<string, string> | undefined {
  const want = template.split('/');
  const have = normalizePath(path).split('/');
  if (want.length !== have.length) return undefined;
  const params: Record<string, string> = {};
  for (let i = 0; i < want.length; i++) {
    const part = want[i] ?? '';
    const value = have[i] ?? '';
    const param = /^\{(\w+)\}$/.exec(part);
    if (param?.[1]) {
      if (!value) return undefined;
      params[param[1]] = decodeURIComponent(value);
    } else if (part !== value) {
      return undefined;
    }
  }
  return params;
}

/** The generated resource whose list route is `path`, with its route params. */
export function resourceForPath(path: string, definitions: readonly ResourceDefinition[] = resourceList): ResourceMatch | undefined {
  for (const definition of definitions) {
    const params = matchTemplate(definition.route, path);
    if (params) return { definition, params };
  }
  return undefined;
}

/** Resources registered with react-admin: every generated definition, by name. */
export const registeredResources: readonly ResourceDefinition[] = resourceList;
