import { describe, expect, it } from 'vitest';
import { nextStep, READS, type TrafficAccount } from '../../../src/engine/traffic/trafficMix.ts';

// The demo traffic's mix: every kind of call comes up, reads follow the cursor they got, and a
// wrong-category call names another category's read.
function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

describe('demo traffic mix', () => {
  const crm: TrafficAccount = { integrationId: 'int_crm', category: 'CRM' };

  it('sends every kind of call, mostly reads', () => {
    const random = seeded(7);
    const steps = Array.from({ length: 2000 }, () => nextStep(crm, new Map([['int_crm crm.contacts', 'cur'], ['int_crm crm.deals', 'cur2']]), random));
    const kinds = new Map<string, number>();
    for (const step of steps) kinds.set(step.kind, (kinds.get(step.kind) ?? 0) + 1);
    expect([...kinds.keys()].sort()).toEqual(['appFailure', 'passthrough', 'read', 'syncStart', 'wrongCategory']);
    expect(kinds.get('read')! / steps.length).toBeGreaterThan(0.6);
    const pages = steps.filter((s) => s.kind === 'read' && 'cursor' in s.query);
    expect(pages.length).toBeGreaterThan(0);
    for (const step of steps) {
      if (step.kind === 'read' || step.kind === 'appFailure') expect(READS.CRM).toContain(step.call);
      if (step.kind === 'wrongCategory') expect(READS.CRM).not.toContain(step.call);
    }
  });

  it('reads first pages only while it has no cursor', () => {
    const random = seeded(11);
    const steps = Array.from({ length: 500 }, () => nextStep(crm, new Map(), random));
    expect(steps.some((s) => s.kind === 'read' && 'cursor' in s.query)).toBe(false);
  });
});
