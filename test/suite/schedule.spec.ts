// Which scenario a free worker may start (schedule.ts). Faults that trip it: a clock scenario
// assigned beside another (its clock move would expire the other's sessions), a scenario assigned
// beside a running clock scenario, and the other scenarios started before the planned clock ones.
import { describe, expect, it, vi } from 'vitest';
import { canAssign, planClockScenarios, planOrder } from '../../src/suite/schedule.ts';

const p = (...tags: string[]) => ({ tags: tags.map((name) => ({ name })) });
const clock = p('@clock', '@must');
const plain = p('@must');

describe('schedule', () => {
  it('a clock scenario runs alone: never beside another scenario, and none beside it', () => {
    planClockScenarios(0);
    expect(canAssign(clock, [plain])).toBe(false);
    expect(canAssign(plain, [clock])).toBe(false);
    expect(canAssign(plain, [plain])).toBe(true);
    expect(canAssign(clock, [])).toBe(true);
  });

  it('the planned clock scenarios run first: the others wait until the last one has started', () => {
    planClockScenarios(2);
    expect(canAssign(plain, [])).toBe(false);
    expect(canAssign(clock, [])).toBe(true);
    expect(canAssign(plain, [clock])).toBe(false);
    expect(canAssign(plain, [])).toBe(false);
    expect(canAssign(clock, [])).toBe(true);
    expect(canAssign(plain, [clock])).toBe(false);
    expect(canAssign(plain, [])).toBe(true);
    planClockScenarios(0);
  });
});

describe('schedule across module copies', () => {
  // In a parallel run the step definitions ask canAssign from their bundle (steps-bundle.ts), another
  // copy of schedule.ts than the one the run planned with. Fault that trips it: the plan kept in the
  // module (the copy would see no plan, and the other scenarios would start before the clock ones).
  it('a second copy of the module sees the plan the run made', async () => {
    vi.resetModules();
    const copy = (await import('../../src/suite/schedule.ts')) as typeof import('../../src/suite/schedule.ts');
    expect(copy.canAssign).not.toBe(canAssign);
    planClockScenarios(1);
    expect(copy.canAssign(plain, [])).toBe(false);
    expect(copy.canAssign(clock, [])).toBe(true);
    expect(canAssign(plain, [])).toBe(true);
    planClockScenarios(0);
  });
});

describe('schedule: long ones first', () => {
  // Faults that trip it: the order ignored (a long scenario started last becomes the run's tail), the
  // clock scenarios not first, the short ones reordered (a feature's scenarios apart: more SCAs), and
  // a scenario outside the plan held back forever.
  const at = (line: number, ...tags: string[]) => ({ uri: 'features/x.feature', location: { line }, tags: tags.map((name) => ({ name })) });
  it('starts the clock scenarios, then the long ones longest first, then the others in the plan\'s order', () => {
    const plan = [1, 2, 3, 4, 5, 6].map((line) => ({ id: `features/x.feature:${line}`, clock: line === 4 }));
    // Median 10 ms: 2 (400 ms) and 6 (60 ms) are long; 5 is unknown, so not long.
    const ms = { 'features/x.feature:1': 10, 'features/x.feature:2': 400, 'features/x.feature:3': 9, 'features/x.feature:4': 5, 'features/x.feature:6': 60 };
    planClockScenarios(1);
    planOrder(plan, ms);
    const todo = [at(1), at(2), at(3), at(4, '@clock'), at(5), at(6)];
    const running: ReturnType<typeof at>[] = [];
    const next = () => {
      const i = todo.findIndex((p) => canAssign(p, running));
      return i < 0 ? undefined : todo.splice(i, 1)[0].location.line;
    };
    expect([next(), next(), next(), next(), next(), next(), next()]).toEqual([4, 2, 6, 1, 3, 5, undefined]);
    // A scenario the plan does not hold is never held back.
    expect(canAssign(at(99), [])).toBe(true);
    planOrder([], {});
    planClockScenarios(0);
  });
  // Fault that trips it: the CORPORATE scenarios left where the plan has them (each change of
  // context ends the kept PSU session of the other: 8 more SCAs against the reference bank).
  it('starts the CORPORATE scenarios last, together, in the plan\'s order', () => {
    const plan = [1, 2, 3, 4, 5].map((line) => ({ id: `features/x.feature:${line}`, clock: false, corporate: line === 2 || line === 4 }));
    planOrder(plan, {});
    const todo = [at(1), at(2), at(3), at(4), at(5)];
    const next = () => {
      const i = todo.findIndex((p) => canAssign(p, []));
      return i < 0 ? undefined : todo.splice(i, 1)[0].location.line;
    };
    expect([next(), next(), next(), next(), next()]).toEqual([1, 3, 5, 2, 4]);
    planOrder([], {});
  });
});
