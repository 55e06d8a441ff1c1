import type { StoredConfig } from '../repositories/connectors.ts';
import type { ChatStep } from '../services/chatFlow.ts';

/*
 * The demo's AI connectors as static data: one per status (live, testing, draft, deactivated),
 * each with the configuration, workflow, tests and chat its chatStep implies. Times are offsets
 * from the connector's creation so the demo moves with its `now`.
 */

interface DemoWorkflowStep {
  name: string;
  type: 'trigger' | 'auth' | 'api_call' | 'transform' | 'condition' | 'loop' | 'output';
  description: string;
  code: string;
  /** The step's outcome in the connector's latest test; null when it did not run. */
  lastRun: { status: 'passed' | 'failed'; output: unknown; logs: string[]; durationMs: number } | null;
}

interface DemoTest {
  kind: 'sync' | 'api' | 'webhook';
  status: 'passed' | 'failed';
  summary: string;
  result: Record<string, unknown>;
  /** Hours after creation. */
  atHours: number;
}

interface DemoConnector {
  name: string;
  status: 'live' | 'testing' | 'draft' | 'deactivated';
  medium: 'api' | 'sync' | 'webhook';
  apps: [id: string, label: string][];
  goal: string;
  chatStep: ChatStep;
  completed: ChatStep[];
  sessionStatus: 'active' | 'completed' | 'discarded';
  version: number;
  published: boolean;
  config: StoredConfig;
  steps: DemoWorkflowStep[];
  tests: DemoTest[];
  /** The chat after the goal: [role, text]; the last assistant message offers confirm_step when active. */
  turns: ['user' | 'assistant' | 'system', string][];
}

const form = (fields: [name: string, label: string, type: 'text' | 'password', secret: boolean][]) =>
  fields.map(([name, label, type, secret]) => ({ name, label, type, required: true, placeholder: null, help: null, secret, pattern: null, options: [] }));

