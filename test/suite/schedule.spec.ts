// Which scenario a free worker may start (schedule.ts). Faults that trip it: a clock scenario
// assigned beside another (its clock move would expire the other's sessions), a scenario assigned
// beside a running clock scenario, and the other scenarios started before the planned clock ones.
import { describe, expect, it, vi } from 'vitest';
import { canAssign, planClockScenarios } from '../../src/suite/schedule.ts';

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
