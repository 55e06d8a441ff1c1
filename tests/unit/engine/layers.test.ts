import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/generated/engine/operations.ts';
import { handlers } from '../../../src/engine/handlers/index.ts';

// The engine's layers, checked on the source: a handler maps the contract to calls (no query, no
// copied session guard); a service holds rules, limits and transactions but leaves queries to
// repositories; a repository only reads and writes (no handler or service imports, no outbound
// HTTP); every operation is bound to its handler file or listed in README as not built yet.

const ROOT = join(__dirname, '../../..');
const ENGINE = join(ROOT, 'src/engine');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : entry.name.endsWith('.ts') ? [join(dir, entry.name)] : []);
}
const source = (file: string) => readFileSync(file, 'utf8');
// Comments may name anything; only code counts.
const code = (file: string) => source(file).replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
// handlers/types.ts is the wrapper itself: it holds the one session guard and the database type.
const offenders = (dir: string, pattern: RegExp) => filesUnder(join(ENGINE, dir))
  .filter((file) => !file.endsWith('/handlers/types.ts') && pattern.test(code(file))).map((file) => relative(ROOT, file));

// Kysely query building: a query root, a sql template or sql helper, or running a built query. A
// service may still open a transaction (db.transaction()...execute) and hand it to repositories.
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|executeQuery)\(|\bsql(<[^>]*>)?`|\bsql\.\w+\(|\.execute(TakeFirst(OrThrow)?)?\(/;
const TRANSACTION_RUN = /\.transaction\(\)(\s*\.\w+\([^()]*\))*\s*\.execute\(/g;

// Services that still run queries: other changes are under way in them right now, and their
// queries move to repositories/ once those land. Do not add to this list; move the query instead.
const SERVICES_WITH_QUERIES_TO_MOVE = [
  'src/engine/services/connectAccount.ts',
  'src/engine/services/sessions.ts',
  'src/engine/services/accountAccess.ts',
  'src/engine/services/oauthConnect.ts',
];

// Repositories that still import a pure helper (no I/O) from services/; the helpers move out of
// services/ later. Listed per repository and module, so no new import can slip in.
const REPOSITORY_SERVICE_IMPORTS_TO_MOVE = [
  'src/engine/repositories/aiSessions.ts -> services/chatFlow.ts',
  'src/engine/repositories/apiKeys.ts -> services/tokens.ts',
  'src/engine/repositories/authSessions.ts -> services/tokens.ts',
  'src/engine/repositories/connectors.ts -> services/chatFlow.ts',
  'src/engine/repositories/integratedAccounts.ts -> services/uploads.ts',
  'src/engine/repositories/personalisation.ts -> services/uploads.ts',
  'src/engine/repositories/webhooks.ts -> services/tokens.ts',
];

describe('engine layers', () => {
  it('no handler file runs a query', () => {
    expect(offenders('handlers', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|transaction|selectNoFrom|with)\(|\bsql`|from 'kysely'/)).toEqual([]);
  });

  it('no handler copies the session guard (defineSessionHandler narrows the caller)', () => {
    expect(offenders('handlers', /caller\.kind\s*!==\s*'session'/)).toEqual([]);
  });

  it('no service runs a query (repositories do)', () => {
    const querying = filesUnder(join(ENGINE, 'services'))
      .filter((file) => QUERY.test(code(file).replace(TRANSACTION_RUN, ''))).map((file) => relative(ROOT, file));
    expect(querying.filter((file) => !SERVICES_WITH_QUERIES_TO_MOVE.includes(file))).toEqual([]);
  });

  it('the query check sees queries and lets transactions through', () => {
    const queries = [
      "await db.selectFrom('users').select('id').execute();",
      "await trx.updateTable('invites').set({ revoked_at: now })",
      "count: sql<number>`rate_limits.count + 1`,",
      'await sql`select 1`.execute(db);',
      'const rows = await builder.executeTakeFirstOrThrow();',
    ];
    for (const line of queries) expect(QUERY.test(line.replace(TRANSACTION_RUN, '')), line).toBe(true);
    const transaction = 'return db.transaction().execute(async (trx) => saveSteps(trx, row));';
    expect(QUERY.test(transaction.replace(TRANSACTION_RUN, ''))).toBe(false);
  });

  it('the services still allowed to query exist (a moved or deleted one leaves the list)', () => {
    expect(SERVICES_WITH_QUERIES_TO_MOVE.filter((file) => !existsSync(join(ROOT, file)))).toEqual([]);
  });

  it('repositories neither import handlers nor send HTTP', () => {
    expect(offenders('repositories', /from '\.\.\/handlers\/|import\(['"]\.\.\/handlers\/|\bfetch\(|from 'undici'|from 'node:https?'|webhookSender/)).toEqual([]);
  });

  it('repositories import nothing from services', () => {
    const imports = filesUnder(join(ENGINE, 'repositories')).flatMap((file) =>
      [...code(file).matchAll(/(?:from\s*|import\(\s*)['"]\.\.\/(services\/[^'"]+)['"]/g)].map((match) => `${relative(ROOT, file)} -> ${match[1]}`));
    expect(imports.filter((entry) => !REPOSITORY_SERVICE_IMPORTS_TO_MOVE.includes(entry))).toEqual([]);
  });
});

describe('bound operations', () => {
  const readme = source(join(ROOT, 'README.md'));
  const marker = (edge: string) => `<${'!'}-- not-built:${edge} -->`;
  const listed = (readme.split(marker('start'))[1]?.split(marker('end'))[0] ?? '').match(/`([A-Za-z0-9]+)`/g)?.map((name) => name.slice(1, -1)) ?? [];

  it('every operation has a handler or is listed in README as not built, and nothing else is listed', () => {
    const unbound = operations.filter((op) => !handlers[op.operationId]).map((op) => op.operationId).sort();
    expect(unbound).toEqual([...listed].sort());
  });

  it('every handler file is bound under its own operationId', () => {
    const ids = new Set(operations.map((op) => op.operationId));
    const files = filesUnder(join(ENGINE, 'handlers')).map((file) => file.split('/').pop()!.replace(/\.ts$/, '')).filter((name) => ids.has(name));
    expect(files.filter((name) => !handlers[name])).toEqual([]);
    for (const name of files) {
      const text = source(filesUnder(join(ENGINE, 'handlers')).find((file) => file.endsWith(`/${name}.ts`))!);
      expect(text, `${name}.ts defines the handler of ${name}`).toMatch(new RegExp(`define(Session)?Handler\\('${name}'`));
    }
  });
});
