// What one worker slot keeps across its scenarios: its kept PSU sessions (kept-sessions.ts), the
// sandbox customer it acts for, its pools of sandbox data (src/suite/sandbox.ts), the run guard's
// breaker, and the tags of the scenario it runs now. One per slot: several workers in one process
// (worker slots, src/run/scenario-host.ts) never share them; the slot is the scenario's worker index.
import { KeptSessions } from './kept-sessions.ts';
import { workerIndex } from './psu-pool.ts';
import { Breaker, type GuardConfig } from './run-guard.ts';

export class WorkerState {
  readonly kept = new KeptSessions();
  /** The sandbox customer the worker acts for, by run (the same private customer in both contexts). */
  readonly sandboxCustomers = new Map<string, string>();
  /** The worker's pools of sandbox data by key (kind, variant, run, customer): src/suite/sandbox.ts. */
  readonly pools = new Map<string, unknown[]>();
  /** The `@op:` and `@clause:` tags of the scenario the slot runs now (the Before hook sets them: expect.ts). */
  scenario: { op?: string; clauses: ReadonlySet<string> } = { clauses: new Set() };
  private readonly breakers = new Map<string, Breaker>();

  /**
   * The breaker of the run whose guard is `g`: it counts this worker's consecutive transport failures across its
   * scenarios.
   */
  breaker(g: GuardConfig): Breaker {
    let b = this.breakers.get(g.stopFile);
    if (!b) this.breakers.set(g.stopFile, (b = new Breaker(g)));
    return b;
  }
}

/** Each worker slot's state in this process, by slot. */
const SLOTS = new Map<number, WorkerState>();

/** The state of the worker slot running now (or `slot`). */
export function workerState(slot = workerIndex()): WorkerState {
  let s = SLOTS.get(slot);
  if (!s) SLOTS.set(slot, (s = new WorkerState()));
  return s;
}

/**
 * Forgets every slot's sandbox customers and pools in this process: the sandbox was initialised (its customers may be
 * others, its accounts are gone).
 */
export function forgetSandboxData(): void {
  for (const s of SLOTS.values()) {
    s.sandboxCustomers.clear();
    s.pools.clear();
  }
}
