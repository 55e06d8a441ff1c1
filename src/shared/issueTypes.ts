/*
 * The issue types of the issues screen: an issue groups the failing calls of one integrated
 * account of one type, and carries the type's code and resolution in its errorDataStr (spec part 2
 * section 8: the integration error example 'E002', 'Invalid API Key', with a resolution). The seed
 * writes them for its history and the engine raises them live (the unified API's failing native
 * calls), so both write the same codes and texts.
 */
export const ISSUE_TYPES = {
  VALIDATION_ERROR: { code: 'E001', resolution: 'Check the request body and query against the API reference.' },
  AUTH_ERROR: { code: 'E002', resolution: 'Ask the end user to reconnect the app with valid credentials (Reintegrate magic link).' },
  PERMISSION_DENIED: { code: 'E003', resolution: 'Ask the end user to grant the integration user read access to the requested data.' },
  NOT_FOUND: { code: 'E004', resolution: 'The record was deleted in the app or the id is wrong; refresh your copy.' },
  RATE_LIMITED: { code: 'E005', resolution: "Calls are retried with backoff; lower the call rate or the account's sync frequency." },
  APP_ERROR: { code: 'E006', resolution: 'The app had an outage; calls are retried automatically.' },
  WEBHOOK_DELIVERY_FAILED: { code: 'W001', resolution: 'Make sure the webhook URL answers 200 to POST requests.' },
  WEBHOOK_TIMEOUT: { code: 'W002', resolution: 'Answer the webhook within 30 seconds and process the event asynchronously.' },
  WEBHOOK_ENDPOINT_NOT_FOUND: { code: 'W003', resolution: 'Update the webhook URL on the API Keys & Webhooks page.' },
  WEBHOOK_NOT_DISPATCHED: { code: 'W004', resolution: 'Events are kept for 24 hours; restore the webhook and restart the sync.' },
} as const;

export type IssueType = keyof typeof ISSUE_TYPES;

const UNKNOWN_TYPE = { code: 'E000', resolution: 'Contact support with the execution id.' } as const;

/** The issue's errorDataStr: what the issues screen shows beside the message. */
export function issueData(errorType: string, description: string, statusCode: number | null, firstSeenAt: number): string {
  const { code, resolution } = ISSUE_TYPES[errorType as IssueType] ?? UNKNOWN_TYPE;
  return JSON.stringify({ code, description, resolution, statusCode: statusCode || null, firstSeenAt });
}
