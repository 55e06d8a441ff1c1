import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { compareTrees, listTree, writeTree } from '../../../codegen/pipeline.ts';

const dirs: string[] = [];
function scratch(): string {
  const dir = mkdtempSync(join(tmpdir(), 'codegen-tree-'));
  dirs.push(dir);
  return dir;
}
afterEach(() => dirs.splice(0).forEach((dir) => rmSync(dir, { recursive: true, force: true })));

describe('generated tree handling', () => {
  it('writes changed files, deletes orphans and empty folders, leaves identical files alone', () => {
    const out = scratch();
    mkdirSync(join(out, 'old'), { recursive: true });
    writeFileSync(join(out, 'old', 'stale.ts'), 'x');
    writeFileSync(join(out, 'same.ts'), 'same');
    const result = writeTree(out, new Map([['same.ts', 'same'], ['api/new.ts', 'new']]));
    expect(result).toEqual({ written: ['api/new.ts'], deleted: ['old/stale.ts'] });
    expect(listTree(out)).toEqual(['api/new.ts', 'same.ts']);
    expect(readFileSync(join(out, 'api/new.ts'), 'utf8')).toBe('new');
  });

  it('reports changed, missing and orphaned files', () => {
    const fresh = scratch();
    const committed = scratch();
    writeTree(fresh, new Map([['a.ts', 'a'], ['b.ts', 'b'], ['c/d.ts', 'd']]));
    writeTree(committed, new Map([['a.ts', 'a'], ['b.ts', 'B'], ['e.ts', 'e']]));
    expect(compareTrees(fresh, committed)).toEqual({ changed: ['b.ts'], missing: ['c/d.ts'], orphaned: ['e.ts'] });
  });
});
