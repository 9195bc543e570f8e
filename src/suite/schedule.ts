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
//
// The scenarios of one PSU session other than the worker's own (the CORPORATE context; another TPP
// of the profile: @identity) form a group: one at a time, all on the worker that started the first
// one, so the session its first SCA opens serves the next ones (planOrder; the coordinator names the
// worker it asks for: worker-slots.ts). The other workers go on with the rest meanwhile.
import { enterUnlessWindow } from '../session/clock-window.ts';

export const CLOCK_TAG = '@clock';
/** A scenario that runs with no other, before all others. */
export const ALONE_TAG = '@alone';
/** The scenarios that act in the CORPORATE context (one group: planOrder). */
export const CORPORATE_TAG = '@corporate';

interface Pickleish {
  readonly id?: string;
  readonly uri?: string;
  readonly location?: { readonly line: number };
  readonly tags: readonly { readonly name: string }[];
}

const tagged =
  (tag: string) =>
  (p: Pickleish): boolean =>
    p.tags.some((t) => t.name === tag);
const movesClock = tagged(CLOCK_TAG);
const alone = tagged(ALONE_TAG);

// The plan lives on the global object: the run makes it, and the step definitions' copy of this
// module asks it, which in a parallel run is another module (the steps' bundle, steps-bundle.ts).
const PLAN = Symbol.for('xs2a-conformance.schedule.plan');
// The worker the coordinator is finding a scenario for (worker-slots.ts sets it around each search).
const ASKING = Symbol.for('xs2a-conformance.schedule.asking');
type Queue = 'alone' | 'clock' | 'rest';
interface Plan {
  /** The clock window's folder (clock-window.ts); without one a clock scenario runs alone throughout. */
  windowDir?: string;
  /** The start order of each queue, what has started, and where each queue's first not started one is. */
  queues: Record<Queue, string[]>;
  queueOf: Map<string, Queue>;
  taken: Set<string>;
  next: Record<Queue, number>;
  /** Each grouped scenario's group, and the worker that started each group's first one. */
  groupOf: Map<string, string>;
  owner: Map<string, string>;
}
const plan = globalThis as { [PLAN]?: Plan; [ASKING]?: string };

/** The coordinator is finding a scenario for worker `id` (undefined: done). */
export function askingFor(id: string | undefined): void {
  plan[ASKING] = id;
}

/** A scenario's id in the durations table and the plan: `features/x.feature:line`. */
const idOf = (p: Pickleish): string | undefined =>
  p.uri !== undefined && p.location ? `${p.uri}:${p.location.line}` : undefined;

/** A scenario whose recorded duration is at least this many times the median's starts before the others. */
export const LONG_FACTOR = 5;

export interface PlannedScenario {
  id: string;
  clock: boolean;
  alone?: boolean;
  corporate?: boolean;
  /** The profile's other TPP it acts as (@identity:<name>). */
  identity?: string;
  /** Its steps' texts (the order within the CORPORATE group). */
  steps?: readonly string[];
}

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

/**
 * The order the run's scenarios start in: the @alone ones first; the clock-moving ones whenever none
 * runs; the others: the long ones (recorded at LONG_FACTOR times the median of `durations`, ms, or
 * more), longest first; then the CORPORATE group (CORPORATE_ORDER), early, so that the other workers
 * have work while one worker runs it; then the rest in the plan's order, which keeps a feature's
 * scenarios together (a worker's kept PSU session serves the next scenario in the same context:
 * ordering them all by duration cost a quarter more SCAs), each other TPP's group where its first
 * one is. A group's scenarios run one at a time, on one worker (canAssign). `windowDir`: the run's
 * clock window folder. An empty plan and no folder: no order, and a clock scenario runs alone.
 */
