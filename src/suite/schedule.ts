// Which scenario a free worker may start (cucumber's setParallelCanAssign, asked in the coordinator).
//
// A scenario that moves the target's clock (@clock) runs alone: it would expire the sessions and
// consents of the scenarios beside it. Those scenarios also run first: while the first worker to be
// ready runs them one after the other, the other workers are still starting (loading the suite costs
// each about a second of CPU), so the time they run alone overlaps the start instead of adding a
// single-worker tail at the end of the run. The run tells how many it planned (planClockScenarios).

export const CLOCK_TAG = '@clock';

interface Pickleish {
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

/** Whether a free worker may start `pickle` while `running` run. */
export function canAssign(pickle: Pickleish, running: readonly Pickleish[]): boolean {
  if (movesClock(pickle)) {
    if (running.length) return false;
    plan[PLAN] = (plan[PLAN] ?? 0) - 1;
    return true;
  }
  return (plan[PLAN] ?? 0) <= 0 && !running.some(movesClock);
}
