// Types of server.mjs, for the product's tests that start it (the example itself is plain JavaScript).
export interface ExampleCustomer {
  originOrgId: string;
  originOrgName: string;
  originUserEmail: string;
  originUserName: string;
}

export interface ExampleBackendOptions {
  /** The engine's origin (or any URL on it). */
  engineUrl: string;
  apiKey: string;
  customer: ExampleCustomer;
  /** Files to serve (the plain JavaScript page). */
  folder?: string;
  /** 0 picks a free port. */
  port?: number;
  host?: string;
}

export function startExampleBackend(options: ExampleBackendOptions): Promise<{ url: string; close: () => Promise<void> }>;
