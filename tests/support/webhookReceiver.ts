import type { IncomingHttpHeaders } from 'node:http';
import { Webhook } from 'standardwebhooks';
import { vi } from 'vitest';

/** A request a test's webhook receiver got: its headers and raw body. */
export interface ReceivedWebhook {
  headers: IncomingHttpHeaders;
  body: string;
}

/**
 * Whether the `standardwebhooks` package, as a customer's receiver would use it, accepts the
 * request as signed with `secret` (a `whsec_...` text; anything else is not a key and fails).
 * The package refuses timestamps more than 5 minutes from the receiver's clock: that is the real
 * clock, or `receivedAt` (unix ms) for a test whose engine clock is fixed elsewhere in time.
 */
export function verifies(call: ReceivedWebhook, secret: string, receivedAt?: number): boolean {
  const clock = receivedAt === undefined ? undefined : vi.spyOn(Date, 'now').mockReturnValue(receivedAt);
  try {
    new Webhook(secret).verify(call.body, call.headers as Record<string, string>);
    return true;
  } catch {
    return false;
  } finally {
    clock?.mockRestore();
  }
}
