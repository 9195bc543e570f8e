// Every property check and every mutation operator is seen to fail against the reference bank with
// its matching fault (src/bank/fault-registry.ts), and to pass against the bank without it (properties/).
import fc from 'fast-check';
import { afterAll, describe, expect, it } from 'vitest';
import { FAULT_REGISTRY } from '../../src/bank/fault-registry.ts';
import { ALL_CHECKS, openCheckEnv, toleranceWindow, type CheckEnv } from '../../src/fuzz/checks.ts';
import { checkOperator } from '../../src/fuzz/runner.ts';
import { CATALOGUE } from '../../src/tpp/tampering/index.ts';

const SEED = 20260302;
const envs = new Map<string, Promise<CheckEnv>>();
/** One embedded bank per fault set (env: false: always the embedded bank, whatever XS2A_TARGET_URL says). */
const envFor = (faults: string[]) => {
  const key = [...faults].sort().join(',');
  if (!envs.has(key)) envs.set(key, openCheckEnv({ env: false, faults }));
  return envs.get(key)!;
};
afterAll(async () => {
  for (const e of envs.values()) await (await e).close();
});

describe('faults that prove the checks', () => {
  it('every fault named by a check or an operator is registered', () => {
    for (const f of [...ALL_CHECKS.flatMap((c) => c.faults), ...CATALOGUE.flatMap((o) => o.faults)])
      expect(FAULT_REGISTRY.has(f), f).toBe(true);
  });

  it.each(ALL_CHECKS.map((c) => [c.id, c] as const))('property %s fails against its fault', async (_id, c) => {
    const env = await envFor(c.faults);
    const d = await fc.check(
      fc.asyncProperty(c.arb, (v) => c.check(env, v)),
      { seed: SEED, numRuns: 200, endOnFailure: true },
    );
    expect(d.failed, `${c.id} did not fail with faults ${c.faults.join(', ')}`).toBe(true);
  });

  // The whole tampering catalogue: the campaign's operators and those kept for Gherkin rows only.
  it.each(CATALOGUE.map((o) => [o.id, o] as const))('operator %s fails against its fault', async (_id, op) => {
    const env = await envFor(op.faults);
    const r = await checkOperator(env, op, { seed: SEED, numRuns: 50 });
    expect(r.failed, `${op.id} did not fail with faults ${op.faults.join(', ')}`).toBe(true);
  });

  it('the boundary search reports the window of a bank that allows 30 s', async () => {
    const w = await toleranceWindow(await envFor(['date-skew-30']));
    // To the second, or as far off as the probes' time to be read allows (a loaded machine).
    expect(Math.abs(w.ahead - 30)).toBeLessThanOrEqual(w.uncertainty);
    expect(Math.abs(w.behind - 30)).toBeLessThanOrEqual(w.uncertainty);
    expect(w.uncertainty).toBeLessThanOrEqual(2);
  });

  it('the boundary search reports no bound for a bank that ignores the Date', async () => {
    const w = await toleranceWindow(await envFor(['date-skew-ignored']), 3600);
    expect(w).toMatchObject({ ahead: Infinity, behind: Infinity });
  });
});
