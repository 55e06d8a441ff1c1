import { createHash } from 'node:crypto';
import pg from 'pg';

// Kysely sends every query as an unnamed statement, so PostgreSQL plans it afresh each time; on
// the range-partitioned log tables planning costs more than running a page query. Data queries
// go out as named prepared statements instead (the name is a hash of the SQL text, values stay
// bound parameters), so each connection parses and plans a query text once. DDL and transaction
// control stay unnamed: a schema change must not meet a statement prepared before it. A query may
// open with parentheses (the first part of a UNION).
const PREPARABLE = /^[\s(]*(select|insert|update|delete|with)\b/i;

// Named once per query text: hashing the text on every call cost more than the lookup. Query
// texts are the handlers' shapes (values stay parameters), so the map stays small; it is
// emptied if it ever grows past MAX_NAMES.
const MAX_NAMES = 5000;
const names = new Map<string, string>();
function statementName(text: string): string {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= MAX_NAMES) names.clear();
    name = `k_${createHash('sha1').update(text).digest('base64url')}`;
    names.set(text, name);
  }
  return name;
}

export class PreparedStatementClient extends pg.Client {
  // pg's query() has many overloads; Kysely only calls query(text, values).
  override query(...args: unknown[]): never {
    const [config, values] = args;
    if (typeof config === 'string' && Array.isArray(values) && args.length === 2 && PREPARABLE.test(config)) {
      return super.query({ name: statementName(config), text: config, values }) as never;
    }
    return (super.query as (...a: unknown[]) => never)(...args);
  }
}
