import react from '@vitejs/plugin-react';
import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';

// The dashboard is built into dist/dashboard and served by the engine on the same port;
// in `npm run dev` the engine's base paths are proxied to it.
// The dashboard reports the version it was built with; the engine answers auth.getUiVersion from
// the same package.json, so a stale tab notices a new deployment.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
const engineUrl = process.env.ENGINE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  define: { 'import.meta.env.VITE_UI_VERSION': JSON.stringify(version) },
  root: 'src/dashboard',
  publicDir: false,
  build: { outDir: '../../dist/dashboard', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': engineUrl, '/ai': engineUrl } },
});
