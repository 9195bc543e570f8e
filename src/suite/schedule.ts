// Which scenario a free worker may start (cucumber's setParallelCanAssign, asked in the coordinator).
//
// A scenario that moves the target's clock (@clock) runs alone: it would expire the sessions and
// consents of the scenarios beside it. Those scenarios also run first: while the first worker to be
// ready runs them one after the other, the other workers are still starting (loading the suite costs
// each about a second of CPU), so the time they run alone overlaps the start instead of adding a
// single-worker tail at the end of the run. The run tells how many it planned (planClockScenarios).
//
// The long ones start next (planOrder, from the durations table fixtures/durations.json): a long
// scenario started last is the run's tail, one started first hides behind the short ones. Across the
// internet the longest one (every country code of the list, 249 payments) outlasts the rest of the run
// when it starts late.

export const CLOCK_TAG = '@clock';
/** The scenarios that act in the CORPORATE context (they start last, together: planOrder). */
export const CORPORATE_TAG = '@corporate';

interface Pickleish {
  readonly uri?: string;
  readonly location?: { readonly line: number };
  readonly tags: readonly { readonly name: string }[];
}

const movesClock = (p: Pickleish): boolean => p.tags.some((t) => t.name === CLOCK_TAG);

// The count lives on the global object: the run plans it, and the step definitions' copy of this
// module asks it, which in a parallel run is another module (the steps' bundle, steps-bundle.ts).
const PLAN = Symbol.for('xs2a-conformance.schedule.clockLeft');
const plan = globalThis as { [PLAN]?: number };

/** The number of @clock scenarios the run will start (0: no ordering, only their running alone). */
export function planClockScenarios(n: number): void {
  plan[PLAN] = Math.max(0, n);
}

const ORDER = Symbol.for('xs2a-conformance.schedule.order');
interface Order {
  ids: string[];
  known: Set<string>;
  taken: Set<string>;
  next: number;
}
const order = globalThis as { [ORDER]?: Order };

/** A scenario's id in the durations table and the plan: `features/x.feature:line`. */
const idOf = (p: Pickleish): string | undefined => (p.uri !== undefined && p.location ? `${p.uri}:${p.location.line}` : undefined);

/** A scenario whose recorded duration is at least this many times the median's starts before the others. */
export const LONG_FACTOR = 5;

/**
 * The order the run's scenarios start in: the clock-moving ones first; then the long ones (recorded
 * at LONG_FACTOR times the median of `durations`, ms, or more), longest first; then the others in
 * the plan's order, which keeps a feature's scenarios together (a worker's kept PSU session serves
 * the next scenario in the same context: ordering them all by duration cost a quarter more SCAs);
 * the CORPORATE ones (`corporate`) last, together: the bank may keep one session per PSU, so each
 * change of context ends the kept session of the other (in the plan's order they cost 8 SCAs more
 * against the reference bank). An empty plan: no order.
 */
export function planOrder(plan: ReadonlyArray<{ id: string; clock: boolean; corporate?: boolean }>, durations: Readonly<Record<string, number>>): void {
  if (!plan.length) {
    delete order[ORDER];
    return;
  }
  const known = plan.map((p) => durations[p.id]).filter((d): d is number => d !== undefined).sort((a, b) => a - b);
  const median = known.length ? known[Math.floor(known.length / 2)] : 0;
  const long = (p: { id: string; clock: boolean }) => !p.clock && median > 0 && (durations[p.id] ?? 0) >= LONG_FACTOR * median;
  const rest = plan.filter((p) => !p.clock && !long(p));
  const ids = [
    ...plan.filter((p) => p.clock),
    ...plan.filter(long).sort((a, b) => durations[b.id] - durations[a.id]),
    ...rest.filter((p) => !p.corporate),
    ...rest.filter((p) => p.corporate),
  ].map((p) => p.id);
  order[ORDER] = { ids, known: new Set(ids), taken: new Set(), next: 0 };
}

/** Whether the planned order lets `pickle` start now: it is the first of the order not yet started (a scenario outside the order may always). */
function itsTurn(pickle: Pickleish): boolean {
  const o = order[ORDER];
  const id = idOf(pickle);
  if (!o || id === undefined || !o.known.has(id)) return true;
  while (o.next < o.ids.length && o.taken.has(o.ids[o.next])) o.next++;
  return o.ids[o.next] === id;
}

function started(pickle: Pickleish): boolean {
  const id = idOf(pickle);
  if (id !== undefined) order[ORDER]?.taken.add(id);
  return true;
}

/** Whether a free worker may start `pickle` while `running` run. */
export function canAssign(pickle: Pickleish, running: readonly Pickleish[]): boolean {
  if (!itsTurn(pickle)) return false;
  if (movesClock(pickle)) {
    if (running.length) return false;
    plan[PLAN] = (plan[PLAN] ?? 0) - 1;
    return started(pickle);
  }
  return (plan[PLAN] ?? 0) <= 0 && !running.some(movesClock) && started(pickle);
}
