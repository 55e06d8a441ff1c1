import { cleanup } from '@testing-library/react';
import { afterAll, beforeAll, vi } from 'vitest';

// Component files share their worker's modules and jsdom (isolate: false, for speed): each file
// starts from a blank page, storage and clock, and leaves no mock or stub behind.
beforeAll(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
  sessionStorage.clear();
  document.body.innerHTML = '';
});
afterAll(() => {
  cleanup();
  vi.useRealTimers();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();
});
