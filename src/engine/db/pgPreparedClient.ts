import { createHash } from 'node:crypto';
import pg from 'pg';

// Kysely sends every query as an unnamed statement, so PostgreSQL plans it afresh each time; on
// the range-partitioned log tables planning costs more than running a page query. Data queries
// go out as named prepared statements instead (the name is a hash of the SQL text, values stay
// bound parameters), so each connection parses and plans a query text once. DDL and transaction
// control stay unnamed: a schema change must not meet a statement prepared before it.
const PREPARABLE = /^\s*(select|insert|update|delete|with)\b/i;

const statementName = (text: string) => `k_${createHash('sha1').update(text).digest('base64url')}`;

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
