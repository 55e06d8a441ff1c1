import type { WorkerLog } from './services/workers.ts';

/** How the workers report, in the engine's and the worker process's output. */
export const workerLog: WorkerLog = {
  info: (message) => console.log(message),
  error: (message, error) => console.error(`${message}:`, error),
};
