// The mutation matrix split over CI runners: `mutants --shard i/n` runs every
// fault in exactly one part, the same way on every machine, balanced by estimated cost; `mutants
// merge` joins the parts into the report, score and exit code of the unsharded run, and refuses
// parts that are missing, overlap or come from different runs. The matrix itself is not run here:
// the verdicts are fabricated (runMutants' runJobs), except for one 2-fault run through the CLI.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Job, JobResult } from '../../src/mutants/job.ts';
import { loadScenarios, planFault, selectFaults } from '../../src/mutants/plan.ts';
import { mutationExitCode, runMutants, writeMutationReport, type MutationReport } from '../../src/mutants/run.ts';
import {
  faultWeights,
  mergeMutationReports,
  shardFaultIds,
  shardPlans,
  type MutationPart,
} from '../../src/mutants/shard.ts';
import { cli, cliAsync, ROOT } from '../helpers/cli.ts';

const scenarios = loadScenarios(ROOT);
const byWhere = new Map(scenarios.map((s) => [s.where, s]));
const plans = selectFaults().map((f) => planFault(f, scenarios));
const ids = plans.map((p) => p.fault.id);

/** A small stable hash (FNV-1a) for fabricated verdicts. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193) >>> 0;
  return h;
}

interface Oracle {
  /** Scenarios that fail against the correct bank. */
  baselineFails: Set<string>;
  /** A fault whose run breaks (no clean verdict). */
  errorFault?: string;
  /** A fault no scenario catches. */
  survivor?: string;
  /** No fault makes any scenario fail. */
  harmless?: boolean;
}

/** Fabricated verdicts: the same for a fault's job whichever part runs it, like the real suite's. */
function fakeJobs(o: Oracle) {
  return async (jobs: Job[]): Promise<JobResult[]> =>
    jobs.map((j) => {
      const fails = j.scenarios.filter(
        (w) =>
          o.baselineFails.has(w) ||
          (j.fault !== undefined && j.fault !== o.survivor && !o.harmless && hash(`${j.fault} ${w}`) % 4 === 0),
      );
      const failed = fails.map((w) => ({
        id: w,
        name: byWhere.get(w)!.name,
        level: byWhere.get(w)!.level,
        message: `fails under ${j.fault ?? 'the correct bank'}`,
      }));
      const broken = j.fault !== undefined && j.fault === o.errorFault;
      return {
        fault: j.fault,
        failed,
        ran: j.scenarios.length,
        ids: j.fault ? undefined : [...j.scenarios],
        exitCode: broken ? 3 : fails.length ? 1 : 0,
        ms: 3 * j.scenarios.length,
        ...(broken ? { error: 'the target stopped answering' } : {}),
      };
    });
}

const quiet = () => undefined;
/** A report without what differs from run to run (when it was written, how long it took). */
const stable = (r: MutationReport) => ({ ...r, generatedAt: 'x', wallMs: 0 });

describe('mutants --shard: the split', () => {
  const weights = faultWeights(plans, 10_000);
  const parts = [1, 2, 3].map((index) => shardFaultIds(weights, { index, count: 3 }));

  it('puts every fault in exactly one of 3 parts, the same way every time and whatever the list order', () => {
    expect(parts.flat().slice().sort()).toEqual([...ids].sort());
    expect(new Set(parts.flat()).size).toBe(ids.length);
    for (const p of parts) expect(p.length).toBeGreaterThan(0);
    const reversed = Object.fromEntries(Object.entries(weights).reverse());
    for (const [k, p] of parts.entries()) {
      expect(shardFaultIds(weights, { index: k + 1, count: 3 })).toEqual(p);
      expect(new Set(shardFaultIds(reversed, { index: k + 1, count: 3 }))).toEqual(new Set(p));
    }
    // The plans of a part keep the whole list's order.
    expect(shardPlans(plans, { index: 2, count: 3 }, 10_000).map((p) => p.fault.id)).toEqual(
      ids.filter((id) => parts[1].includes(id)),
    );
  });

  it('balances the parts by estimated cost (heavy chaos faults spread out)', () => {
    const load = parts.map((p) => p.reduce((s, id) => s + weights[id], 0));
    expect(Math.max(...load) - Math.min(...load)).toBeLessThanOrEqual(Math.max(...Object.values(weights)));
    expect(Math.max(...load) / Math.min(...load)).toBeLessThan(1.1);
    const chaos = plans.filter((p) => p.fault.area === 'chaos').map((p) => p.fault.id);
    for (const p of parts) expect(p.some((id) => chaos.includes(id))).toBe(true);
  });

  it('leaves a part empty, never a fault out, when there are more parts than faults', () => {
    const two = faultWeights(plans.slice(0, 2), 10_000);
    const split = [1, 2, 3].map((index) => shardFaultIds(two, { index, count: 3 }));
    expect(split.flat().sort()).toEqual(ids.slice(0, 2).sort());
    expect(split.filter((s) => s.length === 0).length).toBe(1);
  });
});

