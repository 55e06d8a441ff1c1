import { defineConfig } from 'vitest/config';

// Test kinds are split by folder: unit and contract tests run in node, engine tests run against a
// real database (SQLite by default, PostgreSQL when DATABASE_URL is set), components in jsdom.
//
// isolate: false for the node projects: by default every test file gets a fresh worker process,
// which imports the engine (and compiles both contracts' validators) again, about 3 s of CPU per
// file; a worker that keeps its modules between files ran the engine suite on SQLite in 47 s of
// CPU instead of 190 s, and the unit project in half the time. Engine tests share nothing else: each
// opens its own database and engine and closes them, and the process-wide caches (compiled
// validators, the catalogue's rows, the test database images) are the same for every file.
// Components keep isolation: they render against module-level singletons (session store, query
// clients, mocked modules) that a file may leave changed.
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
      { test: { name: 'components', include: ['tests/components/**/*.test.tsx'], environment: 'jsdom', testTimeout: 20_000 } },
    ],
  },
});
