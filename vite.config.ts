import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { brotliCompressSync, constants } from 'node:zlib';
import { fileURLToPath } from 'node:url';
import type { OutputAsset, OutputBundle, OutputChunk, RolldownOutput } from 'rolldown';
import { build, defineConfig, type Plugin, type UserConfig } from 'vite';
import { compression, defineAlgorithm } from 'vite-plugin-compression2';
import { firstPaintBody, firstPaintStyle } from './src/dashboard/app/firstPaint.ts';
import { SESSION_STORAGE_KEY } from './src/dashboard/app/storageKeys.ts';
import { type BuiltChunk, routeHintScript, screenModulesOf } from './scripts/routeHints.ts';
import { planChunkGroups } from './scripts/chunkGroups.ts';
import { type Manifest, readBudgets } from './bench/routeBytes.ts';

// The dashboard is built into dist/dashboard and served by the engine on the same port;
// in `npm run dev` the engine's base paths are proxied to it.
// The dashboard reports the version it was built with; the engine answers auth.getUiVersion from
// the same package.json, so a stale tab notices a new deployment.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const engineUrl = process.env.ENGINE_URL ?? 'http://127.0.0.1:3000';

// The engine's Content-Security-Policy lets the dashboard call its own origin only, plus the
// services' origins when VITE_ENGINE_URL or VITE_AI_URL point elsewhere: the build records those
// origins in connect-origins.json for the engine to read at start.
function connectOrigins(): Plugin {
  let origins: string[] = [];
  return {
    name: 'connect-origins',
    configResolved(config) {
      const urls = [config.env.VITE_ENGINE_URL, config.env.VITE_AI_URL] as (string | undefined)[];
      origins = [...new Set(urls.filter((url): url is string => Boolean(url && /^https?:\/\//i.test(url))).map((url) => new URL(url).origin))];
    },
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'connect-origins.json', source: JSON.stringify(origins) });
    },
  };
}

// react-router's package points every import condition at its development build (warnings and
// checks a production bundle does not need, ~20% more bytes): the production build is the same API.
// Its /dom entry (imported through react-router-dom by react-admin) would otherwise bring a second,
// development copy of the router.
const reactRouterProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url));
const reactRouterDomProduction = fileURLToPath(new URL('./node_modules/react-router/dist/production/dom-export.mjs', import.meta.url));
// react-admin imports the router through react-router-dom, including the data router it builds when
// it is rendered outside a router (createHashRouter, RouterProvider: ~16 kB brotli, in the first chunk
// every page downloads, since the router is one module). The dashboard always renders it inside its
// BrowserRouter, so react-admin gets the router without that code path (app/reactRouterForAdmin.ts).
const reactRouterForAdmin = fileURLToPath(new URL('./src/dashboard/app/reactRouterForAdmin.ts', import.meta.url));
// react-admin's English messages are formatted by node-polyglot, which requires an Object.entries
// polyfill package with a dozen spec-shim dependencies: the browser's own Object.entries instead.
const objectEntries = fileURLToPath(new URL('./src/dashboard/app/objectEntries.cjs', import.meta.url));
// @xstate/react reads stores through use-sync-external-store's shim, written for Reacts before 18:
// its fallback implementation ships in the sign-up page although React 19 has the hook. The
// package's own non-shim entries call React's hook directly.
const syncExternalStore = fileURLToPath(new URL('./node_modules/use-sync-external-store/index.js', import.meta.url));
const syncExternalStoreWithSelector = fileURLToPath(new URL('./node_modules/use-sync-external-store/with-selector.js', import.meta.url));

// Every text asset is also written brotli- and gzip-compressed at the highest levels (done once at
// build time, so the engine serves them without spending CPU per request; @fastify/static picks
// the encoding the browser accepts). Source maps are left as they are: only a debugger reads them.
const precompressed = compression({
  algorithms: [defineAlgorithm('brotliCompress'), defineAlgorithm('gzip', { level: 9 })],
  include: /\.(js|css|html|svg|json)$/,
  exclude: /\.vite\//,
  threshold: 1024,
  logLevel: 'silent',
});

