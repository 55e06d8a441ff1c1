// The platform team's three contract edits, applied to a copy of openapi/ (never to the repo's):
// (a) a column on the accounts list for a row field that had none, (b) a select filter over a new
// labelled enum parameter, (c) a new admin-only list operation with its own screen and menu entry.
// Only YAML changes here; everything the dashboard shows for them must come out of codegen.
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import YAML from 'yaml';

type Node = Record<string, unknown>;

/** (a) The new accounts column: a field of IntegratedAccountRow that the list did not show. */
export const NEW_COLUMN = { source: 'originOrgId', label: 'Platform Org ID', kind: 'text' } as const;

/** (b) The new accounts filter: a query parameter over a new enum schema with x-enum-labels. */
export const NEW_FILTER = { source: 'syncState', label: 'Sync State', kind: 'select' } as const;
export const NEW_ENUM_SCHEMA = 'AccountSyncState';
/** Labels that differ from the fallback (choiceLabel: 'Running', 'Paused', 'Disabled'), so the screen can only show them from x-enum-labels. */
export const NEW_ENUM_LABELS = { running: 'Syncing now', paused: 'On hold', disabled: 'Switched off' } as const;

/** (c) The new list operation, its screen and its menu entry. */
export const NEW_OPERATION = { path: '/app.getAuditTrail', file: 'app.getAuditTrail.yaml', operationId: 'appGetAuditTrail' } as const;
export const NEW_RESOURCE = {
  name: 'audit-trail',
  route: '/dashboard/audit-trail',
  title: 'Audit Trail',
  menu: { label: 'Audit Trail', icon: 'HistoryOutlined', order: 105 },
  columns: [
    { source: 'occurredAt', label: 'Occurred At', kind: 'date' },
    { source: 'actor', label: 'Actor', kind: 'email' },
    { source: 'action', label: 'Action', kind: 'text' },
  ],
} as const;

const ACCOUNTS_PATH_FILE = 'engine/paths/app.getIntegrationAccounts.yaml';

const readYaml = (file: string): Node => YAML.parse(readFileSync(file, 'utf8')) as Node;
const writeYaml = (file: string, doc: unknown): void => writeFileSync(file, YAML.stringify(doc));

/** Applies the three edits to the contract copy at `contract`. */
export function applyPlatformTeamEdits(contract: string): void {
  // (a) + (b): the accounts operation.
  const accountsFile = join(contract, ACCOUNTS_PATH_FILE);
  const accounts = readYaml(accountsFile);
  const get = accounts.get as Node & { parameters: Node[]; 'x-resource': Node & { columns: Node[]; filters: Node[] } };
  const resource = get['x-resource'];
  const row = readYaml(join(contract, 'engine/schemas/IntegratedAccountRow.yaml')) as { properties: Node };
  if (!row.properties[NEW_COLUMN.source]) throw new Error(`IntegratedAccountRow has no ${NEW_COLUMN.source} any more: pick another field`);
  if (resource.columns.some((column) => column.source === NEW_COLUMN.source)) throw new Error(`accounts already shows ${NEW_COLUMN.source}: pick another field`);
  // Before the actions column, which stays last.
  resource.columns.splice(resource.columns.length - 1, 0, { ...NEW_COLUMN });
  resource.filters.push({ ...NEW_FILTER });
  get.parameters.push({
    name: NEW_FILTER.source,
    in: 'query',
    required: false,
    description: 'Only accounts whose sync is in this state.',
    schema: { $ref: `../../shared/schemas/${NEW_ENUM_SCHEMA}.yaml` },
  });
  writeYaml(accountsFile, accounts);
  writeYaml(join(contract, 'shared/schemas', `${NEW_ENUM_SCHEMA}.yaml`), {
    type: 'string',
    description: 'How an integrated account syncs: running, paused or disabled.',
    enum: Object.keys(NEW_ENUM_LABELS),
    'x-enum-labels': { ...NEW_ENUM_LABELS },
  });

  // (c): the new operation, its schemas, and its entry in the engine root's path list.
  writeYaml(join(contract, 'engine/schemas/AuditTrailEvent.yaml'), {
    type: 'object',
    description: 'One entry of the audit trail: who did what, when.',
    required: ['eventId', 'actor', 'action', 'occurredAt'],
    properties: {
      eventId: { type: 'string', description: 'Id of the event.' },
      actor: { type: 'string', format: 'email', description: 'E-mail of the dashboard user who acted.' },
      action: { type: 'string', maxLength: 200, description: 'What the user did.' },
      occurredAt: { type: 'integer', 'x-timestamp': 'ms', description: 'When it happened, unix milliseconds.' },
    },
  });
  writeYaml(join(contract, 'engine/schemas/AppGetAuditTrailResponse.yaml'), {
    type: 'object',
    required: ['success', 'msg'],
    properties: {
      success: { $ref: '../../shared/schemas/SuccessFlag.yaml' },
      msg: {
        type: 'object',
        required: ['events', 'nextCursor'],
        properties: {
          events: { type: 'array', description: 'One page of events, newest first.', items: { $ref: './AuditTrailEvent.yaml' } },
          nextCursor: { type: ['string', 'null'], description: 'Cursor of the next page; null on the last page.' },
        },
      },
    },
  });
  writeYaml(join(contract, 'engine/paths', NEW_OPERATION.file), {
    get: {
      operationId: NEW_OPERATION.operationId,
      summary: 'Audit trail of the organisation',
      description: 'What the dashboard users of the organisation did, newest first. Cursor paging, 10 rows by default.',
      tags: ['dashboard'],
      'x-roles': ['admin'],
      'x-paging': { style: 'cursor', pageSize: 10 },
      'x-resource': {
        name: NEW_RESOURCE.name,
        title: NEW_RESOURCE.title,
        menu: { ...NEW_RESOURCE.menu },
        route: NEW_RESOURCE.route,
        rows: 'msg.events',
        rowId: 'eventId',
        columns: NEW_RESOURCE.columns.map((column) => ({ ...column })),
      },
      parameters: [
        { name: 'limit', in: 'query', required: false, description: 'Rows per page (default 10).', schema: { type: 'integer', minimum: 1, maximum: 100, default: 10 } },
        { name: 'cursor', in: 'query', required: false, description: "The previous page's nextCursor.", schema: { type: 'string', maxLength: 512 } },
      ],
      responses: {
        '200': { description: 'One page of the audit trail.', content: { 'application/json': { schema: { $ref: '../schemas/AppGetAuditTrailResponse.yaml' } } } },
        '400': { $ref: '../../shared/responses/BadRequest.yaml' },
        '401': { $ref: '../../shared/responses/Unauthorized.yaml' },
        '403': { $ref: '../../shared/responses/Forbidden.yaml' },
      },
    },
  });
  const rootFile = join(contract, 'engine/openapi.yaml');
  // A string edit keeps the root's comments and layout: one more entry in the path list.
  const root = readFileSync(rootFile, 'utf8');
  const anchor = '  /app.getIntegrationAccounts:\n    $ref: ./paths/app.getIntegrationAccounts.yaml\n';
  if (!root.includes(anchor)) throw new Error('engine/openapi.yaml no longer lists /app.getIntegrationAccounts as expected');
  writeFileSync(rootFile, root.replace(anchor, `${anchor}  ${NEW_OPERATION.path}:\n    $ref: ./paths/${NEW_OPERATION.file}\n`));
}