describe('mutants merge', () => {
  const oracle: Oracle = {
    // @must scenarios of three files and two @should ones fail against the correct bank; one fault breaks; one
    // survives.
    baselineFails: new Set([
      ...['versioning', 'headers', 'accounts'].map(
        (file) => scenarios.filter((s) => s.level === 'must' && s.file === file).at(-1)!.where,
      ),
      ...scenarios
        .filter((s) => s.level === 'should')
        .slice(0, 2)
        .map((s) => s.where),
    ]),
    errorFault: ids[5],
    survivor: ids[7],
  };
  let whole: MutationReport;
  let parts: MutationPart[];

  beforeAll(async () => {
    whole = await runMutants({ runJobs: fakeJobs(oracle), log: quiet });
    parts = [];
    for (const index of [1, 2, 3])
      parts.push({
        dir: `part-${index}`,
        report: await runMutants({ runJobs: fakeJobs(oracle), shard: { index, count: 3 }, log: quiet }),
      });
  });

  it('marks each part with i/n and the whole fault list', () => {
    for (const [k, p] of parts.entries()) {
      expect(p.report.shard).toMatchObject({ index: k + 1, count: 3, faults: ids, timeoutMs: 10_000 });
      expect(p.report.perFault.map((f) => f.id)).toEqual(
        shardFaultIds(faultWeights(plans, 10_000), { index: k + 1, count: 3 }),
      );
    }
    expect(whole.shard).toBeUndefined();
  });

  it('gives the unsharded report: same per-fault rows, score, baseline, never-failed list and exit code', () => {
    const merged = mergeMutationReports(parts);
    // The fabricated verdicts make every kind of row.
    expect(whole.survivors).toContain(oracle.survivor);
    expect(whole.errors.map((e) => e.id)).toEqual([oracle.errorFault]);
    expect(whole.baseline.falsePositives.length).toBe(3);
    expect(whole.baseline.shouldFailures.length).toBe(2);
    expect(whole.mustNeverFailed.length).toBeGreaterThan(0);
    expect(JSON.stringify(stable(merged), null, 2)).toBe(JSON.stringify(stable(whole), null, 2));
    for (const floor of [0, 50, 100]) expect(mutationExitCode(merged, floor)).toBe(mutationExitCode(whole, floor));
    // The order the parts are given in does not matter.
    expect(stable(mergeMutationReports([parts[2], parts[0], parts[1]]))).toEqual(stable(whole));
  });

  it('gives the unsharded exit code 0 when the whole run is clean', async () => {
    const clean: Oracle = { baselineFails: new Set() };
    const w = await runMutants({ runJobs: fakeJobs(clean), log: quiet });
    const ps: MutationPart[] = [];
    for (const index of [1, 2])
      ps.push({
        dir: `p${index}`,
        report: await runMutants({ runJobs: fakeJobs(clean), shard: { index, count: 2 }, log: quiet }),
      });
    const merged = mergeMutationReports(ps);
    expect(stable(merged)).toEqual(stable(w));
    expect(mutationExitCode(w, 0)).toBe(0);
    expect(mutationExitCode(merged, 0)).toBe(0);
    expect(mutationExitCode(merged, 100)).toBe(mutationExitCode(w, 100));
  });

  it('lists a @must scenario no fault made fail as replayed when any part replayed it', async () => {
    // One fault of each of three areas, one per part, none caught: each part replays its own area's scenarios.
    const faults = ['signing', 'sandbox', 'versioning'].map(
      (area) => plans.find((p) => p.fault.area === area)!.fault.id,
    );
    const o: Oracle = { baselineFails: new Set(), harmless: true };
    const w = await runMutants({ faults, runJobs: fakeJobs(o), log: quiet });
    const ps: MutationPart[] = [];
    for (const index of [1, 2, 3])
      ps.push({
        dir: `p${index}`,
        report: await runMutants({ faults, runJobs: fakeJobs(o), shard: { index, count: 3 }, log: quiet }),
      });
    for (const p of ps) expect(p.report.perFault.length).toBe(1);
    const flags = (id: string) => ps.map((p) => p.report.mustNeverFailed.find((m) => m.id === id)!.replayed);
    expect(w.mustNeverFailed.filter((m) => m.replayed && new Set(flags(m.id)).size === 2).length).toBeGreaterThan(0);
    expect(stable(mergeMutationReports(ps))).toEqual(stable(w));
  });

  it('refuses missing parts', () => {
    expect(() => mergeMutationReports([parts[0], parts[2]])).toThrow(
      /part 2\/3 of the mutation run is missing \(given: 1\/3, 3\/3\)/,
    );
    expect(() => mergeMutationReports([parts[1]])).toThrow(/parts 1\/3, 3\/3 of the mutation run are missing/);
    expect(() => mergeMutationReports([])).toThrow(/no part report folders/);
    // A part that lost a fault's row.
    const lost = { dir: 'part-2', report: { ...parts[1].report, perFault: parts[1].report.perFault.slice(1) } };
    expect(() => mergeMutationReports([parts[0], lost, parts[2]])).toThrow(
      new RegExp(`no part ran fault ${parts[1].report.perFault[0].id}: the parts are incomplete`),
    );
  });

  it('refuses overlapping parts', () => {
    expect(() => mergeMutationReports([parts[0], parts[1], parts[1], parts[2]])).toThrow(
      /part 2\/3 is given twice \(part-2 and part-2\): the parts overlap/,
    );
    const stolen = parts[0].report.perFault[0];
    const twice = { dir: 'part-2', report: { ...parts[1].report, perFault: [...parts[1].report.perFault, stolen] } };
    expect(() => mergeMutationReports([parts[0], twice, parts[2]])).toThrow(
      new RegExp(`fault ${stolen.id} ran in part-1 and in part-2: the parts overlap`),
    );
  });

  it('refuses parts of different runs (fault list, dialect, number of parts, timeout) and unsharded reports', () => {
    const other = (dir: string, change: (r: MutationReport) => MutationReport): MutationPart => ({
      dir,
      report: change(structuredClone(parts[1].report)),
    });
    const cases: Array<[MutationPart, RegExp]> = [
      [
        other('fewer', (r) => ({ ...r, shard: { ...r.shard!, faults: r.shard!.faults.slice(1) } })),
        /fewer and part-1 come from different mutation runs: fewer has another fault list/,
      ],
      [other('variant', (r) => ({ ...r, dialect: 'variant' })), /variant has the variant dialect, not the default one/],
      [other('halves', (r) => ({ ...r, shard: { ...r.shard!, count: 2 } })), /halves has split into 2 parts, not 3/],
      [
        other('slow', (r) => ({ ...r, shard: { ...r.shard!, timeoutMs: 20_000 } })),
        /slow has --timeout 20000, not 10000/,
      ],
      [other('whole', (r) => ({ ...r, shard: undefined })), /whole\/mutation.json is not a part of a sharded run/],
    ];
    for (const [part, message] of cases)
      expect(() => mergeMutationReports([parts[0], part, parts[2]]), part.dir).toThrow(message);
    const foreign = other('foreign', (r) => ({
      ...r,
      perFault: [...r.perFault, { ...r.perFault[0], id: 'no-such-fault' }],
    }));
    expect(() => mergeMutationReports([parts[0], foreign, parts[2]])).toThrow(
      /foreign ran fault no-such-fault, which is not in the run's fault list/,
    );
  });

  it("on the command line: writes the merged mutation.json with the whole run's exit code; refuses bad parts with exit 2", () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-mutants-merge-'));
    const dirs = parts.map((p, k) => {
      const d = join(dir, `part-${k + 1}`);
      writeMutationReport(p.report, d);
      return d;
    });
    const out = join(dir, 'merged');
    const ok = cli(['mutants', 'merge', ...dirs, '--report-dir', out, '--min-score', '0']);
    expect(ok.code, ok.stderr).toBe(mutationExitCode(whole, 0));
    expect(ok.code).toBe(1); // the fabricated false positive and error
    expect(ok.stdout).toMatch(
      new RegExp(`MUTATION SCORE: ${whole.score} % \\(${whole.killed} of ${whole.faults} faults`),
    );
    expect(stable(JSON.parse(readFileSync(join(out, 'mutation.json'), 'utf8')))).toEqual(stable(whole));
    const missing = cli(['mutants', 'merge', dirs[0], dirs[2], '--report-dir', out]);
    expect(missing.code).toBe(2);
    expect(missing.stderr).toMatch(/part 2\/3 of the mutation run is missing/);
    const overlap = cli(['mutants', 'merge', dirs[0], dirs[0], dirs[1], dirs[2], '--report-dir', out]);
    expect(overlap.code).toBe(2);
    expect(overlap.stderr).toMatch(/part 1\/3 is given twice .*: the parts overlap/);
    const stray = cli(['mutants', 'merge', ...dirs, '--shard', '1/3']);
    expect(stray.code).toBe(2);
    expect(stray.stderr).toMatch(/mutants merge takes --report-dir and --min-score only, not --shard/);
    const empty = cli(['mutants', 'merge', join(dir, 'nothing-here')]);
    expect(empty.code).toBe(2);
    expect(empty.stderr).toMatch(/holds no mutation.json/);
  }, 60_000);
});

