import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The dashboard is built into dist/dashboard and served by the engine on the same port;
// in `npm run dev` the engine's base paths are proxied to it.
const engineUrl = process.env.ENGINE_URL ?? 'http://127.0.0.1:3000';

export default defineConfig({
  plugins: [react()],
  root: 'src/dashboard',
  publicDir: false,
  build: { outDir: '../../dist/dashboard', emptyOutDir: true, sourcemap: true },
  server: { proxy: { '/api': engineUrl, '/ai': engineUrl } },
});
