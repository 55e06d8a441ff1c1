import { posix } from 'node:path';

// The chunks a signed-in /dashboard page needs, requested while index.html is still being parsed.
// Otherwise the shell's and the screen's chunks are asked for only once the entry chunk has
// arrived and run (app/routePreload.ts): a cold visit waited for the entry's download and
// evaluation before the rest of its code started to arrive. index.html gets a small inline script
// (allowed by the engine's Content-Security-Policy by hash) with the built file names: on a
// /dashboard path with a stored session it adds a modulepreload link for the data starters, the
// shell and the path's screen, each with its static imports, less what the entry already brings.
// app/routePreload.ts still imports them all; the browser uses the preloaded modules.

/** A chunk of the build, as the bundler describes it (only what is read here). */
export interface BuiltChunk {
  type: 'chunk' | 'asset';
  fileName: string;
  isEntry?: boolean;
  facadeModuleId?: string | null;
  imports?: string[];
}

/**
 * A hand-written screen: its route pattern under /dashboard/, its module relative to the
 * dashboard's root, and whether its first call is the generated list at its path (then the
 * route's list call starts early too, from its own chunk).
 */
export interface ScreenModule {
  pattern: string;
  module: string;
  listing: boolean;
}

export interface RouteHintOptions {
  /** The dashboard's source root (absolute), against which modules are named. */
  root: string;
  /** Modules every signed-in /dashboard path loads first (the data starter, the shell), in order. */
  shell: string[];
  /** The module that starts a route's first list call (listing screens, and routes without a screen). */
  listStarter: string;
  screens: ScreenModule[];
  /** localStorage key present when a session is stored. */
  sessionKey: string;
}

const SCREEN_ENTRY = /^\s*'?([\w\-/:]+)'?: screen\(\(\) => import\('([^']+)'\)/gm;
const LISTING_SET = /screensListingTheirPath\b[^=]*=\s*new Set<\w+>\(\[([^\]]*)\]\)/;

/**
 * The screens declared in app/screens.ts's source, in its order, their modules relative to the
 * root. (The build cannot import that module, which loads React; a test holds this reading to
 * what the module itself exports.)
 */
export function screenModulesOf(screensSource: string, screensDir = 'app'): ScreenModule[] {
  const listingBlock = LISTING_SET.exec(screensSource);
  if (!listingBlock) throw new Error('route hints: screens.ts has no screensListingTheirPath set');
  const listing = new Set([...listingBlock[1]!.matchAll(/'([^']+)'/g)].map(([, pattern]) => pattern));
  return [...screensSource.matchAll(SCREEN_ENTRY)].map(([, pattern, specifier]) => ({
    pattern: pattern!,
    module: posix.normalize(posix.join(screensDir, specifier!)),
    listing: listing.has(pattern!),
  }));
}

/** react-router's matchPath for the patterns screens use (static parts and :params), as a RegExp source. */
export function patternSource(pattern: string): string {
  const parts = pattern.split('/').map((part) => (part.startsWith(':') ? '[^/]+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')));
  return `^/dashboard/${parts.join('/')}/?$`;
}

/** The inline script for index.html, from the build's chunks. */
export function routeHintScript(chunks: readonly BuiltChunk[], options: RouteHintOptions): string {
  const byFile = new Map(chunks.filter((c) => c.type === 'chunk').map((c) => [c.fileName, c]));
  const byModule = new Map<string, BuiltChunk>();
  for (const chunk of byFile.values()) {
    if (!chunk.facadeModuleId) continue;
    const relative = posix.relative(options.root.replace(/\\/g, '/'), chunk.facadeModuleId.replace(/\\/g, '/'));
    byModule.set(relative, chunk);
  }
  const closure = (file: string, into: Set<string>) => {
    if (into.has(file)) return;
    into.add(file);
    byFile.get(file)?.imports?.forEach((next) => closure(next, into));
  };
  const fromEntry = new Set<string>();
  for (const chunk of byFile.values()) if (chunk.isEntry) closure(chunk.fileName, fromEntry);
  const chunkOf = (module: string) => {
    const chunk = byModule.get(module);
    if (!chunk) throw new Error(`route hints: the build has no chunk for ${module}`);
    return chunk;
  };
  const files: string[] = [];
  const indexOf = (file: string) => {
    const at = files.indexOf(file);
    return at === -1 ? files.push(file) - 1 : at;
  };
  // Each load's files, less the entry's: those are in the page's head already.
  const load = (module: string, loaded = new Set(fromEntry)) => {
    const before = new Set(loaded);
    closure(chunkOf(module).fileName, loaded);
    return [...loaded].filter((file) => !before.has(file)).map(indexOf);
  };
  const shellLoaded = new Set(fromEntry);
  const shell = options.shell.flatMap((module) => load(module, shellLoaded));
  const routeLoads = (modules: string[]) => {
    const loaded = new Set(shellLoaded);
    return modules.flatMap((module) => load(module, loaded));
  };
  const routes = options.screens.map(({ pattern, module, listing }) =>
    [patternSource(pattern), routeLoads(listing ? [options.listStarter, module] : [module])] as const);
  // A /dashboard path without a screen of its own shows the generated list at its path.
  const otherwise = routeLoads([options.listStarter]);
  return `(function(){try{`
    + `var p=location.pathname;if(!/^\\/dashboard(\\/|$)/.test(p)||localStorage.getItem(${JSON.stringify(options.sessionKey)})===null)return;`
    + `var f=${JSON.stringify(files)},r=${JSON.stringify(routes)},o=${JSON.stringify(otherwise)},w=${JSON.stringify(shell)};`
    + `for(var i=0;i<=r.length;i++){if(i===r.length){w=w.concat(o);break;}if(new RegExp(r[i][0]).test(p)){w=w.concat(r[i][1]);break;}}`
    + `for(var j=0;j<w.length;j++){var l=document.createElement('link');l.rel='modulepreload';l.href='/'+f[w[j]];document.head.appendChild(l);}`
    + `}catch(e){}})();`;
}
