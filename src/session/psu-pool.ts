// The PSU pool. Workers must not share a PSU: the spec lets one PSU hold one SCA
// session with a TPP ("Starting a new TPP-Session-ID before the old one has expired requires a new
// SCA; on success it invalidates the old one"), so two workers acting for one PSU end each other's
// sessions and produce failures a single worker never would. Each worker acts for its own PSU; with
// fewer PSUs than workers the run caps the workers (and says so) instead of sharing.
import { availableParallelism } from 'node:os';

/**
 * The most workers a run may have (--parallel): they run as slots of one process per core (src/run/coordinator.ts), so
 * a worker costs a PSU and little CPU.
 */
export const MAX_WORKERS = 32;

/**
 * CPU a request costs the suite and a loopback bank on this kind of machine (signing, checking,
 * reporting), in ms, as the formula below uses it: calibrated on bench:latency (50 ms round trips, 2
 * cores), where 20 workers ran the suite in 14.5-16.1 s, 24 in 16.6 s and the 27-30 that 4 ms gave in
 * 18.3-19.7 s.
 */
export const CPU_MS_PER_REQUEST = 6;

/**
 * Workers for `--parallel auto`: enough to keep the cores busy while the others wait for answers.
 * A worker waits one round trip per request and works about CPU_MS_PER_REQUEST, so the cores stay
 * busy with cores × (1 + rtt / CPU_MS_PER_REQUEST) workers: about one per core on loopback, many more
 * across the internet. Never more than one per PSU, nor MAX_WORKERS; at least one.
 */
export function autoWorkers(psus: number, cores = availableParallelism(), rttMs = 0): number {
  return Math.max(1, Math.min(psus, MAX_WORKERS, Math.round(cores * (1 + Math.max(0, rttMs) / CPU_MS_PER_REQUEST))));
}

/**
 * The workers a run may use: the requested number, capped at the PSUs available. `psus` undefined
 * means unknown (the target lists none and the profile names none): no cap. Cucumber's 0 (in the
 * main process) and 1 both mean one worker.
 */
export function capWorkers(requested: number, psus: number | undefined): { workers: number; warning?: string } {
  if (psus === undefined || requested <= 1) return { workers: requested };
  if (psus >= requested) return { workers: requested };
  const workers = Math.max(1, psus);
  return {
    workers,
    warning: `${requested} workers asked for, but only ${psus} PSU${psus === 1 ? '' : 's'} to act for: running ${workers} (workers sharing a PSU would end each other's SCA sessions); name more PSUs in the profile (psu.private: [ … ]) or let the sandbox list more customers`,
  };
}

/** Where a worker process that runs several workers keeps the one a scenario runs in (src/run/scenario-host.ts). */
const SLOT = Symbol.for('xs2a-conformance.worker-slot');

/**
 * The worker's index: the slot the scenario runs in (src/run/scenario-host.ts);
 * else cucumber's CUCUMBER_WORKER_ID (0 in the main process).
 */
export function workerIndex(env: NodeJS.ProcessEnv = process.env): number {
  const slot = (globalThis as { [SLOT]?: { getStore(): unknown } })[SLOT]?.getStore();
  if (typeof slot === 'number' && env === process.env) return slot;
  const n = Number(env.CUCUMBER_WORKER_ID ?? 0);
  return Number.isInteger(n) && n >= 0 ? n : 0;
}

/** The worker's own entry of a pool; the run capped the workers at the pool's size. */
export function ownOf<T>(pool: readonly T[], index = workerIndex()): T | undefined {
  return pool.length ? pool[index % pool.length] : undefined;
}

/** Worker processes for `workers` slots (src/run/coordinator.ts): one per core, never more than the workers. */
export function hostProcesses(workers: number, cores: number): number {
  return Math.max(1, Math.min(workers, cores));
}
