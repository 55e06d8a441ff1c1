import { defineKnitAuth } from './define.ts';

// The entry of the knit-auth bundle (/knit-auth.js). The engine the component calls is the one
// that served this script: its origin, under the engine's base path /api.
defineKnitAuth(new URL('/api', import.meta.url).href);
