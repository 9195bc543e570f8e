// The mutation matrix split over CI runners: `mutants --shard i/n` runs a
// deterministic, balanced part of the fault list; `mutants merge DIR…` joins the parts'
// mutation.json into the report an unsharded run writes (same per-fault rows, score and exit code).
// The split is keyed by fault id (stable across machines: no clock, no host, no file order) and
// balanced by each fault's estimated cost (plan.ts estimateMs: its scenario count and timeout),
// with suite/shard.ts's partition: heaviest first onto the least loaded part, ties by id.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { assignShards, type Shard } from '../run/shard.ts';
import { MutationMergeError } from './errors.ts';
import { estimateMs, type FaultPlan } from './plan.ts';
import { byLocation, tally, type FaultOutcome, type MutationReport } from './report.ts';

/** Each fault's weight for the split: the estimated ms of its replay. */
export function faultWeights(plans: readonly FaultPlan[], timeoutMs: number): Record<string, number> {
  return Object.fromEntries(
    plans.map((p) => [p.fault.id, estimateMs(p.scenarios.length, p.fault.timeoutMs ?? timeoutMs)]),
  );
}

/** The fault ids of one part: every id lands in exactly one part, whatever the input's order. */
export function shardFaultIds(weights: Record<string, number>, shard: Shard): string[] {
  const ids = Object.keys(weights);
  const a = assignShards(ids, shard.count, weights);
  return ids.filter((id) => a.get(id) === shard.index);
}

/** The plans of one part, in the whole list's order. */
export function shardPlans(plans: readonly FaultPlan[], shard: Shard, timeoutMs: number): FaultPlan[] {
  const mine = new Set(shardFaultIds(faultWeights(plans, timeoutMs), shard));
  return plans.filter((p) => mine.has(p.fault.id));
}

export interface MutationPart {
  /** Where it came from, for the messages. */
  dir: string;
  report: MutationReport;
}

