import vue from '@vitejs/plugin-vue';
import { defineConfig } from 'vite';

// knit-auth is a web component, not a Vue one; the page calls its own backend for tokens
// (/api/knit/auth-session): the example backend on 4100.
export default defineConfig({
  plugins: [vue({ template: { compilerOptions: { isCustomElement: (tag) => tag === 'knit-auth' } } })],
  server: { port: 5174, proxy: { '/api/knit': 'http://127.0.0.1:4100' } },
});
