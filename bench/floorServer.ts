import cluster from 'node:cluster';
import { brotliCompressSync, constants } from 'node:zlib';
import { arrivalOrderServer } from '../src/engine/arrivalOrder.ts';
import { configuredSqliteFile, createDatabase, isPostgresUrl, openSqlite, postgresPool } from '../src/engine/db/database.ts';
import { pageApiLogs, toApiLogRow } from '../src/engine/repositories/logs.ts';
import { LOGS_LOOK_BACK_MS } from './listCases.ts';

// The floor of a list call on this machine: a bare Node server that answers every request with
// the first page of API logs, running the engine's own statement for it through the database
// driver alone, then the rows as the contract shows them, JSON, compressed as the engine
// compresses, one write; requests are handled in the order they arrived, as the engine handles
// them. No framework, session, validation, security headers or logging. The bench measures it in
// the same run and under the same load as the engine (listLatency.ts), so the engine's latency
// reads against what any Node server answering from this database costs here.
//   node --import tsx bench/floorServer.ts   (env: PORT, FLOOR_ORG_ID, ENGINE_PROCESSES, DATABASE_URL or SQLITE_FILE)
const PAGE_SIZE = 10;
const port = Number(process.env.PORT);
const orgId = process.env.FLOOR_ORG_ID ?? '';
const processes = Number(process.env.ENGINE_PROCESSES ?? 1);

/** As the engine's compression plugin sets brotli for JSON. */
const BROTLI_PARAMS = { [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT, [constants.BROTLI_PARAM_QUALITY]: 1, [constants.BROTLI_PARAM_LGWIN]: 16 };

interface Statement { sql: string; parameters: readonly unknown[] }

/** The statement(s) the engine sends for the first page, captured from its query log. */
async function engineStatements(): Promise<Statement[]> {
  const statements: Statement[] = [];
  const { db } = createDatabase({ log: (event) => { if (event.level === 'query') statements.push({ sql: event.query.sql, parameters: event.query.parameters }); } });
  try {
    const now = Date.now();
    await pageApiLogs(db, orgId, { since: now - LOGS_LOOK_BACK_MS }, { pageNo: 1, limit: PAGE_SIZE }, now);
  } finally {
    await db.destroy();
  }
  if (statements.length === 0) throw new Error('the first page of API logs sent no statement');
  return statements;
}

/** Runs the statements in order through the bare driver; the last one's rows are the page. */
function driverRunner(statements: Statement[]): () => Promise<unknown[]> {
  const url = process.env.DATABASE_URL;
  if (isPostgresUrl(url)) {
    const pool = postgresPool(url);
    // A checked-out client's query(text, values), as Kysely sends it: the pool's own query() adds a
    // callback, and the engine's client prepares only the two-argument form.
    return async () => {
      const client = await pool.connect();
      try {
        let rows: unknown[] = [];
        for (const { sql, parameters } of statements) rows = (await client.query(sql, parameters as unknown[])).rows;
        return rows;
      } finally {
        client.release();
      }
    };
  }
  const sqlite = openSqlite(configuredSqliteFile());
  const prepared = statements.map(({ sql, parameters }) => ({ statement: sqlite.prepare(sql), parameters }));
  return async () => {
    let rows: unknown[] = [];
    for (const { statement, parameters } of prepared) rows = statement.all(...parameters);
    return rows;
  };
}

async function serve(): Promise<void> {
  const page = driverRunner(await engineStatements());
  // Handled in arrival order, as the engine handles its requests (src/engine/arrivalOrder.ts).
  arrivalOrderServer((request, response) => {
    request.resume();
    page().then((rows) => {
      const logs = (rows.slice(0, PAGE_SIZE) as Parameters<typeof toApiLogRow>[0][]).map(toApiLogRow);
      const json = JSON.stringify({ success: true, msg: { logs, hasMoreRecords: rows.length > PAGE_SIZE } });
      const body = brotliCompressSync(json, { params: BROTLI_PARAMS });
      response.writeHead(200, { 'content-type': 'application/json', 'content-encoding': 'br', 'content-length': body.length });
      response.end(body);
    }, (error: Error) => {
      response.writeHead(500).end(error.message);
    });
  }, {}).listen(port, '127.0.0.1');
}

if (cluster.isPrimary && processes > 1) {
  for (let i = 0; i < processes; i += 1) cluster.fork();
} else {
  await serve();
}