/** Reads `DIR/mutation.json` of each part. */
export function readMutationParts(dirs: readonly string[]): MutationPart[] {
  return dirs.map((dir) => {
    const file = join(dir, 'mutation.json');
    if (!existsSync(file))
      throw new MutationMergeError(`${dir} holds no mutation.json (the --report-dir of a mutants --shard i/n run)`);
    let report: MutationReport;
    try {
      report = JSON.parse(readFileSync(file, 'utf8')) as MutationReport;
    } catch (e) {
      throw new MutationMergeError(`${file} is not JSON: ${(e as Error).message}`);
    }
    if (!report || !Array.isArray(report.perFault))
      throw new MutationMergeError(`${file} is not a mutation report (no perFault list)`);
    return { dir, report };
  });
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** Why two parts cannot come from one run, or undefined. */
function difference(a: MutationReport, b: MutationReport): string | undefined {
  const [sa, sb] = [a.shard!, b.shard!];
  if (sa.count !== sb.count) return `split into ${sb.count} parts, not ${sa.count}`;
  if (!same(sa.faults, sb.faults))
    return `another fault list (${sb.faults.length} faults, not ${sa.faults.length}${sa.faults.length === sb.faults.length ? ', or not the same ones' : ''})`;
  if (a.dialect !== b.dialect) return `the ${b.dialect} dialect, not the ${a.dialect} one`;
  if (a.scope !== b.scope) return `scope ${b.scope}, not ${a.scope}`;
  if (sa.timeoutMs !== sb.timeoutMs) return `--timeout ${sb.timeoutMs}, not ${sa.timeoutMs}`;
  if (!same(a.notApplicable, b.notApplicable)) return 'another list of faults not applicable to the dialect';
  return undefined;
}

/**
 * Joins the parts of one sharded mutation run into the report the unsharded run writes. Refuses
 * (MutationMergeError) parts that overlap, are missing, or come from different runs (fault list,
 * dialect, scope, timeout, number of parts).
 */
export function mergeMutationReports(
  parts: readonly MutationPart[],
  generatedAt = new Date().toISOString(),
): MutationReport {
  if (!parts.length) throw new MutationMergeError('no part report folders given');
  for (const p of parts)
    if (!p.report.shard)
      throw new MutationMergeError(
        `${p.dir}/mutation.json is not a part of a sharded run (mutants without --shard wrote it): nothing to merge`,
      );
  const first = parts[0];
  const ref = first.report.shard!;
  for (const p of parts.slice(1)) {
    const why = difference(first.report, p.report);
    if (why)
      throw new MutationMergeError(`${p.dir} and ${first.dir} come from different mutation runs: ${p.dir} has ${why}`);
  }
  const byIndex = new Map<number, string>();
  for (const p of parts) {
    const i = p.report.shard!.index;
    if (byIndex.has(i))
      throw new MutationMergeError(
        `part ${i}/${ref.count} is given twice (${byIndex.get(i)} and ${p.dir}): the parts overlap`,
      );
    byIndex.set(i, p.dir);
  }
  const known = new Set(ref.faults);
  const rows = new Map<string, { row: FaultOutcome; dir: string }>();
  for (const p of parts) {
    for (const row of p.report.perFault) {
      if (!known.has(row.id))
        throw new MutationMergeError(
          `${p.dir} ran fault ${row.id}, which is not in the run's fault list: the parts come from different mutation runs`,
        );
      const had = rows.get(row.id);
      if (had) throw new MutationMergeError(`fault ${row.id} ran in ${had.dir} and in ${p.dir}: the parts overlap`);
      rows.set(row.id, { row, dir: p.dir });
    }
  }
  const missingParts = Array.from({ length: ref.count }, (_, k) => k + 1).filter((i) => !byIndex.has(i));
  if (missingParts.length)
    throw new MutationMergeError(
      `part${missingParts.length > 1 ? 's' : ''} ${missingParts.map((i) => `${i}/${ref.count}`).join(', ')} of the mutation run ${missingParts.length > 1 ? 'are' : 'is'} missing (given: ${[
        ...byIndex.keys(),
      ]
        .sort((a, b) => a - b)
        .map((i) => `${i}/${ref.count}`)
        .join(', ')})`,
    );
  const missingFaults = ref.faults.filter((id) => !rows.has(id));
  if (missingFaults.length)
    throw new MutationMergeError(
      `no part ran fault${missingFaults.length > 1 ? 's' : ''} ${missingFaults.join(', ')}: the parts are incomplete`,
    );

  const perFault = ref.faults.map((id) => rows.get(id)!.row);
  const t = tally(perFault);
  // A @must scenario no fault made fail is one no part's faults made fail; replayed when any part replayed it.
  const never = parts.map((p) => new Map(p.report.mustNeverFailed.map((m) => [m.id, m])));
  const mustNeverFailed = first.report.mustNeverFailed
    .filter((m) => never.every((n) => n.has(m.id)))
    .map((m) => ({ id: m.id, name: m.name, replayed: never.some((n) => n.get(m.id)!.replayed) }));
  const unique = <T extends { id: string }>(lists: T[][]): T[] =>
    [...new Map(lists.flat().map((x) => [x.id, x])).values()].sort(byLocation);
  return {
    generatedAt,
    // The parts ran side by side: the whole run took as long as its longest part.
    wallMs: Math.max(0, ...parts.map((p) => p.report.wallMs)),
    parallel: first.report.parallel,
    scope: first.report.scope,
    dialect: first.report.dialect,
    faults: t.faults,
    notApplicable: first.report.notApplicable,
    killed: t.killed,
    score: t.score,
    survivors: t.survivors,
    errors: t.errors,
    baseline: {
      replayed: new Set(parts.flatMap((p) => p.report.shard!.baselineRan)).size,
      falsePositives: unique(parts.map((p) => p.report.baseline.falsePositives)),
      shouldFailures: unique(parts.map((p) => p.report.baseline.shouldFailures)),
    },
    properties: first.report.properties,
    mustNeverFailed,
    perFault,
  };
}