export function planOrder(
  scenarios: readonly PlannedScenario[],
  durations: Readonly<Record<string, number>>,
  windowDir?: string,
): void {
  if (!scenarios.length && !windowDir) {
    delete plan[PLAN];
    return;
  }
  const known = scenarios
    .map((p) => durations[p.id])
    .filter((d): d is number => d !== undefined)
    .sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 0;
  const others = scenarios.filter((p) => !p.clock && !p.alone);
  const long = (p: PlannedScenario) => median > 0 && (durations[p.id] ?? 0) >= LONG_FACTOR * median;
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
  const queues: Plan['queues'] = {
    alone: scenarios.filter((p) => p.alone).map((p) => p.id),
    clock: scenarios.filter((p) => p.clock && !p.alone).map((p) => p.id),
    rest: [
      ...others.filter(long).sort((a, b) => durations[b.id] - durations[a.id]),
      ...corporate.map((c) => c.p),
      ...grouped,
    ].map((p) => p.id),
  };
  const queueOf = new Map<string, Queue>();
  for (const q of ['alone', 'clock', 'rest'] as const) for (const id of queues[q]) queueOf.set(id, q);
  const groups = new Map(
    rest.flatMap((p) => {
      const g = groupOf(p);
      return g ? [[p.id, g] as const] : [];
    }),
  );
  plan[PLAN] = {
    windowDir,
    queues,
    queueOf,
    taken: new Set(),
    next: { alone: 0, clock: 0, rest: 0 },
    groupOf: groups,
    owner: new Map(),
  };
}

/** The first of queue `q` not yet started (undefined: all have). */
function head(o: Plan, q: Queue): string | undefined {
  const ids = o.queues[q];
  while (o.next[q] < ids.length && o.taken.has(ids[o.next[q]])) o.next[q]++;
  return ids[o.next[q]];
}

/** Whether group `g` waits: one of it runs, or it belongs to another worker than the one asked for. */
function groupWaits(o: Plan, g: string, running: readonly Pickleish[]): boolean {
  const owner = o.owner.get(g);
  const asking = plan[ASKING];
  if (owner !== undefined && asking !== undefined && owner !== asking) return true;
  return running.some((r) => {
    const id = idOf(r);
    return id !== undefined && o.groupOf.get(id) === g;
  });
}

/** The first of queue `q` that may start now: not started, and not of a group that waits. */
function firstStartable(o: Plan, q: Queue, running: readonly Pickleish[]): string | undefined {
  const first = head(o, q);
  if (!o.groupOf.size) return first;
  const ids = o.queues[q];
  for (let i = o.next[q]; i < ids.length; i++) {
    const id = ids[i];
    if (o.taken.has(id)) continue;
    const g = o.groupOf.get(id);
    if (!g || !groupWaits(o, g, running)) return id;
  }
  return undefined;
}

/** Whether the plan lets `pickle` start now: it is the first of its queue that may start (a scenario outside the plan may always). */
function itsTurn(o: Plan | undefined, pickle: Pickleish, running: readonly Pickleish[]): boolean {
  const id = idOf(pickle);
  const q = id === undefined ? undefined : o?.queueOf.get(id);
  return !q || firstStartable(o!, q, running) === id;
}

/** Starts `pickle`: marked running for the clock window, unless a scenario has the window (then it waits); the first of a group gives the group to the worker asked for. */
function start(o: Plan | undefined, pickle: Pickleish): boolean {
  if (o?.windowDir && pickle.id !== undefined && !enterUnlessWindow(o.windowDir, pickle.id)) return false;
  const id = idOf(pickle);
  if (id !== undefined) o?.taken.add(id);
  const g = id === undefined ? undefined : o?.groupOf.get(id);
  if (g && !o!.owner.has(g) && plan[ASKING] !== undefined) o!.owner.set(g, plan[ASKING]);
  return true;
}

/** Whether a free worker may start `pickle` while `running` run. */
export function canAssign(pickle: Pickleish, running: readonly Pickleish[]): boolean {
  const o = plan[PLAN];
  if (running.some(alone)) return false;
  if (!itsTurn(o, pickle, running)) return false;
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
