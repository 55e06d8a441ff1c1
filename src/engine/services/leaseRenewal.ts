/*
 * A worker's hold on a piece of work (a sync job, an account's deliveries, SQLite's workers lease)
 * is a lease in the database that lapses unless renewed. It is renewed on a timer, every third of
 * its length, not when the work makes progress: a run waiting out an app's rate limit or a POST
 * waiting for a slow receiver keeps its hold, and only a process that is gone (killed, crashed, or
 * cut off from the database for a whole lease) lets its work go. Everything the work awaits has
 * its own timeout (a webhook POST 10 s), so a live hold never hides work that hangs for good.
 */
export interface HeldLease {
  /** The lease was taken over (or could not be renewed for its whole length): stop before the next step. */
  readonly lost: boolean;
  /** Stops renewing (the work let the lease go, or is about to). */
  stop(): void;
}

/**
 * Renews a lease of `leaseMs` through `renew` (false: another holder has it now) every third of
 * its length until stopped. A renewal that fails (the database is unreachable) is tried again at
 * the next tick; once a whole lease has passed since the last renewal, the lease counts as lost.
 */
export function holdLease(leaseMs: number, renew: () => Promise<boolean>, onError: (error: unknown) => void = () => {}): HeldLease {
  let lost = false;
  let renewedAt = Date.now();
  let renewing = false;
  const timer = setInterval(() => {
    if (renewing) return;
    renewing = true;
    renew().then((held) => {
      if (held) renewedAt = Date.now();
      else lost = true;
    }, (error: unknown) => {
      onError(error);
      if (Date.now() - renewedAt >= leaseMs) lost = true;
    }).finally(() => {
      renewing = false;
      if (lost) clearInterval(timer);
    });
  }, Math.max(1, Math.floor(leaseMs / 3)));
  // A lease never keeps a process alive on its own.
  timer.unref();
  return {
    get lost() { return lost; },
    stop() { clearInterval(timer); },
  };
}
