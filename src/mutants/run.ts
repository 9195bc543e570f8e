// The mutation run: the scenarios against the reference bank once per fault, in worker
// processes (each claims the next job, heaviest first, and runs it in-process), beside a fault-free
// baseline of the same scenarios. A fault is killed when at least one scenario that passes against
// the correct bank fails against it with a clean verdict (no crash, no hang).
import { spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Dialect } from '../session/dialects.ts';
import type { Shard } from '../run/shard.ts';
import { runJob, type Job, type JobResult } from './job.ts';
import { estimateMs, loadScenarios, notApplicableFaults, planFault, selectFaults, type Scenario } from './plan.ts';
import { byLocation, tally, type FaultOutcome, type MutationReport } from './report.ts';
import { shardPlans } from './shard.ts';

export {
  formatMutationReport,
  mutationExitCode,
  writeMutationReport,
  type FaultOutcome,
  type MutationReport,
  type MutationShard,
} from './report.ts';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));

const WORKER = fileURLToPath(new URL('./worker.ts', import.meta.url));

export interface MutantsOptions {
  /** Fault ids (default: every registered fault). */
  faults?: string[];
  /** Worker processes (default 2); 0 runs everything in this process. */
  parallel?: number;
  /** Replay the whole suite for every fault instead of the fault's scenarios. */
  all?: boolean;
  /** Per-request timeout (ms) for faults that set none (chaos faults set a short one). */
  timeoutMs?: number;
  /** The embedded bank's dialect: every fault runs on it, with its shipped profile. */
  dialect?: Dialect;
  /** Run only part i of n of the faults (shard.ts); `mutants merge` joins the parts. */
  shard?: Shard;
  log?: (line: string) => void;
  /** Runs the jobs in place of the suite (tests of the report and the merge on fabricated verdicts). */
  runJobs?: (jobs: Job[]) => Promise<JobResult[]>;
}

/**
 * Estimated cost of a job, for the order in which workers claim them (heaviest first, so that a long chaos job does not
 * start last).
 */
const cost = (j: Job) => estimateMs(j.scenarios.length, j.timeoutMs);

/** A worker process claiming jobs from the shared list until none is left; resolves with what it ran. */
function runWorker(
  jobsFile: string,
  dir: string,
  i: number,
  log: (s: string) => void,
): Promise<{ results: Array<JobResult & { index: number }>; exit: string }> {
  const outFile = join(dir, `results-${i}.json`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, ['--import', 'tsx', WORKER, jobsFile, outFile, dir], {
      cwd: ROOT,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: { ...process.env, FORCE_COLOR: '0' },
    });
    let stderr = '';
    let buf = '';
    child.stdout.on('data', (c: Buffer) => {
      buf += c.toString();
      let k;
      while ((k = buf.indexOf('\n')) >= 0) {
        const line = buf.slice(0, k);
        buf = buf.slice(k + 1);
        try {
          const p = JSON.parse(line) as { done: string; ms: number; failed: number };
          log(`  [${i}] ${p.done}: ${p.failed} failing, ${(p.ms / 1000).toFixed(1)} s`);
        } catch {
          /* not progress */
        }
      }
    });
    child.stderr.on('data', (c: Buffer) => {
      stderr = (stderr + c.toString()).slice(-4000);
    });
    child.on('close', (code) => {
      const results = existsSync(outFile) ? JSON.parse(readFileSync(outFile, 'utf8')) : [];
      resolve({ results, exit: `worker ${i} exited with ${code}: ${stderr.trim().split('\n').slice(-3).join(' | ')}` });
    });
  });
}

