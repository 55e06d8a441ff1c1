/**
 * Every test database of a run is named after the run (an id tests/support/engineGlobalSetup.ts
 * provides), so the run's teardown can find and drop those still there.
 */
export const runDatabasePrefix = (run: string): string => `test_${run}_`;
