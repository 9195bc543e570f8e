// The mutation report (reports/mutation.json): its shape, the tallies derived from the per-fault
// rows (shared by the run and by `mutants merge`, so a merged report is the unsharded one), the
// exit code rule and the text form.
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FaultArea } from '../bank/fault-registry.ts';
import type { Level } from '../spec/level.ts';

export interface FaultOutcome {
  id: string;
  area: FaultArea;
  description: string;
  clauses: string[];
  killed: boolean;
  /** Checks that failed against the fault (scenario locations; property names when properties run). */
  killedBy: string[];
  checks: Array<{ id: string; name: string; level: Level; message: string }>;
  replayed: number;
  timeoutMs: number;
  ms: number;
  error?: string;
}

/** A part of a sharded mutation run (`mutants --shard i/n`): what `mutants merge` checks and joins. */
export interface MutationShard {
  index: number;
  count: number;
  /** Every fault of the whole run, in its order: the parts together must cover it exactly once. */
  faults: string[];
  /** The per-request timeout for faults that set none (the parts must agree). */
  timeoutMs: number;
  /** Scenario locations this part's fault-free baseline ran (the merge counts the whole baseline from them). */
  baselineRan: string[];
}

export interface MutationReport {
  generatedAt: string;
  wallMs: number;
  parallel: number;
  scope: 'fault scenarios' | 'whole suite';
  /** The dialect the faults ran on. */
  dialect: string;
  faults: number;
  /** Faults whose broken behaviour does not occur on this dialect, with the reason (not counted). */
  notApplicable: Array<{ id: string; reason: string }>;
  killed: number;
  score: number;
  survivors: string[];
  errors: Array<{ id: string; error: string }>;
  /**
   * Against the correct bank: a failing @must scenario is a false positive; a failing @should one is Berlin Group
   * advice this dialect does not follow (listed, not an error).
   */
  baseline: {
    replayed: number;
    falsePositives: Array<{ id: string; name: string; message: string }>;
    shouldFailures: Array<{ id: string; name: string; message: string }>;
  };
  properties: string;
  /** @must scenarios that no fault made fail, and whether any fault replayed them. */
  mustNeverFailed: Array<{ id: string; name: string; replayed: boolean }>;
  perFault: FaultOutcome[];
  /** Only in a part of a sharded run: which part, and the whole run's fault list. */
  shard?: MutationShard;
}

/** The counts, score, survivors and errors of a list of per-fault rows. */
export function tally(
  perFault: readonly FaultOutcome[],
): Pick<MutationReport, 'faults' | 'killed' | 'score' | 'survivors' | 'errors'> {
  const killed = perFault.filter((f) => f.killed).length;
  return {
    faults: perFault.length,
    killed,
    score: perFault.length ? Math.round((1000 * killed) / perFault.length) / 10 : 100,
    survivors: perFault.filter((f) => !f.killed && !f.error).map((f) => f.id),
    errors: perFault.filter((f) => f.error).map((f) => ({ id: f.id, error: f.error! })),
  };
}

/** Scenario locations (`features/x.feature:12`) in file order, then line order. */
export function byLocation(a: { id: string }, b: { id: string }): number {
  const [fa, la] = splitWhere(a.id);
  const [fb, lb] = splitWhere(b.id);
  return fa < fb ? -1 : fa > fb ? 1 : la - lb;
}

function splitWhere(where: string): [string, number] {
  const i = where.lastIndexOf(':');
  return i < 0 ? [where, 0] : [where.slice(0, i), Number(where.slice(i + 1)) || 0];
}

/**
 * 1 when the score is below the floor, a fault has no clean verdict, or the correct bank fails a @must scenario; else
 * 0.
 */
export function mutationExitCode(r: MutationReport, minScore: number): number {
  return r.score < minScore || r.errors.length || r.baseline.falsePositives.length ? 1 : 0;
}

export function writeMutationReport(report: MutationReport, dir: string): string {
  mkdirSync(dir, { recursive: true });
  const file = join(dir, 'mutation.json');
  writeFileSync(file, JSON.stringify(report, null, 2));
  return file;
}

/** The kill matrix, the survivors and the score as text. */
export function formatMutationReport(r: MutationReport): string {
  const out: string[] = [];
  const w = Math.max(...r.perFault.map((f) => f.id.length), 10);
  out.push('', 'KILL MATRIX (fault → checks that failed against it)', '');
  for (const area of [...new Set(r.perFault.map((f) => f.area))]) {
    out.push(`${area}:`);
    for (const f of r.perFault.filter((x) => x.area === area)) {
      const mark = f.error ? 'ERROR' : f.killed ? 'killed' : 'SURVIVED';
      const shown = f.killedBy.slice(0, 3).join(' ');
      out.push(
        `  ${f.id.padEnd(w)}  ${mark.padEnd(8)}  ${String(f.killedBy.length).padStart(3)}/${String(f.replayed).padEnd(3)}  ${(f.ms / 1000).toFixed(1).padStart(5)} s  ${shown}${f.killedBy.length > 3 ? ' …' : ''}${f.error ? `  ${f.error}` : ''}`,
      );
    }
  }
  out.push('');
  if (r.baseline.shouldFailures.length) {
    out.push(
      `SHOULD advice this dialect does not follow: ${r.baseline.shouldFailures.length} @should scenarios fail against the correct bank (left out of every kill):`,
    );
    for (const f of r.baseline.shouldFailures) out.push(`  ${f.id} ${f.name}: ${f.message}`);
  }
  if (r.baseline.falsePositives.length) {
    out.push(
      `FALSE POSITIVES: ${r.baseline.falsePositives.length} @must scenarios fail against the correct bank (left out of every kill):`,
    );
    for (const f of r.baseline.falsePositives) out.push(`  ${f.id} ${f.name}: ${f.message}`);
  } else
    out.push(
      `baseline: the ${r.baseline.replayed} replayed scenarios all pass against the correct bank (no false positives)`,
    );
  out.push(`survivors: ${r.survivors.length ? r.survivors.join(', ') : 'none'}`);
  if (r.errors.length) out.push(`errors (no clean verdict): ${r.errors.map((e) => `${e.id} (${e.error})`).join('; ')}`);
  out.push(
    `@must scenarios no fault made fail: ${r.mustNeverFailed.length}${r.mustNeverFailed.length ? ` (${r.mustNeverFailed.filter((m) => !m.replayed).length} not replayed under any fault)` : ''}`,
  );
  out.push(`properties: ${r.properties}`);
  out.push(`scope: ${r.scope}; ${r.parallel || 'no'} worker processes; ${(r.wallMs / 1000).toFixed(1)} s`);
  for (const n of r.notApplicable) out.push(`not applicable on the ${r.dialect} dialect: ${n.id}: ${n.reason}`);
  if (r.shard) {
    out.push(
      `shard ${r.shard.index}/${r.shard.count}: ${r.faults} of the run's ${r.shard.faults.length} faults (the whole verdict: xs2a-conformance mutants merge with every part's report folder)`,
    );
    out.push(
      `MUTATION SCORE of part ${r.shard.index}/${r.shard.count}: ${r.score} % (${r.killed} of its ${r.faults} faults applicable to the ${r.dialect} dialect killed)`,
    );
  } else
    out.push(
      `MUTATION SCORE: ${r.score} % (${r.killed} of ${r.faults} faults applicable to the ${r.dialect} dialect killed)`,
    );
  return out.join('\n') + '\n';
}
