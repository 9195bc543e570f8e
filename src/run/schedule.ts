// Which scenario a free worker slot starts next: the run's own coordinator (coordinator.ts) asks.
//
// A scenario that moves the target's clock (@clock) has the run to itself from its first move until
// it ends: a move would expire the sessions and consents of the scenarios beside it. Before that
// move it runs beside the others (its set-up, SCAs included, is a scenario's like any other): the
// coordinator and the workers agree on that window through files (src/session/clock-window.ts). One
// clock scenario runs at a time, all on one worker slot, the clock lane, one after another: its kept
// PSU session serves them all, and none waits for a slot to come free. The lane takes them once none
// of the others may start: the other slots' work is then done or ending, so the clock scenarios' set-ups
// run without the others' load, and only the first window waits, for the run's tail. The other slots
// go on meanwhile, in batches (a batch's later scenarios wait in their Before hook while a window is
// open). Without a window (one worker) the clock scenarios run first, alone.
//
// A scenario that wipes what the others rely on (@alone: initialising the sandbox) runs with no
// other, before all of them.
//
// The long ones start next (planOrder, from the durations table fixtures/durations.json): a long
// scenario started last is the run's tail, one started first hides behind the short ones. Across the
// internet the longest one (every country code of the list, 249 payments) outlasts the rest of the run
// when it starts late.
//
// The scenarios of one PSU session other than the worker's own (the CORPORATE context; another TPP
// of the profile: @identity) form a group: one at a time, all on the worker that started the first
// one, so the session its first SCA opens serves the next ones (planOrder). The other workers go on
// with the rest meanwhile.
import { enterUnlessWindow } from '../session/clock-window.ts';

/** A scenario whose recorded duration is at least this many times the median's starts before the others. */
export const LONG_FACTOR = 5;

/**
 * A batch: scenarios that follow one another in the plan, of one feature file, run in one cucumber run
 * (each run parses its feature file and announces the step definitions again: about 20 ms). At most
 * this many, and this much recorded time (ms; an unrecorded one counts as the median), so that the
 * run's tail stays short.
 */
export const BATCH = { max: 24, ms: 800 };

export interface PlannedScenario {
  /**
   * `features/x.feature:line` (an outline's example row has its own line): the id in the durations table, the reports
   * and the clock window.
   */
  id: string;
  clock: boolean;
  alone?: boolean;
  corporate?: boolean;
  /** The profile's other TPP it acts as (@identity:<name>). */
  identity?: string;
  /** Its steps' texts (the order within the CORPORATE group). */
  steps?: readonly string[];
  /** The worker slot it runs on (pinScenarios): the one that made the sandbox data it asks for. */
  slot?: string;
}

/** The feature file of a scenario's id (`features/x.feature:line`). */
export const fileOf = (id: string): string => id.replace(/:\d+$/, '');

/** A scenario's group: the ones that share a PSU session other than the worker's own. */
const groupOf = (p: PlannedScenario): string | undefined =>
  p.corporate ? 'corporate' : p.identity ? `identity:${p.identity}` : undefined;

/**
 * The order within the CORPORATE group. The bank may keep one session per PSU, so a change of
 * context ends the other's: first the scenarios that start as the private PSU (while the worker's
 * private session still serves), then those whose own step is the CORPORATE SCA (its session is kept:
 * session.ts runSca), then those that take the kept one.
 */
const CORPORATE_ORDER: readonly RegExp[] = [
  /^a private PSU who has completed SCA$/,
  /^the PSU completes the SCA in the CORPORATE context$/,
];
const corporateRank = (p: PlannedScenario): number => {
  const i = CORPORATE_ORDER.findIndex((re) => p.steps?.some((t) => re.test(t)));
  return i < 0 ? CORPORATE_ORDER.length : i;
};

type Queue = 'alone' | 'clock' | 'rest';

/** Which of `scenarios` are long: recorded at LONG_FACTOR times the median of their recorded durations (ms) or more. */
function longIn(
  scenarios: readonly PlannedScenario[],
  durations: Readonly<Record<string, number>>,
): (p: PlannedScenario) => boolean {
  const known = scenarios
    .map((p) => durations[p.id])
    .filter((d): d is number => d !== undefined)
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 0;
  return (p) => median > 0 && (durations[p.id] ?? 0) >= LONG_FACTOR * median;
}

/**
 * Pins each scenario `asks` is true of (it takes sandbox data a worker makes ahead, for one scenario: a
 * variant) to one worker slot, round robin over the slots but the clock lane (slot 0), from the last: that
 * worker alone makes the data, instead of every worker (at 20 workers, 100 sandbox accounts and cards made
 * for 5 scenarios). The last slots are the last to start and to take the long scenarios (the first
 * free slot takes the next scenario), so a pinned one seldom waits behind one. A clock-moving scenario,
 * one that runs alone and a group's are not pinned (they run on the lane, alone, or on the group's
 * worker); nor is any with fewer than two slots.
 */
