import type { Kysely, Transaction } from 'kysely';
import type { BodyOf } from '../contractTypes.ts';
import { ApiFailure, badRequest, conflict } from '../errors.ts';
import type { Database, Row } from '../db/schema.ts';
import { resolveApps } from '../repositories/aiApps.ts';
import {
  activeSessionOf, appendMessages, assertActive, type ChatMessage, connectorNameAndStatus, createSession, flowOf, lastCompletedSessionId,
  type NewMessage, requireSession, saveFlow, type SessionState, titleOf, toSessionState,
} from '../repositories/aiSessions.ts';
import { markConnectorTesting, pointLiveConnectorAt, publishConnector, setConnectorApps } from '../repositories/connectorChat.ts';
import { deactivateConnector } from '../repositories/connectorLifecycle.ts';
import { hasPassingTest } from '../repositories/connectorTests.ts';
import {
  authFor, chatStepOf, displayName, insertDraftConnector, mediumOf, parseApps, parseConfig, requireConnector, statusOf,
} from '../repositories/connectors.ts';
import { countSteps } from '../repositories/workflowSteps.ts';
import { back, CHAT_STEPS, canSkip, type ChatStep, complete, type FlowState, inFlowOrder, stepsBefore } from './chatFlow.ts';

// The connector-building chat's sessions: opening one (session.initialize) and the buttons under
// an assistant message (session.action) as transitions of the session's step machine
// (chatFlow.ts). Every change is one transaction with the system message recording it. No
// assistant answers here: the assistant speaks through session.chat.
type Trx = Transaction<Database>;
type InitializeBody = BodyOf<'sessionInitialize'>;
type ActionBody = BodyOf<'sessionAction'>;
interface Who { orgId: string; userId: string; createdBy: string; now: number }

const UNTITLED = 'Untitled connector';
const WELCOME = 'Hi! Tell me what your connector should do.';
const NOT_WHEN_RESUMING = 'Not allowed when resuming a draft connector';
const CHANGED_IN_CHAT = 'Change this in the chat of the connector';
const SELECT_ONE_APP = 'Please select at least one app';

/**
 * A new draft connector and its building session, or the session of an existing connector
 * (resumed when active, else opened). Returns the session's id.
 */
export async function openChatSession(db: Kysely<Database>, caller: { orgId: string; userId: string; now: number }, body: InitializeBody): Promise<string> {
  const { orgId, userId, now } = caller;
  const prompt = body.prompt?.trim() ? body.prompt.trim() : undefined;
  const who: Who = { orgId, userId, now, createdBy: await displayName(db, userId) };
  return db.transaction().execute(async (trx) => {
    if (!body.connectorId) return startConnector(trx, who, body, prompt);
    const connector = await requireConnector(trx, orgId, body.connectorId);
    return statusOf(connector) === 'draft' ? resumeDraft(trx, who, connector, body, prompt) : openEdit(trx, who, connector, body, prompt);
  });
}

/** A draft connector named 'Untitled connector' and its session at describe. */
async function startConnector(trx: Trx, who: Who, body: InitializeBody, prompt: string | undefined): Promise<string> {
  const { apps, authType } = await resolveApps(trx, who.orgId, body.appIds ?? []);
  const connectorId = await insertDraftConnector(trx, {
    orgId: who.orgId, name: UNTITLED, createdBy: who.createdBy, medium: body.medium ?? 'sync', apps,
    config: authType ? { auth: authFor(authType) } : {}, description: prompt ?? '',
  }, who.now);
  const session = await createSession(trx, {
    orgId: who.orgId, connectorId, userId: who.userId, createdBy: who.createdBy, title: prompt ? titleOf(prompt) : UNTITLED, kind: 'build',
    flow: { chatStep: 'describe', completed: apps.length > 0 ? ['select_apps'] : [] },
  }, who.now);
  const messages: NewMessage[] = [{ role: 'assistant', text: WELCOME }];
  if (apps.length > 0) messages.push({ role: 'system', text: `Apps selected: ${apps.map((a) => a.label).join(', ')}.` });
  if (prompt) messages.push({ role: 'user', text: prompt });
  await appendMessages(trx, session, 'describe', messages, who.now);
  return session.id;
}

/** A draft reopens its building session where it stands (a new one at its step if it has none). */
async function resumeDraft(trx: Trx, who: Who, connector: Row<'connectors'>, body: InitializeBody, prompt: string | undefined): Promise<string> {
  if (prompt !== undefined) throw badRequest(NOT_WHEN_RESUMING, 'prompt');
  if (body.appIds !== undefined) throw badRequest(NOT_WHEN_RESUMING, 'appIds');
  if (body.medium !== undefined) throw badRequest(NOT_WHEN_RESUMING, 'medium');
  const active = await activeSessionOf(trx, connector.id);
  if (active) return active.id;
  const step: ChatStep = chatStepOf(connector) ?? 'describe';
  const session = await createSession(trx, {
    orgId: who.orgId, connectorId: connector.id, userId: who.userId, createdBy: who.createdBy, title: titleOf(connector.name), kind: 'build',
    flow: { chatStep: step, completed: stepsBefore(step) },
  }, who.now);
  await appendMessages(trx, session, step, [{ role: 'system', text: `Session opened at step ${step}.` }], who.now);
  return session.id;
}

