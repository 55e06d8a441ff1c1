import { badRequest } from '../errors.ts';
import type { PageStyle } from '../sandbox/data/apis.ts';

/*
 * The unified API's cursor over an app's own paging. A unified page is one page of the app, asked
 * with the caller's page size; the cursor carries the app's position (a page number, or the app's
 * own cursor) and that page size, base64url JSON bound to the list it came from. The app's styles
 * (sandbox/data/apis.ts):
 *   page      ?page=N&page_size=S        { <key>: [...], pagination: { has_more } }
 *   pageLink  ?page=N&per_page=S         [...] and a Link header rel="next"
 *   after     ?limit=S&after=C           { results: [...], paging: { next: { after } } }
 *   cursor    ?limit=S&cursor=C          { data: [...], next_cursor }
 */
const CURSOR_FIELD = 'cursor';
const NOT_OURS = 'cursor is not a cursor this API gave';

interface Position {
  /** The list the cursor belongs to (an operation). */
  list: string;
  size: number;
  /** The app's page number (page styles) or its cursor (cursor styles). */
  at: number | string;
}

export function encodeCursor(position: Position): string {
  return Buffer.from(JSON.stringify({ l: position.list, s: position.size, a: position.at })).toString('base64url');
}

export function decodeCursor(cursor: string, list: string, style: PageStyle): Position {
  let raw: unknown;
  try {
    raw = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'));
  } catch {
    throw badRequest(NOT_OURS, CURSOR_FIELD);
  }
  const { l, s, a } = (raw ?? {}) as { l?: unknown; s?: unknown; a?: unknown };
  const pageStyle = style === 'page' || style === 'pageLink';
  const validAt = pageStyle ? Number.isInteger(a) && (a as number) >= 1 && (a as number) <= 1_000_000 : typeof a === 'string' && a.length > 0 && a.length <= 256;
  if (l !== list || !Number.isInteger(s) || (s as number) < 1 || (s as number) > 100 || !validAt) throw badRequest(NOT_OURS, CURSOR_FIELD);
  return { list, size: s as number, at: a as number | string };
}

/** The query asking the app for the page at `position` (the first page when it has no `at`). */
export function pageQuery(style: PageStyle, size: number, at: number | string | undefined): Record<string, string | number> {
  switch (style) {
    case 'page': return { page: at ?? 1, page_size: size };
    case 'pageLink': return { page: at ?? 1, per_page: size };
    case 'after': return at === undefined ? { limit: size } : { limit: size, after: at };
    case 'cursor': return at === undefined ? { limit: size } : { limit: size, cursor: at };
  }
}

/** The records of an app's page and the app's position of the next one (undefined on the last page). */
export function readPage(style: PageStyle, key: string, body: unknown, headers: Record<string, string>, at: number | string | undefined): { records: Record<string, unknown>[]; next: number | string | undefined } {
  const object = (body ?? {}) as Record<string, unknown>;
  const list = (value: unknown): Record<string, unknown>[] => (Array.isArray(value) ? value.filter((r): r is Record<string, unknown> => !!r && typeof r === 'object') : []);
  const page = typeof at === 'number' ? at : 1;
  switch (style) {
    case 'page': {
      const more = (object.pagination as { has_more?: unknown } | undefined)?.has_more === true;
      return { records: list(object[key]), next: more ? page + 1 : undefined };
    }
    case 'pageLink':
      return { records: list(body), next: /rel="?next"?/.test(headers.link ?? '') ? page + 1 : undefined };
    case 'after': {
      const after = ((object.paging as { next?: { after?: unknown } } | undefined)?.next?.after);
      return { records: list(object.results), next: typeof after === 'string' && after !== '' ? after : undefined };
    }
    case 'cursor': {
      const next = object.next_cursor;
      return { records: list(object.data), next: typeof next === 'string' && next !== '' ? next : undefined };
    }
  }
}
