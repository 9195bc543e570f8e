// One unit of the mutation run: the scenarios of a plan against the embedded bank with (at most)
// one fault switched on, in this process (runSuite reuses the loaded steps between runs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuite } from '../run/run.ts';
import type { Dialect } from '../session/dialects.ts';
import type { Level } from '../spec/level.ts';
import { cucumberPaths } from './plan.ts';

export interface Job {
  /** Fault id; undefined for the fault-free baseline. */
  fault?: string;
  scenarios: string[];
  timeoutMs: number;
  /** The embedded bank's dialect (and its shipped profile). */
  dialect?: Dialect;
}

export interface JobResult {
  fault?: string;
  /** Scenario locations that failed (failed or undefined outcome). */
  failed: Array<{ id: string; name: string; level: Level; message: string }>;
  ran: number;
  /** The locations of the scenarios that ran (the baseline's, for merging shards). */
  ids?: string[];
  exitCode: number;
  /** The run itself broke (exit 2 or 3, or an exception): never a clean verdict. */
  error?: string;
  ms: number;
}

export async function runJob(job: Job): Promise<JobResult> {
  const started = Date.now();
  const reportDir = mkdtempSync(join(tmpdir(), 'xs2a-mutant-'));
  try {
    if (!job.scenarios.length) return { fault: job.fault, failed: [], ran: 0, exitCode: 0, ms: 0 };
    // No dead-target breaker: a stalling fault must show in each scenario it breaks (breaker 0).
    const r = await runSuite({
      breaker: 0,
      tls: true,
      faults: job.fault ? [job.fault] : [],
      dialect: job.dialect,
      paths: cucumberPaths(job.scenarios),
      parallel: 0,
      quiet: true,
      report: false,
      reportDir,
      timeoutMs: job.timeoutMs,
      log: () => undefined,
    });
    const results = r.verdict?.results ?? [];
    const failed = results
      // A SHOULD scenario's finding (a warning) is a check that failed against the fault too.
      .filter((x) => x.outcome === 'failed' || x.outcome === 'warning' || x.outcome === 'undefined')
      .map((x) => ({
        id: x.id,
        name: x.name,
        level: x.level,
        message: (x.message ?? '').split('\n')[0].slice(0, 300),
      }));
    const error = r.exitCode >= 2 ? (r.message ?? `exit ${r.exitCode}`) : undefined;
    return {
      fault: job.fault,
      failed,
      ran: results.length,
      ids: job.fault ? undefined : results.map((x) => x.id),
      exitCode: r.exitCode,
      error,
      ms: Date.now() - started,
    };
  } catch (e) {
    return {
      fault: job.fault,
      failed: [],
      ran: 0,
      exitCode: 2,
      error: `the run crashed: ${(e as Error).message}`,
      ms: Date.now() - started,
    };
  } finally {
    rmSync(reportDir, { recursive: true, force: true });
  }
}
