import { dataProvider } from '../providers/instances.ts';
import { firstListParams, listSetupOf } from '../resources/listParams.ts';
import { resourceForPath } from '../resources/registry.ts';
import type { SessionState } from '../session/types.ts';
import { NotBuiltYetPage } from './App.tsx';
import { choicesQuery, operationMsgQuery } from '../resources/filters/operationMsg.ts';
import { putPreloadedList } from '../resources/preloadedLists.ts';
import { dashboardStore, queryClientFor } from './dashboardData.ts';
import { matchDashboardRoute } from './navigation.ts';
import type { RouteLocation } from './routePreload.ts';
import { GeneratedListScreen, screensListingTheirPath } from './screens.ts';

// A list screen's first call, started by the route preload as soon as the session is read, in
// parallel with the screen's code: the request react-admin's list controller will make (the URL's
// list query, the stored list state, the contract's defaults), whose answer goes into react-admin's
// query cache for the list's first render (or, when the list asks first, the dataProvider hands it
// to that request instead of calling again). A chunk of its own: it brings react-admin's list params,
// which only list screens need.

/** The generated list a path's screen starts with, when the preload can know it without the screen's code. */
function firstListOf(pathname: string, screenPattern: string | undefined) {
  if (screenPattern !== undefined && !screensListingTheirPath.has(screenPattern)) return undefined;
  if (screenPattern === undefined && matchDashboardRoute(pathname)?.listScreen === false) return undefined;
  return resourceForPath(pathname);
}

/**
 * How long after the preload starts the first render may wait for the list's first page. The
 * modules take about as long as the call, and when the render began first (even by a
 * millisecond) it drew the table's skeleton and the rows came in a second long task; meanwhile
 * index.html's frame is on screen. A slow or failed call holds nothing back beyond this.
 */
export const FIRST_PAGE_WAIT_MS = 1_000;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/**
 * Starts the path's first list call once `session` is read, and resolves when the modules it
 * renders first are in (for a route without a screen of its own, the generic list screen or the
 * not-built-yet page; the screens are fetched by routePreload.ts) and the first page is in the
 * query cache, or FIRST_PAGE_WAIT_MS after the start at the latest.
 */
export function preloadFirstList(location: RouteLocation, session: Promise<SessionState | null>, screenPattern: string | undefined): Promise<unknown> {
  const list = firstListOf(location.pathname, screenPattern);
  // A route with neither a screen of its own nor a list shows the not-built-yet page.
  if (!list) return screenPattern === undefined ? NotBuiltYetPage.preload() : Promise.resolve();
  const firstPage = session.then((state) => {
    if (!state?.isLoggedIn) return undefined;
    const params = firstListParams(listSetupOf(list.definition, list.params), location.search, dashboardStore);
    const resource = list.definition.name;
    const queryClient = queryClientFor(state.token);
    // Into the query cache once it is in, unless the list has already asked for it (then its own
    // query gets it): the list's first render then draws the rows.
    const inCache = dataProvider.preloadList(resource, params).then((answer) => {
      if (dataProvider.takePreloadedList(resource, params)) putPreloadedList(queryClient, resource, params, answer);
    }, () => undefined);
    // The filter bar's data choices too, into the cache its filters read: otherwise they are asked
    // for only once the list has rendered, and their answer renders the list a second time.
    const filterValues = (params.filter ?? {}) as Record<string, unknown>;
    for (const filter of list.definition.filters) {
      if (filter.choicesFrom) void queryClient.prefetchQuery(operationMsgQuery(filter.choicesFrom, choicesQuery(filter.choicesFrom, filterValues)));
    }
    return inCache;
  });
  const modules = screenPattern === undefined ? GeneratedListScreen.preload() : Promise.resolve();
  return Promise.all([modules, Promise.race([firstPage, delay(FIRST_PAGE_WAIT_MS)])]);
}