describe('mutants --shard end to end (2 faults, one scenario each)', () => {
  it("parts 1/2 and 2/2 merge into the unsharded run's report and exit code", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-mutants-e2e-'));
    const common = ['mutants', '--faults', 'psu-ip-address-ipv4-only,host-with-port-refused', '--parallel', '0'];
    const whole = await cliAsync([...common, '--report-dir', join(dir, 'whole')], 120_000);
    const p1 = await cliAsync([...common, '--shard', '1/2', '--report-dir', join(dir, 'p1')], 120_000);
    const p2 = await cliAsync([...common, '--shard', '2/2', '--report-dir', join(dir, 'p2')], 120_000);
    expect(p1.stdout).toMatch(/shard 1\/2: 1 of the run's 2 faults/);
    expect(p2.stdout).toMatch(/shard 2\/2: 1 of the run's 2 faults/);
    const m = await cliAsync(
      ['mutants', 'merge', join(dir, 'p1'), join(dir, 'p2'), '--report-dir', join(dir, 'merged')],
      60_000,
    );
    expect(m.code, m.stderr).toBe(whole.code);
    expect(whole.code, whole.stderr).toBe(0);
    // What differs between two runs of the same faults: timings and the bank's random error ids.
    const read = (d: string) => {
      const r = stable(JSON.parse(readFileSync(join(dir, d, 'mutation.json'), 'utf8')) as MutationReport);
      return {
        ...r,
        perFault: r.perFault.map((f) => ({
          ...f,
          ms: 0,
          checks: f.checks.map((c) => ({ ...c, message: c.message.replace(/[0-9a-f]{8}-[0-9a-f-]{27}/g, 'uuid') })),
        })),
      };
    };
    expect(read('merged')).toEqual(read('whole'));
    expect(read('whole').killed).toBe(2);
  }, 180_000);
});
