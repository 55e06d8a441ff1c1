import { type LimitNode, type QueryCompiler, SqliteDialect, SqliteQueryCompiler, ValueNode } from 'kysely';

/*
 * SQLite plans a LIMIT with the value bound to it: a statement whose LIMIT is a parameter is
 * marked to be parsed and planned again whenever that parameter is bound, which better-sqlite3
 * does on every call. A cached page statement (statementCache.ts) then cost a full prepare each
 * time, about 30% of its run. So a LIMIT given as an integer value is written into the SQL text;
 * a list's page sizes are few, and each gets one cached statement. OFFSET plans without its
 * value and stays a parameter (a statement per offset would flood the cache).
 */
class LiteralLimitCompiler extends SqliteQueryCompiler {
  protected override visitLimit(node: LimitNode): void {
    const { limit } = node;
    // Only a safe integer is written as text; anything else (an expression, a string) stays as Kysely compiles it.
    if (ValueNode.is(limit) && Number.isSafeInteger(limit.value)) this.append(`limit ${limit.value as number}`);
    else super.visitLimit(node);
  }
}

/** Kysely's SQLite dialect with page limits written as literals. */
export class EngineSqliteDialect extends SqliteDialect {
  override createQueryCompiler(): QueryCompiler {
    return new LiteralLimitCompiler();
  }
}