export const DEMO_CONNECTORS: DemoConnector[] = [
  {
    name: 'Workday headcount agent', status: 'live', medium: 'sync', apps: [['workday', 'Workday']],
    goal: 'Keep a daily headcount per department in our warehouse', chatStep: 'live',
    completed: ['describe', 'select_apps', 'configure_auth', 'define_schema', 'build_workflow', 'test', 'review'], sessionStatus: 'completed', version: 3, published: true,
    config: {
      auth: { authType: 'OTHER', setupType: 'FORM', scopes: [] },
      sync: { syncFrequency: 'STANDARD', frequencyRate: null, frequencyUnit: null, models: ['workers', 'departments'] },
      webhookEvents: ['headcount.updated'],
      apis: [{
        apiId: 'api_headcount', name: 'Headcount by department', method: 'GET', path: '/headcount', description: 'Active workers per department, as of today.',
        requestSchema: { type: 'object', properties: { query: { type: 'object', properties: { department: { type: 'string' } } } } },
        responseSchema: { type: 'array', items: { type: 'object', properties: { department: { type: 'string' }, headcount: { type: 'integer' } } } },
        // AiJsonValue's generated type cannot say 'any object'.
        sampleInput: { query: { department: 'Engineering' } } as never,
      }],
      summary: 'Counts **active workers per department** in Workday every day and posts the totals as `headcount.updated`.',
      setupSteps: [{
        stepId: 'stp_auth_form', setupType: 'FORM', title: 'Connect Workday', description: 'Enter your Workday tenant and an integration system user.',
        fields: form([['tenant', 'Tenant', 'text', false], ['username', 'Integration user', 'text', false], ['password', 'Password', 'password', true]]), oauth: null,
      }],
    },
    steps: [
      { name: 'Every day at 02:00 UTC', type: 'trigger', description: 'Starts the sync once a day.', code: "export const schedule = '0 2 * * *';\n", lastRun: { status: 'passed', output: { firedAt: '02:00' }, logs: ['scheduled run'], durationMs: 3 } },
      { name: 'Fetch workers', type: 'api_call', description: 'Pages through active workers with their department.', code: "export default async function run(ctx) {\n  return ctx.http.paginate('/workers', { active: true });\n}\n", lastRun: { status: 'passed', output: { workers: 1284 }, logs: ['13 pages fetched'], durationMs: 8400 } },
      { name: 'Count per department', type: 'transform', description: 'Groups workers by department and counts them.', code: "export default function run(ctx, workers: { department: string }[]) {\n  const counts: Record<string, number> = {};\n  for (const w of workers) counts[w.department] = (counts[w.department] ?? 0) + 1;\n  return Object.entries(counts).map(([department, headcount]) => ({ department, headcount }));\n}\n", lastRun: { status: 'passed', output: { departments: 14 }, logs: [], durationMs: 12 } },
      { name: 'Send headcount', type: 'output', description: 'Posts the totals as headcount.updated.', code: "export default async function run(ctx, rows) {\n  await ctx.emit('headcount.updated', rows);\n}\n", lastRun: { status: 'passed', output: { delivered: 14 }, logs: ['14 events emitted'], durationMs: 640 } },
    ],
    tests: [{ kind: 'sync', status: 'passed', summary: '1284 records fetched, 0 failed', result: { models: ['workers', 'departments'], recordsFetched: 1284, recordsFailed: 0 }, atHours: 30 }],
    turns: [
      ['assistant', 'I can build that with Workday. Which fields do you need?'],
      ['user', 'Department and employment status are enough.'],
      ['assistant', 'The sync test passed with 1284 workers. Publishing it makes the connector live.'],
      ['system', 'Workday headcount agent is live (version 3).'],
    ],
  },
  {
    name: 'Greenhouse interview notes', status: 'testing', medium: 'sync', apps: [['greenhouse', 'Greenhouse']],
    goal: 'Pull interview scorecards into candidate profiles', chatStep: 'test',
    completed: ['describe', 'select_apps', 'configure_auth', 'define_schema', 'build_workflow'], sessionStatus: 'active', version: 2, published: false,
    config: {
      auth: { authType: 'BASIC', setupType: 'FORM', scopes: [] },
      sync: { syncFrequency: 'MEDIUM', frequencyRate: null, frequencyUnit: null, models: ['scorecards', 'candidates'] },
      webhookEvents: ['scorecard.created'],
      apis: [],
      summary: 'Fetches new **interview scorecards** from Greenhouse twice a day and attaches them to the candidate.',
      setupSteps: [{
        stepId: 'stp_auth_key', setupType: 'FORM', title: 'Connect Greenhouse', description: 'Create a Harvest API key in Greenhouse and paste it here.',
        fields: form([['apiKey', 'Harvest API key', 'password', true]]), oauth: null,
      }],
    },
    steps: [
      { name: 'Twice a day', type: 'trigger', description: 'Starts the sync every 12 hours.', code: "export const schedule = '0 */12 * * *';\n", lastRun: { status: 'passed', output: null, logs: [], durationMs: 2 } },
      { name: 'Fetch scorecards', type: 'api_call', description: 'Lists scorecards submitted since the last run.', code: "export default async function run(ctx) {\n  return ctx.http.get('/v1/scorecards', { updated_after: ctx.lastRunAt });\n}\n", lastRun: { status: 'failed', output: null, logs: ['GET /v1/scorecards -> 403 Forbidden', 'the API key lacks the Scorecards permission'], durationMs: 420 } },
      { name: 'Attach to candidate', type: 'output', description: 'Posts each scorecard as scorecard.created.', code: "export default async function run(ctx, scorecards) {\n  for (const s of scorecards) await ctx.emit('scorecard.created', s);\n}\n", lastRun: null },
    ],
    tests: [{ kind: 'sync', status: 'failed', summary: '0 records fetched, 1 error', result: { models: ['scorecards'], recordsFetched: 0, recordsFailed: 0, errors: [{ step: 'Fetch scorecards', message: '403 Forbidden' }] }, atHours: 50 }],
    turns: [
      ['assistant', 'I can build that with Greenhouse. Which fields do you need?'],
      ['user', 'Overall recommendation and the interviewer are enough.'],
      ['assistant', 'The sync test failed: Greenhouse answered 403 to /v1/scorecards. Give the API key the Scorecards permission and run the test again.'],
    ],
  },
  {
    name: 'Deal summariser', status: 'draft', medium: 'webhook', apps: [['salesforce', 'Salesforce'], ['hubspot', 'HubSpot']],
    goal: 'Summarise open deals every Monday', chatStep: 'select_apps', completed: ['describe'], sessionStatus: 'active', version: 1, published: false,
    config: { auth: { authType: 'OAUTH', setupType: 'OAUTH', scopes: [] } },
    steps: [],
    tests: [],
    turns: [
      ['assistant', 'Which CRMs do your customers use? I can start with Salesforce and HubSpot.'],
    ],
  },
  {
    name: 'Ticket triage assistant', status: 'deactivated', medium: 'webhook', apps: [['zendesk', 'Zendesk'], ['jira', 'Jira']],
    goal: 'Route urgent tickets to the on-call engineer', chatStep: 'review',
    completed: ['describe', 'select_apps', 'configure_auth', 'define_schema', 'build_workflow', 'test'], sessionStatus: 'discarded', version: 2, published: false,
    config: { auth: { authType: 'OAUTH', setupType: 'OAUTH', scopes: ['read', 'write'] }, webhookEvents: ['ticket.escalated'], summary: 'Escalates urgent Zendesk tickets to Jira.' },
    steps: [],
    tests: [],
    turns: [
      ['assistant', 'I can build that with Zendesk and Jira. Which tickets count as urgent?'],
      ['user', 'Priority urgent, or tagged outage.'],
    ],
  },
];
