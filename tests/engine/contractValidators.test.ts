import { describe, expect, it } from 'vitest';
import { prepareContractValidators } from '../../src/engine/app.ts';

// The engine compiles an operation's request validators at its first call, and all of them in the
// background once it listens (src/engine/server.ts): every schema of the three contracts compiles.
describe('contract validators', () => {
  it('compile for every operation of the engine, AI and unified contracts, none reported broken', async () => {
    const reports: string[] = [];
    await prepareContractValidators((message) => reports.push(message));
    expect(reports).toEqual([]);
  });
});
