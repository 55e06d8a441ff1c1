import { cpSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractCalls, runCoverage } from '../../codegen/specCoverage.ts';

const specDir = resolve(__dirname, '../../../shared/spec');
const contractDir = resolve(__dirname, '../../openapi');
const part1 = readFileSync(join(specDir, '000_5f191dbc5f79d00f.txt'), 'utf8');
const part2 = readFileSync(join(specDir, '001_76d908951c480638.txt'), 'utf8');

describe('spec-coverage extraction', () => {
  it('reads call names, bare names sharing a prefix and "and /save" from section 7', () => {
    const names = [...extractCalls(part1, 'p1'), ...extractCalls(part2, 'p2')].map((c) => c.name);
    expect(names).toEqual(expect.arrayContaining([
      'auth.signIn', 'app.payment.invoices/{id}', 'app.gettingStartedJourneyV3', 'app.completeGettingStarted',
      'app.dashboard/syncRecords', 'app.data.customFields/save', 'app.deleteMappingPreset', 'workflow.step.code.save',
    ]));
    expect(names).not.toContain('app.newUser');
    expect(names).not.toContain('app.jobId');
  });

  it('reads the unified API calls the spec names by their path anywhere, such as v1.0/sync.start', () => {
    expect(extractCalls(part1, 'p1').filter((c) => c.service === 'unified').map((c) => c.name)).toEqual(['sync.start']);
  });

  it('puts AI and connector calls in the AI service', () => {
    const calls = extractCalls(part1, 'p1');
    expect(calls.filter((c) => c.service === 'ai')).toHaveLength(27);
    expect(calls.find((c) => c.name === 'connector.deactivate')?.service).toBe('ai');
  });
});

describe('spec coverage of the contract', () => {
  const temp = mkdtempSync(join(tmpdir(), 'coverage-'));
  afterAll(() => rmSync(temp, { recursive: true, force: true }));

  it('has every call of both spec files', () => {
    const { calls, missing } = runCoverage(specDir, contractDir);
    expect(calls.length).toBeGreaterThan(100);
    expect(missing.map((c) => c.name)).toEqual([]);
  });

  it('reports a call whose path file is gone', () => {
    cpSync(contractDir, temp, { recursive: true });
    rmSync(join(temp, 'engine/paths/app.issue.data.yaml'));
    rmSync(join(temp, 'ai/paths/workflow.steps.yaml'));
    const { missing } = runCoverage(specDir, temp);
    expect(missing.map((c) => `${c.service}:${c.name}`).sort()).toEqual(['ai:workflow.steps', 'engine:app.issue.data']);
  });
});