// Libraries that react-admin and rjsf import for features the dashboard does not show at first (a
// CSV export, Markdown in form texts): their imports resolve to a module that fetches the library
// the first time it is used, so no page downloads it ahead (the modules say why in full).
const lazyModules: Record<string, string> = {
  'jsonexport/dist/index.js': fileURLToPath(new URL('./src/dashboard/app/lazyJsonExport.ts', import.meta.url)),
  'markdown-to-jsx/react': fileURLToPath(new URL('./src/dashboard/forms/lazyMarkdown.tsx', import.meta.url)),
};
function loadOnFirstUse(): Plugin {
  return {
    name: 'load-on-first-use',
    enforce: 'pre',
    resolveId(source, importer) {
      const lazyModule = lazyModules[source];
      // The lazy module itself imports the library.
      return lazyModule && importer !== lazyModule ? lazyModule : null;
    },
  };
}

// MUI's CSS-variables theming, which the dashboard's theme does not use: see the stand-in's comment.
const muiWithoutCssVariables = fileURLToPath(new URL('./src/dashboard/theme/muiWithoutCssVariables.ts', import.meta.url));
function leaveOutMuiCssVariables(): Plugin {
  return {
    name: 'leave-out-mui-css-variables',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromMuiStyles = importer?.replace(/\\/g, '/').includes('/@mui/material/styles/');
      return fromMuiStyles && /\/(createThemeWithVars|ThemeProviderWithVars)\.mjs$/.test(source) ? muiWithoutCssVariables : null;
    },
  };
}

// The filled and standard inputs that MUI's TextField and Select import next to the outlined one,
// which is the only variant the dashboard shows: see theme/inputsOnFirstUse/inputOnFirstUse.ts.
const inputsOnFirstUse: Record<string, string> = {
  '../FilledInput/index.mjs': fileURLToPath(new URL('./src/dashboard/theme/inputsOnFirstUse/FilledInput.ts', import.meta.url)),
  '../Input/index.mjs': fileURLToPath(new URL('./src/dashboard/theme/inputsOnFirstUse/Input.ts', import.meta.url)),
};
function muiInputsOnFirstUse(): Plugin {
  return {
    name: 'mui-inputs-on-first-use',
    enforce: 'pre',
    resolveId(source, importer) {
      const fromFieldOrSelect = importer !== undefined && /[\\/]@mui[\\/]material[\\/](TextField|Select)[\\/]/.test(importer);
      return fromFieldOrSelect ? (inputsOnFirstUse[source] ?? null) : null;
    },
  };
}

// The shell's frame, painted before any script runs on a signed-in /dashboard page (app/firstPaint.ts).
const ROOT_ELEMENT = '<div id="root"></div>';
function firstPaint(): Plugin {
  return {
    name: 'first-paint',
    transformIndexHtml(html) {
      if (!html.includes(ROOT_ELEMENT) || !html.includes('</head>')) throw new Error(`index.html must have </head> and ${ROOT_ELEMENT} for the first paint`);
      return html.replace('</head>', `${firstPaintStyle()}</head>`).replace(ROOT_ELEMENT, ROOT_ELEMENT + firstPaintBody());
    },
  };
}

// A signed-in /dashboard page requests its shell's and screen's chunks while index.html is parsed
// (scripts/routeHints.ts), not only once the entry chunk has run.
const dashboardRoot = fileURLToPath(new URL('./src/dashboard/', import.meta.url));
const FIRST_LOADS = ['app/dashboardData.ts', 'app/DashboardApp.tsx'];
function routeHints(): Plugin {
  return {
    name: 'route-hints',
    transformIndexHtml: {
      order: 'post',
      handler(html, ctx) {
        if (!ctx.bundle) return html;
        const screens = screenModulesOf(readFileSync(new URL('./src/dashboard/app/screens.ts', import.meta.url), 'utf8'));
        const script = routeHintScript(Object.values(ctx.bundle) as BuiltChunk[], { root: dashboardRoot, shell: FIRST_LOADS, listStarter: 'app/listPreload.ts', screens, sessionKey: SESSION_STORAGE_KEY });
        return html.replace('</body>', `<script>${script}</script></body>`);
      },
    },
  };
}

