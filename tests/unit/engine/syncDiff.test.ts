import { describe, expect, it } from 'vitest';
import { diffRecords } from '../../../src/engine/services/syncDiff.ts';
import { contentHashOf, eventDataOf, syncShapeOf } from '../../../src/engine/services/syncEvents.ts';
import type { ModelInfo } from '../../../src/engine/repositories/catalog.ts';

// What a sync sends: a record's event data per subscribed model, its content hash, and the
// changes a pull makes against the job's snapshot.
const model = (modelId: string, attributes: string[], defaultModel = false): ModelInfo => ({
  modelId, modelName: modelId, description: '', subcategory: 'employee', subcategoryLabel: 'Employees', defaultModel,
  attributes: attributes.map((name) => ({ name, type: 'string', description: '' })), subModels: [], fields: [],
});
const MODELS = [model('employee_profile', ['id', 'firstName'], true), model('employee_compensation', ['fixed']), model('employee_dependents', ['dependents'])];

describe('event data', () => {
  it('holds the subscribed models (the default one always) with the attributes the record has, and its custom fields', () => {
    const shape = syncShapeOf(MODELS, 'employee', [{ subCategory: 'employee', syncModels: ['employee_dependents'] }]);
    expect(shape).toEqual({ defaultModelId: 'employee_profile', models: [
      { id: 'employee_profile', name: 'employee_profile', attributes: ['id', 'firstName'] },
      { id: 'employee_dependents', name: 'employee_dependents', attributes: ['dependents'] },
    ] });
    const record = { id: '7', firstName: 'Ada', fixed: [{ amount: 1 }], customFields: { region: 'EMEA' } };
    expect(eventDataOf(record, shape)).toEqual({ employee_profile: { id: '7', firstName: 'Ada' }, employee_dependents: {}, customFields: { region: 'EMEA' } });
    expect(eventDataOf({ ...record, customFields: {} }, shape)).toEqual({ employee_profile: { id: '7', firstName: 'Ada' }, employee_dependents: {} });
  });

  it('hashes the same data the same whatever the order of its keys', () => {
    expect(contentHashOf({ a: 1, b: { c: [1, { d: 2, e: 3 }] } })).toBe(contentHashOf({ b: { c: [1, { e: 3, d: 2 }] }, a: 1 }));
    expect(contentHashOf({ a: 1 })).not.toBe(contentHashOf({ a: 2 }));
    expect(contentHashOf({ a: [1, 2] })).not.toBe(contentHashOf({ a: [2, 1] }));
  });
});

describe('the changes of a pull', () => {
  const pulled = (key: string, hash: string, page = 0) => ({ key, hash, data: { key }, page });

  it('are every record, new, on an initial sync', () => {
    expect(diffRecords([pulled('1', 'a'), pulled('2', 'b', 1)], new Map()).map((c) => [c.key, c.eventType, c.page])).toEqual([['1', 'record.new', 0], ['2', 'record.new', 1]]);
  });

  it('are the new, the modified and the deleted records, nothing else', () => {
    const snapshot = new Map([['1', 'a'], ['2', 'b'], ['3', 'c'], ['4', '']]);
    const changes = diffRecords([pulled('1', 'a'), pulled('2', 'B'), pulled('5', 'e'), pulled('4', 'd')], snapshot);
    expect(changes.map((c) => [c.key, c.eventType, c.hash])).toEqual([
      ['2', 'record.modified', 'B'], ['5', 'record.new', 'e'], ['4', 'record.modified', 'd'], ['3', 'record.deleted', ''],
    ]);
  });

  it('take the last answer for a record an app paged twice', () => {
    expect(diffRecords([pulled('1', 'a', 0), pulled('1', 'b', 1)], new Map([['1', 'b']]))).toEqual([]);
  });
});
