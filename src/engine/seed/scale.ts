/*
 * How big a demo is. 'small' loads in a second or two for a first look; 'large' looks like a busy
 * customer; a number N is for benchmarks: exactly N API-log rows, everything else proportional.
 */

export type SeedScale = 'small' | 'large' | number;

export interface ScalePlan {
  label: string;
  endCustomers: number;
  accounts: number;
  /** Exact number of api_logs rows. */
  apiLogs: number;
  /** Webhook logs (sync iterations) aimed at; the exact count follows from the runs. */
  webhookLogs: number;
  /** Print progress lines while loading. */
  progress: boolean;
}

/** Webhook iterations per API call: syncs are rarer than API calls but fan out to many records. */
const WEBHOOK_RATIO = 0.15;

export function resolveScale(scale: SeedScale): ScalePlan {
  if (scale === 'small') return plan('small', 60, 200, 3_000);
  if (scale === 'large') return plan('large', 600, 2_000, 150_000);
  if (!Number.isInteger(scale) || scale < 0) throw new Error(`seed: scale must be small, large or a whole number of API-log rows, got ${scale}`);
  // Enough accounts that every category and state is covered, growing with volume up to 5,000.
  const accounts = Math.min(5_000, Math.max(200, Math.round(scale / 200)));
  return plan(String(scale), Math.round(accounts * 0.3), accounts, scale);
}

function plan(label: string, endCustomers: number, accounts: number, apiLogs: number): ScalePlan {
  return {
    label,
    endCustomers,
    accounts,
    apiLogs,
    webhookLogs: Math.max(120, Math.round(apiLogs * WEBHOOK_RATIO)),
    progress: apiLogs >= 100_000,
  };
}

/** Parses the CLI's --scale value. */
export function parseScale(text: string | undefined): SeedScale {
  if (text === undefined || text === 'small' || text === 'large') return (text ?? 'small') as SeedScale;
  const n = Number(text.replace(/[_,]/g, ''));
  if (!Number.isInteger(n) || n < 0) throw new Error(`--scale must be small, large or a number of API-log rows, got ${text}`);
  return n;
}
