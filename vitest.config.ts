import { defineConfig } from 'vitest/config';

// Test kinds are split by folder: unit and contract tests run in node, engine tests run against a
// real database (SQLite by default, PostgreSQL when DATABASE_URL is set), components in jsdom.
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'unit', include: ['tests/unit/**/*.test.ts', 'tests/contract/**/*.test.ts', 'tests/machines/**/*.test.ts'], environment: 'node' } },
      { test: { name: 'engine', include: ['tests/engine/**/*.test.ts'], environment: 'node', testTimeout: 30_000, hookTimeout: 60_000 } },
      { test: { name: 'components', include: ['tests/components/**/*.test.tsx'], environment: 'jsdom' } },
    ],
  },
});
