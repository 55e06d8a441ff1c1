import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';

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

export default defineConfig({
  plugins: [react(), connectOrigins()],
  define: { 'import.meta.env.VITE_UI_VERSION': JSON.stringify(version) },
  root: 'src/dashboard',
  publicDir: false,
  build: { outDir: '../../dist/dashboard', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': engineUrl, '/ai': engineUrl } },
});
