import { describe, expect, it } from 'vitest';
import { issuesResource } from '../../../src/generated/resources/issues.ts';
import type { Row } from '../../../src/dashboard/components/columns/ColumnCell.tsx';
import { filterOf } from '../../../src/dashboard/resources/filterChoices.tsx';
import { GeneratedList } from '../../../src/dashboard/resources/GeneratedList.tsx';

// Hand-written screen code names the contract's fields and filters only through generated, typed
// names, so a rename in the contract fails the typecheck instead of dropping a cell or crashing a
// screen at run time. Each @ts-expect-error below is a name the contract does not have: if the
// names stopped being checked, the directive would be unused and the typecheck would fail.

export function NamesTheContractHasNot() {
  // @ts-expect-error the issues filter is 'type'; 'kind' is not declared
  filterOf(issuesResource, 'kind');
  return (
    <GeneratedList
      definition={issuesResource}
      title="Issues"
      // @ts-expect-error an issue row has errorDataStr, not errorDataString
      cells={{ errorDataString: (record: Row) => <>{String(record.errorDataStr)}</> }}
    />
  );
}

export function NamesTheContractHas() {
  filterOf(issuesResource, 'type');
  return <GeneratedList definition={issuesResource} title="Issues" cells={{ errorDataStr: (record: Row) => <>{String(record.errorDataStr)}</> }} />;
}

describe('contract names in hand-written code', () => {
  it('finds a declared filter and refuses an undeclared one at run time too', () => {
    expect(filterOf(issuesResource, 'type').source).toBe('type');
    expect(() => filterOf(issuesResource, 'kind' as 'type')).toThrow('issues has no filter kind');
  });
});
