import type { KyselyPlugin, OperationNode, PluginTransformQueryArgs, PluginTransformResultArgs, QueryResult, RootOperationNode, UnknownRow } from 'kysely';

/*
 * Tells in-process caches that rows of a table were written through this database handle (its
 * transactions included): a Kysely plugin that sees every statement before it runs. A raw SQL
 * statement that writes and names a watched table counts too. The serving processes of one engine
 * (engineCluster.ts) tell each other their writes of cached tables through relayWrites and
 * writtenElsewhere; caches of data that other engines or workers can write must still expire on
 * their own.
 */
const WRITES = new Set(['InsertQueryNode', 'UpdateQueryNode', 'DeleteQueryNode', 'MergeQueryNode']);
const RAW_WRITE = /\b(insert|update|delete|merge|truncate|alter|drop)\b/i;

export class WriteWatch implements KyselyPlugin {
  private readonly listeners = new Map<string, Set<() => void>>();
  private relay?: { tables: ReadonlySet<string>; send: (tables: string[]) => void };

  /** Calls onWrite, for the life of the handle, whenever a statement writes `table`. */
  watch(table: string, onWrite: () => void): void {
    let set = this.listeners.get(table);
    if (!set) this.listeners.set(table, (set = new Set()));
    set.add(onWrite);
  }

  /**
   * Also calls `send`, before the statement runs, with the tables of `tables` that a statement
   * writes, so the processes that share this database forget them before this write can be seen.
   */
  relayWrites(tables: ReadonlySet<string>, send: (tables: string[]) => void): void {
    this.relay = { tables, send };
  }

  /** Another process wrote these tables: this handle's caches of them are emptied. */
  writtenElsewhere(tables: readonly string[]): void {
    this.tellListeners(tables);
  }

  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if ((this.listeners.size > 0 || this.relay) && (WRITES.has(node.kind) || node.kind === 'RawNode')) {
      const written = this.writtenTables(node);
      const relayed = this.relay ? written.filter((table) => this.relay!.tables.has(table)) : [];
      if (relayed.length > 0) this.relay!.send(relayed);
      this.tellListeners(written);
    }
    return node;
  }

  async transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return result;
  }

  private tellListeners(tables: readonly string[]): void {
    for (const table of tables) for (const onWrite of this.listeners.get(table) ?? []) onWrite();
  }

  private writtenTables(node: RootOperationNode): string[] {
    const watched = [...new Set([...this.listeners.keys(), ...(this.relay?.tables ?? [])])];
    if (node.kind === 'RawNode') {
      const text = node.sqlFragments.join(' ');
      return RAW_WRITE.test(text) ? watched.filter((table) => new RegExp(`\\b${table}\\b`, 'i').test(text)) : [];
    }
    const names = new Set<string>();
    collectTables(node, names);
    return watched.filter((table) => names.has(table));
  }
}

/** Every table a write statement names (its target, and the tables of its subqueries). */
function collectTables(node: unknown, names: Set<string>): void {
  if (!node || typeof node !== 'object') return;
  if (Array.isArray(node)) {
    for (const item of node) collectTables(item, names);
    return;
  }
  const n = node as OperationNode & { table?: { identifier?: { name?: string } } };
  if (n.kind === 'TableNode' && n.table?.identifier?.name) names.add(n.table.identifier.name);
  for (const value of Object.values(node)) if (value && typeof value === 'object') collectTables(value, names);
}

const watches = new WeakMap<object, WriteWatch>();

/** The write watch of a database handle made by createDatabase; undefined for other handles. */
export function writeWatchOf(db: object): WriteWatch | undefined {
  return watches.get(db);
}

export function registerWriteWatch(db: object, watch: WriteWatch): void {
  watches.set(db, watch);
}
