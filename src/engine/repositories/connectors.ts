import { type Kysely, sql, type Transaction } from 'kysely';
import type { components } from '../../generated/api/ai.ts';
import type { Database, Row } from '../db/schema.ts';
import { notFound } from '../errors.ts';
import { newId } from '../db/ids.ts';
import { equalsIgnoringCase } from '../db/dialect.ts';
import { type ChatStep, type ConnectorMedium, isChatStep } from '../services/chatFlow.ts';
import { parseJson } from './catalog.ts';
import { logoUrl } from './integratedAccounts.ts';
import type { Category } from '../../shared/categories.ts';

// AI connectors as the connectors service shows them. The row keeps what lists show (name,
// medium, apps with labels, status, session and chatStep); config_json keeps what the chat
// builds, read through parseConfig so a connector before a step simply has that part empty.
type Db = Kysely<Database> | Transaction<Database>;
type Schemas = components['schemas'];
type ConnectorRow = Schemas['ConnectorRow'];
type ConnectorApp = Schemas['ConnectorApp'];
type ConnectorStatus = Schemas['ConnectorStatus'];
type ConnectorApi = Schemas['ConnectorApi'];
type ConnectorAuth = Schemas['ConnectorConfig']['auth'];
type SyncSettings = NonNullable<Schemas['ConnectorConfig']['sync']>;
type SetupStep = Schemas['SetupUiStep'];
export type AuthType = ConnectorAuth['authType'];

export const CONNECTOR_NOT_FOUND = 'Connector not found';
export const MEDIA: ConnectorMedium[] = ['api', 'sync', 'webhook'];
export const STATUSES: ConnectorStatus[] = ['draft', 'testing', 'live'];

/** What the chat builds; every part is optional until its step is done. */
export interface StoredConfig {
  auth?: ConnectorAuth;
  sync?: SyncSettings | null;
  webhookEvents?: string[];
  apis?: ConnectorApi[];
  /** Markdown summary written by the assistant (connector.summary). */
  summary?: string;
  /** The auth component's connect screens, written at configure_auth (setup.ui.metadata). */
  setupSteps?: SetupStep[];
}

/** An app as apps_json stores it (the label and logo shown without a catalog lookup). */
export interface StoredApp {
  id: string;
  label: string;
  logo?: string | null;
  category?: string | null;
}

const array = <T>(value: unknown): T[] => (Array.isArray(value) ? (value as T[]) : []);

export function parseConfig(text: string): StoredConfig {
  const raw = parseJson<Record<string, unknown>>(text, {});
  const config = raw && typeof raw === 'object' && !Array.isArray(raw) ? raw : {};
  return {
    auth: config.auth as ConnectorAuth | undefined,
    sync: (config.sync as SyncSettings | null | undefined) ?? null,
    webhookEvents: array<string>(config.webhookEvents),
    apis: array<ConnectorApi>(config.apis),
    summary: typeof config.summary === 'string' ? config.summary : '',
    setupSteps: array<SetupStep>(config.setupSteps),
  };
}

/** Only what the connector keeps of the config JSON: unknown keys of early rows are dropped on write. */
export const configJson = (config: StoredConfig) => JSON.stringify(config);

export const parseApps = (text: string): StoredApp[] => array<StoredApp>(parseJson<unknown>(text, [])).filter((a) => typeof a?.id === 'string');

export function toConnectorApp(app: StoredApp): ConnectorApp {
  return { appId: app.id, label: app.label ?? app.id, logo: logoUrl(app.logo) ?? null, category: (app.category ?? null) as Category | null };
}

/** How the auth component asks for an auth type: OAuth redirects, BASIC and OTHER take a form. */
const setupTypeOf = (authType: AuthType): ConnectorAuth['setupType'] =>
  authType === 'OAUTH' ? 'OAUTH' : authType === 'NONE' ? 'NONE' : 'FORM';

export const authFor = (authType: AuthType): ConnectorAuth => ({ authType, setupType: setupTypeOf(authType), scopes: [] });

/** The auth of a connector: as configured, else what its first app uses, else none. */
export const authOf = (config: StoredConfig): ConnectorAuth => config.auth ?? authFor('NONE');

export const mediumOf = (row: Pick<Row<'connectors'>, 'medium'>): ConnectorMedium =>
  MEDIA.includes(row.medium as ConnectorMedium) ? (row.medium as ConnectorMedium) : 'sync';

export const chatStepOf = (row: Pick<Row<'connectors'>, 'chat_step'>): ChatStep | null => (isChatStep(row.chat_step) ? row.chat_step : null);

export const statusOf = (row: Pick<Row<'connectors'>, 'status'>): ConnectorStatus =>
  STATUSES.includes(row.status as ConnectorStatus) ? (row.status as ConnectorStatus) : 'draft';

/** A connector of the organisation that is not deactivated (deactivated ones are deleted for the user). */
async function findConnector(db: Db, orgId: string, connectorId: string): Promise<Row<'connectors'> | undefined> {
  return db.selectFrom('connectors').selectAll()
    .where('org_id', '=', orgId).where('id', '=', connectorId).where('status', '!=', 'deactivated').executeTakeFirst();
}