export function pinScenarios<T extends PlannedScenario>(
  planned: readonly T[],
  slots: number,
  asks: (p: T) => boolean,
): T[] {
  let n = 0;
  return planned.map((p) =>
    slots < 2 || p.clock || p.alone || groupOf(p) || !asks(p)
      ? p
      : { ...p, slot: String(slots - 1 - (n++ % (slots - 1))) },
  );
}

/**
 * The order the run's scenarios start in: the @alone ones first; the clock-moving ones whenever none
 * runs, the longest first; the others: the long ones (recorded at LONG_FACTOR times the median of
 * `durations`, ms, or more), longest first; then the CORPORATE group (CORPORATE_ORDER), early, so that
 * the other workers have work while one worker runs it; then the rest in the plan's order, which keeps a feature's
 * scenarios together (a worker's kept PSU session serves the next scenario in the same context:
 * ordering them all by duration cost a quarter more SCAs), each other TPP's group where its first
 * one is. A group's scenarios run one at a time, on one worker (Schedule.next).
 */
export function planOrder(
  scenarios: readonly PlannedScenario[],
  durations: Readonly<Record<string, number>>,
): Record<Queue, PlannedScenario[]> {
  const others = scenarios.filter((p) => !p.clock && !p.alone);
  const long = longIn(scenarios, durations);
  const rest = others.filter((p) => !long(p));
  const corporate = rest.filter((p) => groupOf(p) === 'corporate').map((p, i) => ({ p, i, rank: corporateRank(p) }));
  corporate.sort((a, b) => a.rank - b.rank || a.i - b.i);
  // Each other TPP's group where its first scenario is in the plan's order.
  const grouped: PlannedScenario[] = [];
  const placed = new Set<string>();
  for (const p of rest) {
    const g = groupOf(p);
    if (g === 'corporate' || (g && placed.has(g))) continue;
    if (g) placed.add(g);
    grouped.push(...(g ? rest.filter((x) => groupOf(x) === g) : [p]));
  }
  return {
    alone: scenarios.filter((p) => p.alone),
    // The longest first: the lane's first clock scenario starts as the others' tail ends, and its set-up
    // (a payment brought to PDNG: several round trips before its first move) runs beside that tail
    // instead of its window waiting for it.
    // (sort is stable: the unrecorded ones, and ties, keep the plan's order)
    clock: scenarios.filter((p) => p.clock && !p.alone).sort((a, b) => (durations[b.id] ?? 0) - (durations[a.id] ?? 0)),
    rest: [
      ...others.filter(long).sort((a, b) => durations[b.id] - durations[a.id]),
      ...corporate.map((c) => c.p),
      ...grouped,
    ],
  };
}

/**
 * The run's plan as its coordinator keeps it: which scenario a free worker slot starts next. `windowDir`:
 * the run's clock window folder (clock-window.ts); without one a clock scenario runs alone throughout.
 */
export class Schedule {
  private readonly queues: Record<Queue, PlannedScenario[]>;
  private readonly taken = new Set<string>();
  /** The slots whose pinned scenarios any slot may run (release). */
  private readonly released = new Set<string>();
  private readonly next_: Record<Queue, number> = { alone: 0, clock: 0, rest: 0 };
  /** The worker slot that started each group's first scenario: the group's owner. */
  private readonly owner = new Map<string, string>();
  private readonly median: number;
  /** The long ones, as planOrder reads them (they start first, each in a cucumber run of its own). */
  private readonly isLong: (p: PlannedScenario) => boolean;

  constructor(
    scenarios: readonly PlannedScenario[],
    private readonly durations: Readonly<Record<string, number>> = {},
    private readonly windowDir?: string,
    /**
     * The worker slot that runs the clock-moving scenarios, one after another (with a window only):
     * its kept PSU session serves them all, and no clock scenario waits for a slot to come free.
     */
    private readonly lane?: string,
  ) {
    this.queues = planOrder(scenarios, durations);
    this.isLong = longIn(scenarios, durations);
    const known = Object.values(durations).sort((a, b) => a - b);
    this.median = known.length ? known[Math.floor(known.length / 2)] : 0;
  }

  /** How many scenarios have not started. */
  get left(): number {
    return this.queues.alone.length + this.queues.clock.length + this.queues.rest.length - this.taken.size;
  }

  /** How many of the scenarios that neither move the clock nor run alone have not started. */
  get othersLeft(): number {
    return this.queues.rest.filter((p) => !this.taken.has(p.id)).length;
  }