/** A testing or live connector: its active session, else a new editing session at review. */
async function openEdit(trx: Trx, who: Who, connector: Row<'connectors'>, body: InitializeBody, prompt: string | undefined): Promise<string> {
  if (body.appIds !== undefined) throw badRequest(CHANGED_IN_CHAT, 'appIds');
  if (body.medium !== undefined) throw badRequest(CHANGED_IN_CHAT, 'medium');
  let session = await activeSessionOf(trx, connector.id);
  const messages: NewMessage[] = [];
  if (!session) {
    session = await createSession(trx, {
      orgId: who.orgId, connectorId: connector.id, userId: who.userId, createdBy: who.createdBy,
      title: titleOf(prompt ?? `Edit ${connector.name}`), kind: 'edit', flow: { chatStep: 'review', completed: stepsBefore('review') },
    }, who.now);
    messages.push({ role: 'system', text: `Editing ${connector.name} (version ${connector.version}).` });
  }
  if (prompt) messages.push({ role: 'user', text: prompt });
  if (messages.length > 0) await appendMessages(trx, session, chatStepOf({ chat_step: session.chat_step }) ?? 'review', messages, who.now);
  return session.id;
}

interface Step { trx: Trx; session: Row<'ai_sessions'>; connector: Row<'connectors'>; flow: FlowState; body: ActionBody; orgId: string; now: number }
interface Outcome { session: Row<'ai_sessions'>; messages: ChatMessage[] }

const reaches = (flow: FlowState, step: 'test') => CHAT_STEPS.indexOf(flow.chatStep) >= CHAT_STEPS.indexOf(step);

/**
 * Applies one button of the chat to an active session of the organisation. regenerate would ask
 * the assistant again, which this engine has no language model for (501).
 */
export async function applySessionAction(db: Kysely<Database>, orgId: string, body: ActionBody, now: number): Promise<{ session: SessionState; messages: ChatMessage[] }> {
  const outcome = await db.transaction().execute(async (trx) => {
    const { session, connector } = await requireSession(trx, orgId, body.sessionId);
    assertActive(session);
    if (body.action === 'regenerate') throw new ApiFailure(501, 'NOT_IMPLEMENTED', 'Not implemented: sessionAction regenerate');
    const result = await ACTIONS[body.action]({ trx, session, connector, flow: flowOf(session), body, orgId, now });
    return { ...result, before: connector };
  });
  const connector = await connectorNameAndStatus(db, outcome.session.connector_id);
  // A discarded session's deleted connector is shown as it was before the discard.
  return { session: toSessionState(outcome.session, connector.status === 'deactivated' ? outcome.before : connector), messages: outcome.messages };
}

/** Saves the new flow state and records the action as a system message at the new step. */
async function move({ trx, session, connector, now }: Step, next: FlowState, text: string, status: 'active' | 'completed' = 'active'): Promise<Outcome> {
  // A built connector is being tested from the test step on; status only moves forward.
  if (statusOf(connector) === 'draft' && reaches(next, 'test')) await markConnectorTesting(trx, connector.id, now);
  const saved = await saveFlow(trx, session, next, now, status);
  const messages = await appendMessages(trx, saved, next.chatStep, [{ role: 'system', text }], now);
  return { session: saved, messages };
}

const ACTIONS: Record<Exclude<ActionBody['action'], 'regenerate'>, (step: Step) => Promise<Outcome>> = {
  async confirm_step(step) {
    const { flow, connector, trx } = step;
    if (flow.chatStep === 'review' || flow.chatStep === 'live') throw conflict('Nothing to confirm at this step: publish the connector or go back');
    if (flow.chatStep === 'select_apps' && parseApps(connector.apps_json).length === 0) throw conflict(SELECT_ONE_APP);
    if (flow.chatStep === 'build_workflow' && (await countSteps(trx, connector.id)) === 0) throw conflict('The workflow has no steps yet');
    return move(step, complete(flow, flow.chatStep), `Step ${flow.chatStep} confirmed.`);
  },

  async go_back(step) {
    const previous = back(step.flow);
    if (!previous) throw conflict('Already at the first step');
    return move(step, previous, `Back to step ${previous.chatStep}.`);
  },

  async select_apps(step) {
    const { flow, connector, trx, body, orgId, now } = step;
    if (!body.appIds) throw badRequest(SELECT_ONE_APP, 'appIds');
    if (flow.chatStep !== 'describe' && flow.chatStep !== 'select_apps') throw conflict('The apps can only change at select_apps: go back first');
    const { apps, authType } = await resolveApps(trx, orgId, body.appIds);
    await setConnectorApps(trx, connector.id, apps, { ...parseConfig(connector.config_json), auth: authFor(authType!) }, now);
    return move(step, complete(flow, 'select_apps'), `Apps selected: ${apps.map((a) => a.label).join(', ')}.`);
  },

  async skip_step(step) {
    const { flow, connector } = step;
    if (!canSkip(flow.chatStep, mediumOf(connector))) throw conflict('This step cannot be skipped');
    return move(step, complete(flow, flow.chatStep), `Step ${flow.chatStep} skipped.`);
  },

  async publish(step) {
    const { flow, connector, trx, now } = step;
    if (flow.chatStep !== 'review') throw conflict('Only a connector at review can be published');
    if (!(await hasPassingTest(trx, connector.id, connector.version))) {
      throw conflict(`Publishing needs a passed sync or API test of the current version (${connector.version})`);
    }
    await publishConnector(trx, connector.id, now);
    return move(step, { chatStep: 'live', completed: inFlowOrder([...flow.completed, 'review']) }, `${connector.name} is live (version ${connector.version}).`, 'completed');
  },

  async discard({ trx, session, connector, flow, orgId, now }) {
    const saved = await saveFlow(trx, session, flow, now, 'discarded');
    if (connector.published_at === null) {
      await deactivateConnector(trx, orgId, connector.id, now);
    } else {
      // A published connector keeps serving: it points back at the session that published it.
      await pointLiveConnectorAt(trx, connector.id, (await lastCompletedSessionId(trx, connector.id)) ?? connector.session_id, now);
    }
    return { session: saved, messages: [] };
  },
};