export async function requireConnector(db: Db, orgId: string, connectorId: string): Promise<Row<'connectors'>> {
  const row = await findConnector(db, orgId, connectorId);
  if (!row) throw notFound(CONNECTOR_NOT_FOUND);
  return row;
}

/** The organisation's connectors that are not deactivated, latest change first. */
export async function listConnectors(db: Db, orgId: string, status?: ConnectorStatus): Promise<Row<'connectors'>[]> {
  return db.selectFrom('connectors').selectAll()
    .where('org_id', '=', orgId)
    .$if(status !== undefined, (q) => q.where('status', '=', status!))
    .$if(status === undefined, (q) => q.where('status', '!=', 'deactivated'))
    .orderBy('updated_at', 'desc').orderBy('id', 'desc').execute();
}

/** Integrated accounts per connector (every state: the integrations list's 'all'). */
async function integrationCounts(db: Db, orgId: string, connectorIds: string[]): Promise<Map<string, number>> {
  if (connectorIds.length === 0) return new Map();
  const rows = await db.selectFrom('integrated_accounts').select(['connector_id', sql<number>`count(*)`.as('n')])
    .where('org_id', '=', orgId).where('connector_id', 'in', connectorIds).groupBy('connector_id').execute();
  return new Map(rows.map((r) => [r.connector_id!, Number(r.n)]));
}

export function toConnectorRow(row: Row<'connectors'>, integrationCount: number): ConnectorRow {
  return {
    connectorId: row.id,
    name: row.name,
    connectorName: row.name,
    description: row.description,
    createdBy: row.created_by ?? '',
    createdAt: row.created_at,
    updatedAt: row.updated_at,
    medium: mediumOf(row),
    apps: parseApps(row.apps_json).map(toConnectorApp),
    status: statusOf(row),
    sessionId: row.session_id,
    chatStep: row.session_id === null ? null : chatStepOf(row),
    integrationCount,
  };
}

export async function toConnectorRows(db: Db, orgId: string, rows: Row<'connectors'>[]): Promise<ConnectorRow[]> {
  const counts = await integrationCounts(db, orgId, rows.map((r) => r.id));
  return rows.map((r) => toConnectorRow(r, counts.get(r.id) ?? 0));
}

/** Case-insensitive match of a search on the name or an app label. */
export function matchesSearch(row: Row<'connectors'>, search: string | undefined): boolean {
  const needle = search?.trim().toLowerCase();
  if (!needle) return true;
  return row.name.toLowerCase().includes(needle) || parseApps(row.apps_json).some((a) => (a.label ?? '').toLowerCase().includes(needle));
}

export const usesApp = (row: Row<'connectors'>, appId: string | undefined) => !appId || parseApps(row.apps_json).some((a) => a.id === appId);

/** The name rows show for a user: their username, else their e-mail. */
export async function displayName(db: Db, userId: string): Promise<string> {
  const user = await db.selectFrom('users').select(['username', 'email']).where('id', '=', userId).executeTakeFirst();
  return user?.username?.trim() || user?.email || '';
}

/** true when another live connector of the organisation has this name (case-insensitive). */
export async function nameTaken(db: Db, orgId: string, name: string): Promise<boolean> {
  const row = await db.selectFrom('connectors').select('id')
    .where('org_id', '=', orgId).where('status', '!=', 'deactivated').where(equalsIgnoringCase('name', name))
    .executeTakeFirst();
  return row !== undefined;
}

/** A saved change of the configuration: version + 1. */
export async function bumpVersion(db: Db, connectorId: string, now: number): Promise<number> {
  const row = await db.updateTable('connectors').set({ version: sql<number>`version + 1`, updated_at: now })
    .where('id', '=', connectorId).returning('version').executeTakeFirstOrThrow();
  return Number(row.version);
}

interface NewDraftConnector {
  orgId: string;
  name: string;
  createdBy: string;
  medium: string;
  apps: StoredApp[];
  config: StoredConfig;
  description: string;
}

/** A new draft connector, version 1, not yet tied to a building session; returns its id. */
export async function insertDraftConnector(db: Db, values: NewDraftConnector, now: number): Promise<string> {
  const id = newId('con');
  await db.insertInto('connectors').values({
    id, org_id: values.orgId, name: values.name, created_by: values.createdBy, medium: values.medium, apps_json: JSON.stringify(values.apps),
    status: 'draft', session_id: null, chat_step: null, config_json: configJson(values.config),
    description: values.description, version: 1, published_at: null, created_at: now, updated_at: now, deactivated_at: null,
  }).execute();
  return id;
}

/** The ids among these that are live connectors of the organisation. */
export async function liveConnectorsAmong(db: Db, orgId: string, connectorIds: string[]): Promise<string[]> {
  const rows = await db.selectFrom('connectors').select('id').where('org_id', '=', orgId)
    .where('id', 'in', connectorIds).where('status', '=', 'live').execute();
  return rows.map((r) => r.id);
}