/** Runs the jobs on n worker processes; a job no worker finished (a worker died) is an error, never a kill. */
async function runWorkers(jobs: Job[], n: number, log: (s: string) => void): Promise<JobResult[]> {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-mutants-'));
  try {
    const ordered = [...jobs].sort((a, b) => cost(b) - cost(a));
    const jobsFile = join(dir, 'jobs.json');
    writeFileSync(jobsFile, JSON.stringify(ordered));
    const workers = await Promise.all(
      Array.from({ length: Math.min(n, ordered.length) }, (_, i) => runWorker(jobsFile, dir, i, log)),
    );
    const byIndex = new Map(workers.flatMap((w) => w.results.map((r) => [r.index, r] as const)));
    const exits = workers.map((w) => w.exit).join('; ');
    return ordered.map((j, i) => {
      const r = byIndex.get(i);
      if (!r)
        return {
          fault: j.fault,
          failed: [],
          ran: 0,
          exitCode: 2,
          error: `no worker finished this job (${exits})`,
          ms: 0,
        };
      const { index: _index, ...rest } = r;
      return rest;
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export async function runMutants(o: MutantsOptions = {}): Promise<MutationReport> {
  const started = Date.now();
  const log = o.log ?? ((s: string) => process.stdout.write(`${s}\n`));
  const selected = selectFaults(o.faults ?? [], o.dialect);
  const all = loadScenarios(ROOT);
  const timeoutMs = o.timeoutMs ?? 10_000;
  const everyPlan = selected.map((f) => planFault(f, all, o.all));
  const plans = o.shard ? shardPlans(everyPlan, o.shard, timeoutMs) : everyPlan;
  const union = [...new Set(plans.flatMap((p) => p.scenarios))];
  const jobs: Job[] = [
    { scenarios: union, timeoutMs, dialect: o.dialect },
    ...plans.map((p) => ({
      fault: p.fault.id,
      scenarios: p.scenarios,
      timeoutMs: p.fault.timeoutMs ?? timeoutMs,
      dialect: o.dialect,
    })),
  ];
  const parallel = o.parallel ?? 2;
  const part = o.shard
    ? `shard ${o.shard.index}/${o.shard.count}: ${plans.length} of ${selected.length} faults`
    : `${plans.length} faults`;
  log(
    `mutation run: ${part}, ${union.length} scenarios in the baseline, ${jobs.reduce((s, j) => s + j.scenarios.length, 0)} scenario runs, ${parallel || 'no'} worker processes`,
  );
  let results: JobResult[];
  if (o.runJobs) results = await o.runJobs(jobs);
  else if (parallel <= 0) {
    results = [];
    for (const j of jobs) results.push(await runJob(j));
  } else {
    results = await runWorkers(jobs, parallel, log);
  }
  const baseline = results.find((r) => r.fault === undefined)!;
  const falsePositive = new Set(baseline.failed.map((f) => f.id));
  const perFault: FaultOutcome[] = plans.map((p) => {
    const r = results.find((x) => x.fault === p.fault.id)!;
    const checks = r.failed.filter((f) => !falsePositive.has(f.id));
    return {
      id: p.fault.id,
      area: p.fault.area,
      description: p.fault.description,
      clauses: p.fault.clauses,
      killed: !r.error && checks.length > 0,
      killedBy: checks.map((c) => c.id),
      checks,
      replayed: r.ran,
      timeoutMs: p.fault.timeoutMs ?? timeoutMs,
      ms: r.ms,
      ...(r.error ? { error: r.error } : {}),
    };
  });
  const killedChecks = new Set(perFault.flatMap((f) => f.killedBy));
  const replayed = new Set(plans.flatMap((p) => p.scenarios));
  // Baseline failures in file and line order, whatever order the faults put the scenarios in (a merge of shards gives
  // the same lists).
  const baselineFailed = [...baseline.failed].sort(byLocation);
  const t = tally(perFault);
  return {
    generatedAt: new Date().toISOString(),
    wallMs: Date.now() - started,
    parallel,
    scope: o.all ? 'whole suite' : 'fault scenarios',
    dialect: o.dialect ?? 'default',
    faults: t.faults,
    notApplicable: o.faults?.length ? [] : notApplicableFaults(o.dialect),
    killed: t.killed,
    score: t.score,
    survivors: t.survivors,
    errors: t.errors,
    baseline: {
      replayed: baseline.ran,
      falsePositives: baselineFailed
        .filter((f) => f.level !== 'should')
        .map(({ id, name, message }) => ({ id, name, message })),
      shouldFailures: baselineFailed
        .filter((f) => f.level === 'should')
        .map(({ id, name, message }) => ({ id, name, message })),
    },
    properties: propertiesNote(),
    mustNeverFailed: all
      .filter((s: Scenario) => s.level === 'must' && !killedChecks.has(s.where))
      .map((s) => ({ id: s.where, name: s.name, replayed: replayed.has(s.where) })),
    perFault,
    ...(o.shard
      ? {
          shard: {
            index: o.shard.index,
            count: o.shard.count,
            faults: selected.map((f) => f.id),
            timeoutMs,
            baselineRan: baseline.ids ?? [],
          },
        }
      : {}),
  };
}

/** Properties (properties/*.spec.ts) are not replayed per fault yet: say so in every report. */
function propertiesNote(): string {
  const dir = join(ROOT, 'properties');
  const n = existsSync(dir)
    ? readdirSync(dir, { recursive: true }).filter((f) => String(f).endsWith('.spec.ts')).length
    : 0;
  return n
    ? `${n} property files not replayed per fault: they run in npm test against the correct bank; test/fuzz/faults.spec.ts runs them against their faults`
    : 'no property files (properties/*.spec.ts) yet';
}
