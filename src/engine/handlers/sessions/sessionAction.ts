import type { Transaction } from 'kysely';
import { defineHandler, type BodyOf } from '../types.ts';
import { ApiFailure, badRequest, conflict } from '../../errors.ts';
import type { Database, Row } from '../../db/schema.ts';
import { resolveApps } from '../../repositories/aiApps.ts';
import { appendMessages, assertActive, type ChatMessage, flowOf, requireSession, saveFlow, toSessionState } from '../../repositories/aiSessions.ts';
import { deactivateConnector } from '../../repositories/connectorLifecycle.ts';
import { hasPassingTest } from '../../repositories/connectorTests.ts';
import { authFor, configJson, mediumOf, parseApps, parseConfig, statusOf } from '../../repositories/connectors.ts';
import { countSteps } from '../../repositories/workflowSteps.ts';
import { back, CHAT_STEPS, canSkip, complete, type FlowState, inFlowOrder } from '../../services/chatFlow.ts';
import { aiCaller } from '../connectors/context.ts';

type Trx = Transaction<Database>;
type Body = BodyOf<'sessionAction'>;
interface Step { trx: Trx; session: Row<'ai_sessions'>; connector: Row<'connectors'>; flow: FlowState; body: Body; orgId: string; now: number }
interface Outcome { session: Row<'ai_sessions'>; messages: ChatMessage[] }

const SELECT_ONE_APP = 'Please select at least one app';
const reaches = (flow: FlowState, step: 'test') => CHAT_STEPS.indexOf(flow.chatStep) >= CHAT_STEPS.indexOf(step);

// The buttons under an assistant message, as transitions of the session's step machine
// (services/chatFlow.ts). Every transition is one transaction with the system message recording
// it; regenerate would ask the assistant again, which this engine has no language model for.
export const sessionAction = defineHandler('sessionAction', async ({ body }, ctx) => {
  const { db, orgId, now } = aiCaller(ctx);
  const outcome = await db.transaction().execute(async (trx) => {
    const { session, connector } = await requireSession(trx, orgId, body.sessionId);
    assertActive(session);
    if (body.action === 'regenerate') throw new ApiFailure(501, 'NOT_IMPLEMENTED', 'Not implemented: sessionAction regenerate');
    const result = await ACTIONS[body.action]({ trx, session, connector, flow: flowOf(session), body, orgId, now });
    return { ...result, before: connector };
  });
  const connector = await db.selectFrom('connectors').selectAll().where('id', '=', outcome.session.connector_id).executeTakeFirstOrThrow();
  // A discarded session's deleted connector is shown as it was before the discard.
  return { session: toSessionState(outcome.session, connector.status === 'deactivated' ? outcome.before : connector), messages: outcome.messages };
});

/** Saves the new flow state and records the action as a system message at the new step. */
async function move({ trx, session, connector, now }: Step, next: FlowState, text: string, status: 'active' | 'completed' = 'active'): Promise<Outcome> {
  // A built connector is being tested from the test step on; status only moves forward.
  if (statusOf(connector) === 'draft' && reaches(next, 'test')) {
    await trx.updateTable('connectors').set({ status: 'testing', updated_at: now }).where('id', '=', connector.id).execute();
  }
  const saved = await saveFlow(trx, session, next, now, status);
  const messages = await appendMessages(trx, saved, next.chatStep, [{ role: 'system', text }], now);
  return { session: saved, messages };
}

const ACTIONS: Record<Exclude<Body['action'], 'regenerate'>, (step: Step) => Promise<Outcome>> = {
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
    const config = { ...parseConfig(connector.config_json), auth: authFor(authType!) };
    await trx.updateTable('connectors')
      .set((eb) => ({ apps_json: JSON.stringify(apps), config_json: configJson(config), version: eb('version', '+', 1), updated_at: now }))
      .where('id', '=', connector.id).execute();
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
    await trx.updateTable('connectors').set({ status: 'live', published_at: now, updated_at: now }).where('id', '=', connector.id).execute();
    return move(step, { chatStep: 'live', completed: inFlowOrder([...flow.completed, 'review']) }, `${connector.name} is live (version ${connector.version}).`, 'completed');
  },

  async discard({ trx, session, connector, flow, orgId, now }) {
    const saved = await saveFlow(trx, session, flow, now, 'discarded');
    if (connector.published_at === null) {
      await deactivateConnector(trx, orgId, connector.id, now);
    } else {
      // A published connector keeps serving: it points back at the session that published it.
      const published = await trx.selectFrom('ai_sessions').select('id').where('connector_id', '=', connector.id).where('status', '=', 'completed')
        .orderBy('updated_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
      await trx.updateTable('connectors').set({ session_id: published?.id ?? connector.session_id, chat_step: 'live', updated_at: now })
        .where('id', '=', connector.id).execute();
    }
    return { session: saved, messages: [] };
  },
};
