import { KNIT_AUTH } from '../shared/embedSnippets.ts';
import { engineCalls, type FetchRequest } from './engineCalls.ts';
import { KnitAuthElement } from './knitAuthElement.ts';

/** Defines <knit-auth> (once per page) against the engine API at `engineApiUrl` (absolute). */
export function defineKnitAuth(engineApiUrl: string, fetchImpl?: FetchRequest): void {
  if (customElements.get(KNIT_AUTH.tagName)) return;
  KnitAuthElement.calls = engineCalls(engineApiUrl, fetchImpl);
  customElements.define(KNIT_AUTH.tagName, KnitAuthElement);
}
