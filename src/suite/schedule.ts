// Which scenario a free worker may start (cucumber's setParallelCanAssign, asked in the coordinator).
//
// A scenario that moves the target's clock (@clock) has the run to itself from its first move until
// it ends: a move would expire the sessions and consents of the scenarios beside it. Before that
// move it runs beside the others (its set-up, SCAs included, is a scenario's like any other): the
// coordinator and the workers agree on that window through files (src/session/clock-window.ts). One
// clock scenario runs at a time, and the planned ones start before the others whenever none runs:
// the first worker to be ready starts them while the other workers are still loading.
//
// A scenario that wipes what the others rely on (@alone: initialising the sandbox) runs with no
// other, before all of them.
//
// The long ones start next (planOrder, from the durations table fixtures/durations.json): a long
// scenario started last is the run's tail, one started first hides behind the short ones. Across the
// internet the longest one (every country code of the list, 249 payments) outlasts the rest of the run
// when it starts late.
import { enterUnlessWindow } from '../session/clock-window.ts';

export const CLOCK_TAG = '@clock';
/** A scenario that runs with no other, before all others. */
export const ALONE_TAG = '@alone';
/** The scenarios that act in the CORPORATE context (they start last, together: planOrder). */
export const CORPORATE_TAG = '@corporate';

interface Pickleish {
  readonly id?: string;
  readonly uri?: string;
  readonly location?: { readonly line: number };
  readonly tags: readonly { readonly name: string }[];
}

const tagged = (tag: string) => (p: Pickleish): boolean => p.tags.some((t) => t.name === tag);
const movesClock = tagged(CLOCK_TAG);
const alone = tagged(ALONE_TAG);

// The plan lives on the global object: the run makes it, and the step definitions' copy of this
// module asks it, which in a parallel run is another module (the steps' bundle, steps-bundle.ts).
const PLAN = Symbol.for('xs2a-conformance.schedule.plan');
type Queue = 'alone' | 'clock' | 'rest';
interface Plan {
  /** The clock window's folder (clock-window.ts); without one a clock scenario runs alone throughout. */
  windowDir?: string;
  /** The start order of each queue, what has started, and where each queue's first not started one is. */
  queues: Record<Queue, string[]>;
  queueOf: Map<string, Queue>;
  taken: Set<string>;
  next: Record<Queue, number>;
}
const plan = globalThis as { [PLAN]?: Plan };

/** A scenario's id in the durations table and the plan: `features/x.feature:line`. */
const idOf = (p: Pickleish): string | undefined => (p.uri !== undefined && p.location ? `${p.uri}:${p.location.line}` : undefined);

/** A scenario whose recorded duration is at least this many times the median's starts before the others. */
export const LONG_FACTOR = 5;

export interface PlannedScenario {
  id: string;
  clock: boolean;
  alone?: boolean;
  corporate?: boolean;
}

/**
 * The order the run's scenarios start in: the @alone ones first; the clock-moving ones whenever none
 * runs; the others: the long ones (recorded at LONG_FACTOR times the median of `durations`, ms, or
 * more), longest first; then the rest in the plan's order, which keeps a feature's scenarios
 * together (a worker's kept PSU session serves the next scenario in the same context: ordering them
 * all by duration cost a quarter more SCAs); the CORPORATE ones (`corporate`) last, together: the
 * bank may keep one session per PSU, so each change of context ends the kept session of the other
 * (in the plan's order they cost 8 SCAs more against the reference bank). `windowDir`: the run's
 * clock window folder. An empty plan and no folder: no order, and a clock scenario runs alone.
 */
export function planOrder(scenarios: readonly PlannedScenario[], durations: Readonly<Record<string, number>>, windowDir?: string): void {
  if (!scenarios.length && !windowDir) {
    delete plan[PLAN];
    return;
  }
  const known = scenarios.map((p) => durations[p.id]).filter((d): d is number => d !== undefined).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 0;
  const others = scenarios.filter((p) => !p.clock && !p.alone);
  const long = (p: PlannedScenario) => median > 0 && (durations[p.id] ?? 0) >= LONG_FACTOR * median;
  const rest = others.filter((p) => !long(p));
  const queues: Plan['queues'] = {
    alone: scenarios.filter((p) => p.alone).map((p) => p.id),
    clock: scenarios.filter((p) => p.clock && !p.alone).map((p) => p.id),
    rest: [...others.filter(long).sort((a, b) => durations[b.id] - durations[a.id]), ...rest.filter((p) => !p.corporate), ...rest.filter((p) => p.corporate)].map((p) => p.id),
  };
  const queueOf = new Map<string, Queue>();
  for (const q of ['alone', 'clock', 'rest'] as const) for (const id of queues[q]) queueOf.set(id, q);
  plan[PLAN] = { windowDir, queues, queueOf, taken: new Set(), next: { alone: 0, clock: 0, rest: 0 } };
}

/** The first of queue `q` not yet started (undefined: all have). */
function head(o: Plan, q: Queue): string | undefined {
  const ids = o.queues[q];
  while (o.next[q] < ids.length && o.taken.has(ids[o.next[q]])) o.next[q]++;
  return ids[o.next[q]];
}

/** Whether the plan lets `pickle` start now: it is the first of its queue not yet started (a scenario outside the plan may always). */
function itsTurn(o: Plan | undefined, pickle: Pickleish): boolean {
  const id = idOf(pickle);
  const q = id === undefined ? undefined : o?.queueOf.get(id);
  return !q || head(o!, q) === id;
}

/** Starts `pickle`: marked running for the clock window, unless a scenario has the window (then it waits). */
function start(o: Plan | undefined, pickle: Pickleish): boolean {
  if (o?.windowDir && pickle.id !== undefined && !enterUnlessWindow(o.windowDir, pickle.id)) return false;
  const id = idOf(pickle);
  if (id !== undefined) o?.taken.add(id);
  return true;
}

/** Whether a free worker may start `pickle` while `running` run. */
export function canAssign(pickle: Pickleish, running: readonly Pickleish[]): boolean {
  const o = plan[PLAN];
  if (running.some(alone)) return false;
  if (!itsTurn(o, pickle)) return false;
  if (alone(pickle)) return !running.length && start(o, pickle);
  if (o && head(o, 'alone') !== undefined) return false;
  if (movesClock(pickle)) {
    if (running.some(movesClock) || (!o?.windowDir && running.length)) return false;
    return start(o, pickle);
  }
  if (running.some(movesClock)) {
    // Without a window a clock scenario runs alone throughout.
    if (!o?.windowDir) return false;
  } else if (o && head(o, 'clock') !== undefined) return false;
  return start(o, pickle);
}
