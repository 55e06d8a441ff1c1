import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { operations } from '../../../src/generated/engine/operations.ts';
import { handlers } from '../../../src/engine/handlers/index.ts';

// The engine's layers, checked on the source: a handler maps the contract to calls (no query, no
// copied session guard); a repository only reads and writes (no handler types, no outbound HTTP);
// every operation is bound to its handler file or listed in README as not built yet.

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

describe('engine layers', () => {
  it('no handler file runs a query', () => {
    expect(offenders('handlers', /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|transaction|selectNoFrom|with)\(|\bsql`|from 'kysely'/)).toEqual([]);
  });

  it('no handler copies the session guard (defineSessionHandler narrows the caller)', () => {
    expect(offenders('handlers', /caller\.kind\s*!==\s*'session'/)).toEqual([]);
  });

  it('repositories neither import handler types nor send HTTP', () => {
    expect(offenders('repositories', /from '\.\.\/handlers\/|\bfetch\(|from 'undici'|from 'node:https?'|webhookSender/)).toEqual([]);
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
