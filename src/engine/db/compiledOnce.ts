import type { Compilable, CompiledQuery, Kysely } from 'kysely';
import type { Database } from './schema.ts';

/*
 * Statements built and compiled once per shape, with the values bound at each call. Kysely's
 * builders copy their operation tree at every step and the compiler walks it again to write the
 * SQL, on every call; for a list page that is a fifth to a quarter of the engine's CPU per request
 * (measured on the organizations page: 0.75 -> 0.54 ms), for a text that only depends on the shape.
 *
 * The shape is whatever changes the SQL text: which filters are present, the page size (SQLite
 * writes a LIMIT into the text), whether a cursor is given. The values are bound parameters. To
 * compile a shape, the builder gets a stand-in for each value: Kysely passes any object that is
 * not an expression through as a parameter, so each compiled parameter is either a stand-in (bound
 * from the call's values from then on) or a constant of the builder. A stand-in cannot take part
 * in arithmetic or text (it throws), and one read by the builder but not sent as a parameter is an
 * error: it changed the statement, so it belongs to the shape.
 */

class StandIn {
  constructor(readonly name: string) {}

  [Symbol.toPrimitive](): never {
    throw new Error(`compiledOnce: "${this.name}" is bound at each call; to compute with it while building, make it part of the shape`);
  }
}

type Parameter = { bound: string } | { constant: unknown };
interface Compiled<R> {
  query: CompiledQuery<R>;
  parameters: Parameter[];
}

// Compiled shapes are kept per database handle (the dialect decides the text). A statement has a
// handful of shapes (filters present or not, a few page sizes); the bound is only a backstop.
type ShapeCache = Map<string, Compiled<unknown>>;
const MAX_SHAPES = 1000;

/** Stand-ins for every value the builder reads, and the names it read. */
function standIns<V extends object>(): { values: V; read: Set<string> } {
  const read = new Set<string>();
  const values = new Proxy({}, {
    get: (_target, name) => {
      if (typeof name === 'symbol') return undefined;
      read.add(name);
      return new StandIn(name);
    },
  }) as V;
  return { values, read };
}

function compileShape<R>(query: Compilable<R>, read: Set<string>): Compiled<R> {
  const compiled = query.compile();
  const parameters = compiled.parameters.map((p): Parameter => (p instanceof StandIn ? { bound: p.name } : { constant: p }));
  const sent = new Set(parameters.flatMap((p) => ('bound' in p ? [p.bound] : [])));
  const unsent = [...read].filter((name) => !sent.has(name));
  if (unsent.length > 0) throw new Error(`compiledOnce: ${unsent.join(', ')} read while building but not bound: part of the shape, not a value`);
  return { query: compiled, parameters };
}

export interface ShapedStatement<V, S, R> {
  /** The rows of the statement for these values, compiled once for their shape. */
  rows(db: Kysely<Database>, values: V): Promise<R[]>;
  /** The SQL text of these values' shape and its parameters (tests and plans). */
  compiled(db: Kysely<Database>, values: V): CompiledQuery<R>;
}

/**
 * A statement compiled once per shape and database handle. `shapeOf` returns what decides the SQL
 * text (JSON-serialisable); `build` makes the query from the shape and values, reading values only
 * to pass them to Kysely.
 */
export function compiledOnce<V extends object, S, R>(
  shapeOf: (values: V) => S,
  build: (db: Kysely<Database>, values: V, shape: S) => Compilable<R>,
): ShapedStatement<V, S, R> {
  const handles = new WeakMap<object, ShapeCache>();
  const compiledFor = (db: Kysely<Database>, values: V): Compiled<R> => {
    const shape = shapeOf(values);
    const key = JSON.stringify(shape);
    let shapes = handles.get(db);
    if (!shapes) handles.set(db, (shapes = new Map()));
    let compiled = shapes.get(key) as Compiled<R> | undefined;
    if (!compiled) {
      const stand = standIns<V>();
      compiled = compileShape(build(db, stand.values, shape), stand.read);
      if (shapes.size >= MAX_SHAPES) shapes.clear();
      shapes.set(key, compiled as Compiled<unknown>);
    }
    return compiled;
  };
  const bind = (compiled: Compiled<R>, values: V): CompiledQuery<R> => {
    const given = values as Record<string, unknown>;
    const parameters = compiled.parameters.map((p) => {
      if ('constant' in p) return p.constant;
      const value = given[p.bound];
      if (value === undefined) throw new Error(`compiledOnce: no value for "${p.bound}"`);
      return value;
    });
    return { ...compiled.query, parameters };
  };
  return {
    async rows(db, values) {
      const result = await db.executeQuery(bind(compiledFor(db, values), values));
      return result.rows;
    },
    compiled: (db, values) => bind(compiledFor(db, values), values),
  };
}

/**
 * Which values are given (not undefined), keys sorted: the shape of a query whose conditions each
 * apply when their value is given.
 */
export function givenValues<V extends object>(values: V): { [K in keyof V]-?: boolean } {
  const given: Record<string, boolean> = {};
  for (const key of Object.keys(values).sort()) given[key] = (values as Record<string, unknown>)[key] !== undefined;
  return given as { [K in keyof V]-?: boolean };
}

/**
 * A list of values to bind one by one, as `<name>0`, `<name>1`, ... (an `in (...)` list): spread
 * it into a call's values; its length belongs to the shape (`listLength`), and the builder reads
 * the items back with `boundList`.
 */
export function listValues<T>(name: string, items: readonly T[]): Record<string, T> {
  return Object.fromEntries(items.map((item, i) => [`${name}${i}`, item]));
}

/** How many items `listValues(name, ...)` put in these values. */
export function listLength(values: object, name: string): number {
  let length = 0;
  while ((values as Record<string, unknown>)[`${name}${length}`] !== undefined) length += 1;
  return length;
}

/** The items of a list of `length` values from the builder's values (stand-ins while compiling). */
export function boundList<T>(values: object, name: string, length: number): T[] {
  return Array.from({ length }, (_, i) => (values as Record<string, T>)[`${name}${i}`]!);
}