  /**
   * The scenario worker slot `worker` starts now while `running` run, marked started (and running in
   * the clock window's folder); undefined when none may start now.
   */
  next(worker: string, running: readonly PlannedScenario[]): PlannedScenario | undefined {
    if (running.some((r) => r.alone)) return undefined;
    const alone = this.head('alone');
    if (alone) return running.length ? undefined : this.start(alone, worker);
    const clock = this.head('clock');
    const clockRuns = running.some((r) => r.clock);
    // With a window, the clock lane's slot alone starts the clock scenarios; without one, any slot.
    const lane = this.windowDir ? this.lane : undefined;
    const startsClocks = lane === undefined || worker === lane;
    if (clock && startsClocks) {
      // The lane takes the others' scenarios while any may start: its clock scenarios come last, when
      // the other slots' work is done or ending, so their set-ups run without the others' load and the
      // first window waits only for the run's tail (bench:latency: 19.5-21 s instead of 22 s).
      const other = lane === undefined ? undefined : this.firstStartable(worker, running);
      if (other) return this.start(other, worker);
      // Without a window a clock scenario runs alone throughout; with one, it starts beside the others.
      if (!clockRuns) return !this.windowDir && running.length ? undefined : this.start(clock, worker);
    }
    // Without a window nothing runs beside a clock scenario.
    if (clockRuns && !this.windowDir) return undefined;
    const p = this.firstStartable(worker, running);
    return p && this.start(p, worker);
  }

  /**
   * Like next, with the scenarios that may run after it in the same cucumber run (BATCH): those that
   * follow it in the plan while they are of its feature file, of no group, neither clock-moving nor
   * alone, and not yet started. Only the first is marked running in the clock window here; the others
   * mark themselves as they start (clock-window.ts admit).
   */
  nextBatch(worker: string, running: readonly PlannedScenario[], batch = BATCH): PlannedScenario[] {
    const p = this.next(worker, running);
    if (!p) return [];
    const out = [p];
    // A long one runs in a cucumber run of its own: two in one run would be the run's tail.
    if (p.clock || p.alone || groupOf(p) || this.isLong(p)) return out;
    const ids = this.queues.rest;
    const uri = fileOf(p.id);
    let ms = this.msOf(p);
    for (let i = ids.indexOf(p) + 1; i < ids.length && out.length < batch.max; i++) {
      const q = ids[i];
      if (this.taken.has(q.id)) continue;
      if (
        fileOf(q.id) !== uri ||
        groupOf(q) ||
        !this.mayRun(q, worker) ||
        this.isLong(q) ||
        (ms += this.msOf(q)) > batch.ms
      )
        break;
      // Marked running in the clock window as it starts, by its worker (clock-window.ts admit): a
      // mover waits for the scenario a slot runs, not for the rest of its batch.
      this.taken.add(q.id);
      out.push(q);
    }
    return out;
  }

  private msOf(p: PlannedScenario): number {
    return this.durations[p.id] ?? this.median;
  }

  /** The first of queue `q` not yet started. */
  private head(q: Queue): PlannedScenario | undefined {
    const ids = this.queues[q];
    while (this.next_[q] < ids.length && this.taken.has(ids[this.next_[q]].id)) this.next_[q]++;
    return ids[this.next_[q]];
  }

  /**
   * The first of the rest that may start: not started, and not of a group that waits (one of it runs, or another worker
   * owns it).
   */
  private firstStartable(worker: string, running: readonly PlannedScenario[]): PlannedScenario | undefined {
    const ids = this.queues.rest;
    for (let i = this.next_.rest; i < ids.length; i++) {
      const p = ids[i];
      if (this.taken.has(p.id) || !this.mayRun(p, worker)) continue;
      const g = groupOf(p);
      if (!g) return p;
      const owner = this.owner.get(g);
      if ((owner === undefined || owner === worker) && !running.some((r) => groupOf(r) === g)) return p;
    }
    return undefined;
  }

  /** Whether `worker` may run `p`: any may, unless it is pinned to another slot that has not been released. */
  private mayRun(p: PlannedScenario, worker: string): boolean {
    return p.slot === undefined || p.slot === worker || this.released.has(p.slot);
  }

  /**
   * Slot `worker` is gone (its worker process was lost): the scenarios pinned to it may run on any slot (they
   * make the data they ask for themselves).
   */
  release(worker: string): void {
    this.released.add(worker);
  }

  /**
   * Starts `p` on `worker`, unless a scenario has the clock window (then it waits); the first of a group gives the
   * group to the worker.
   */
  private start(p: PlannedScenario, worker: string): PlannedScenario | undefined {
    if (this.windowDir && !enterUnlessWindow(this.windowDir, p.id)) return undefined;
    this.taken.add(p.id);
    const g = groupOf(p);
    if (g && !this.owner.has(g)) this.owner.set(g, worker);
    return p;
  }
}
