import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

// Component files that need modules of their own: they mock modules (vi.mock), or load the
// dashboard's API clients after stubbing their URL or patching fetch with MSW (vi.stubEnv,
// setupServer, useEngineServer). Found by what they call, so a
// new such file is isolated without being listed anywhere.
const NEEDS_OWN_MODULES = /\bvi\.(mock|doMock|stubEnv)\(|\b(useEngineServer|setupServer)\(/;
const componentFiles = (readdirSync('tests/components', { recursive: true }) as string[])
  .filter((file) => file.endsWith('.test.tsx'))
  .map((file) => join('tests/components', file).replace(/\\/g, '/'));
const isolatedComponentFiles = componentFiles.filter((file) => NEEDS_OWN_MODULES.test(readFileSync(file, 'utf8')));

// Test kinds are split by folder: unit and contract tests run in node, engine tests run against a
// real database (SQLite by default, PostgreSQL when DATABASE_URL is set), components in jsdom.
//
// isolate: false for the node projects: by default every test file gets a fresh worker process,
// which imports the engine (and compiles both contracts' validators) again, about 3 s of CPU per
// file; a worker that keeps its modules between files ran the engine suite on SQLite in 47 s of
// CPU instead of 190 s, and the unit project in half the time. Engine tests share nothing else: each
// opens its own database and engine and closes them, and the process-wide caches (compiled
// validators, the catalogue's rows, the test database images) are the same for every file.
// Components share their worker's modules too (84 s -> 45 s for the project), each file starting
// from a blank page, storage and clock (tests/components/support/resetBetweenFiles.ts); the files
// that mock modules or load the API clients behind MSW keep a fresh worker each
// (components-isolated).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/machines/**/*.test.ts'], environment: 'node', isolate: false } },
      {
        test: {
          name: 'engine', include: ['tests/engine/**/*.test.ts'], environment: 'node', isolate: false, testTimeout: 30_000, hookTimeout: 60_000,
          globalSetup: ['tests/support/engineGlobalSetup.ts'],
        },
      },
      // Rendering tests share two cores with the engine suites in CI: a loaded machine must not fail them on time alone.
      {
        test: {
          name: 'components', include: ['tests/components/**/*.test.tsx'], exclude: isolatedComponentFiles, environment: 'jsdom', testTimeout: 20_000,
          isolate: false, setupFiles: ['tests/components/support/resetBetweenFiles.ts'],
        },
      },
      { test: { name: 'components-isolated', include: isolatedComponentFiles, environment: 'jsdom', testTimeout: 20_000 } },
    ],
  },
});