// A lazily imported chunk is fetched with its static imports (Vite's modulePreload), listed in the
// importing chunk. The chunks the importer imports itself are in already when it runs, so they are
// left out of its list: shorter lists in every chunk that imports another, nothing fetched twice.
let builtChunks: OutputBundle | undefined;
function rememberChunkGraph(): Plugin {
  return {
    name: 'remember-chunk-graph',
    generateBundle(_options, bundle) {
      builtChunks = bundle;
    },
  };
}
function loadedWith(host: string): Set<string> {
  const loaded = new Set<string>();
  const visit = (file: string) => {
    const chunk = builtChunks?.[file];
    if (!chunk || chunk.type !== 'chunk' || loaded.has(file)) return;
    loaded.add(file);
    chunk.imports.forEach(visit);
  };
  visit(host);
  return loaded;
}

// The chunk groups (scripts/chunkGroups.ts) are planned from a first build with the bundler's own
// splitting, made in memory (no files, no source maps) before the real one.
const PLANNING = 'DASHBOARD_CHUNK_PLANNING';
async function plannedChunkGroups(): Promise<Map<string, string>> {
  process.env[PLANNING] = '1';
  try {
    const result = await build({ configFile: fileURLToPath(new URL('./vite.config.ts', import.meta.url)), logLevel: 'warn', build: { write: false, sourcemap: false } });
    const outputs = (Array.isArray(result) ? result : [result]) as RolldownOutput[];
    const items = outputs.flatMap((out) => out.output);
    const chunks = items.filter((item): item is OutputChunk => item.type === 'chunk');
    const manifest = items.find((item): item is OutputAsset => item.type === 'asset' && item.fileName === '.vite/manifest.json');
    if (!manifest) throw new Error('the planning build wrote no manifest');
    // Weighed as the engine sends them (brotli; quality 9 here is close to the build's 11, faster).
    const weigh = (code: string) => brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 9 } }).length;
    return planChunkGroups(chunks, JSON.parse(String(manifest.source)) as Manifest, readBudgets(), weigh);
  } finally {
    delete process.env[PLANNING];
  }
}

export default defineConfig(async ({ command }) => {
  const planning = process.env[PLANNING] === '1';
  const chunkGroups = command === 'build' && !planning ? await plannedChunkGroups() : new Map<string, string>();
  const config: UserConfig = {
    plugins: [firstPaint(), routeHints(), loadOnFirstUse(), leaveOutMuiCssVariables(), muiInputsOnFirstUse(), react(), connectOrigins(), ...(planning ? [] : [precompressed, rememberChunkGraph()])],
    resolve: {
      alias: [
        { find: /^react-router$/, replacement: reactRouterProduction },
        { find: /^react-router\/dom$/, replacement: reactRouterDomProduction },
        { find: /^react-router-dom$/, replacement: reactRouterForAdmin },
        { find: /^object\.entries$/, replacement: objectEntries },
        { find: /^use-sync-external-store\/shim$/, replacement: syncExternalStore },
        { find: /^use-sync-external-store\/shim\/with-selector$/, replacement: syncExternalStoreWithSelector },
      ],
    },
    define: { 'import.meta.env.VITE_UI_VERSION': JSON.stringify(version) },
    root: 'src/dashboard',
    publicDir: false,
    // The manifest maps each source module to its chunks: the byte-budget check reads it.
    build: {
      outDir: '../../dist/dashboard',
      emptyOutDir: true,
      sourcemap: true,
      manifest: true,
      rolldownOptions: {
        output: {
          codeSplitting: {
            groups: [
              // What the first page needs, in one chunk.
              { name: 'initial', tags: ['$initial'] },
              { name: 'react-query', test: /node_modules[\\/]@tanstack[\\/]/ },
              // Captured as planned, without the modules they import (those stay where the plan left
              // them: pulling them in would make public pages load a dashboard group). Rolldown
              // warns that such a chunk may run modules in another order than their imports say;
              // the e2e suite runs on this build.
              { name: (id: string) => chunkGroups.get(id) ?? null, includeDependenciesRecursively: false },
            ],
          },
        },
      },
      modulePreload: {
        resolveDependencies: (_file, deps, { hostId, hostType }) => {
          if (hostType !== 'js') return deps;
          const loaded = loadedWith(hostId);
          return deps.filter((dep) => !loaded.has(dep));
        },
      },
    },
    server: { proxy: { '/api': engineUrl, '/ai': engineUrl } },
  };
  return config;
});
