import { defineSessionHandler } from '../types.ts';
import { connectorStats } from '../../repositories/connectorStats.ts';
import { latestTest, toTestRunSummary } from '../../repositories/connectorTests.ts';
import { mediumOf, parseApps, parseConfig, requireConnector, statusOf, toConnectorApp } from '../../repositories/connectors.ts';
import { countSteps } from '../../repositories/workflowSteps.ts';
import { aiCaller } from './context.ts';

// The details page overview: the assistant's summary and the connector's capabilities from its
// configuration, usage from the counters, the latest test and the size of its workflow.
export const connectorSummary = defineSessionHandler('connectorSummary', async ({ query }, ctx) => {
  const { db, orgId, now } = aiCaller(ctx);
  const row = await requireConnector(db, orgId, query.connectorId);
  const config = parseConfig(row.config_json);
  const medium = mediumOf(row);
  const [stats, test, workflowStepCount] = await Promise.all([
    connectorStats(db, orgId, row.id, now),
    latestTest(db, row.id),
    countSteps(db, row.id),
  ]);
  return {
    summary: {
      connectorId: row.id,
      name: row.name,
      connectorName: row.name,
      status: statusOf(row),
      medium,
      apps: parseApps(row.apps_json).map(toConnectorApp),
      summary: config.summary ?? '',
      capabilities: {
        models: medium === 'sync' ? (config.sync?.models ?? []) : [],
        apis: (config.apis ?? []).map((a) => a.name),
        events: config.webhookEvents ?? [],
      },
      stats,
      lastTest: test ? toTestRunSummary(test) : null,
      workflowStepCount,
    },
  };
});
