import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

// The page calls its own backend for tokens (/api/knit/auth-session): the example backend on 4100.
export default defineConfig({
  plugins: [react()],
  server: { port: 5173, proxy: { '/api/knit': 'http://127.0.0.1:4100' } },
});
