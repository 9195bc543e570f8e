// npm test's sample of the mutation matrix: of each area, the fault with the fewest scenarios to replay
// (the first registered of those), against the
// scenarios of its area and clauses after a fault-free baseline of them, must be killed with a clean
// verdict. The whole matrix on both dialects runs in npm run test:full (mutation.full.spec.ts). Fault
// that trips it: any sampled fault surviving (a check that no longer fails against it).
import { describe, expect, it } from 'vitest';
import { allFaults } from '../../src/bank/fault-registry.ts';
import { loadScenarios, planFault } from '../../src/mutants/plan.ts';
import { formatMutationReport, runMutants } from '../../src/mutants/run.ts';
import { ROOT } from '../helpers/cli.ts';

describe('mutation matrix, one fault per area (default dialect)', () => {
  it(
    'kills each sampled fault; the baseline has no false positive',
    async () => {
      const all = loadScenarios(ROOT);
      const cheapest = new Map<string, { id: string; n: number }>();
      for (const f of allFaults()) {
        const n = planFault(f, all).scenarios.length;
        if (n > 0 && n < (cheapest.get(f.area)?.n ?? Infinity)) cheapest.set(f.area, { id: f.id, n });
      }
      const firstOfArea = new Map([...cheapest].map(([area, c]) => [area, c.id]));
      const report = await runMutants({ faults: [...firstOfArea.values()], parallel: 2, log: () => undefined });
      const text = formatMutationReport(report);
      expect(report.perFault.map((f) => f.area).sort(), text).toEqual([...firstOfArea.keys()].sort());
      expect(report.baseline.falsePositives, text).toEqual([]);
      expect(report.errors, text).toEqual([]);
      expect(report.survivors, text).toEqual([]);
    },
    10 * 60_000,
  );
});
