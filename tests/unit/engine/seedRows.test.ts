import { describe, expect, it } from 'vitest';
import type { BulkRow } from '../../../src/engine/seed/bulk.ts';
import { SEED_TABLES, type SeedRow } from '../../../src/engine/seed/loadPlan.ts';

// The seed's bulk rows are positional arrays; their types come from the load plan's column lists
// and the Database interface, so `npx tsc --noEmit` rejects a value in the wrong column. Each
// expected error below fails the typecheck if that ever stops being true.

describe('bulk rows typed per table', () => {
  it('takes a row whose values match its columns', () => {
    const customer: SeedRow<'end_customer_orgs'> = ['ecu_1', 'org_1', 'acme', 'Acme Inc', 2, 1_000, 2_000];
    expect(customer).toHaveLength(SEED_TABLES.end_customer_orgs.length);
  });

  it('refuses a value in the wrong column, a missing value and an extra one', () => {
    // @ts-expect-error a timestamp where origin_org_name (text) goes, the name where created_at goes
    const swapped: SeedRow<'end_customer_orgs'> = ['ecu_1', 'org_1', 'acme', 1_000, 2, 'Acme Inc', 2_000];
    // @ts-expect-error updated_at is missing
    const short: SeedRow<'end_customer_orgs'> = ['ecu_1', 'org_1', 'acme', 'Acme Inc', 2, 1_000];
    // @ts-expect-error one value too many
    const long: SeedRow<'mapping_preset_apps'> = ['pre_1', 'bamboohr', 'BambooHR', 'extra'];
    // @ts-expect-error test_account is an integer flag, not a boolean
    const flag: BulkRow<'integrated_accounts', readonly ['id', 'test_account']> = ['int_1', true];
    expect([swapped, short, long, flag]).toHaveLength(4);
  });

  it('refuses a column its table does not have', () => {
    // @ts-expect-error end_customer_orgs has no column 'category'
    const row: BulkRow<'end_customer_orgs', readonly ['id', 'category']> = ['ecu_1', 'HRIS'];
    expect(row).toHaveLength(2);
  });
});
