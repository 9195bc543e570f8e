// Which scenario a free worker may start (schedule.ts), and the clock window (clock-window.ts).
// Faults that trip it: a clock scenario assigned beside another (its clock move would expire the
// other's sessions), a scenario assigned beside a clock scenario that has the clock moved, and the
// other scenarios started before the planned clock ones.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { enterUnlessWindow, leaveWindow, openWindow } from '../../src/session/clock-window.ts';
import { askingFor, canAssign, planOrder, type PlannedScenario } from '../../src/suite/schedule.ts';

let n = 0;
const p = (...tags: string[]) => ({ id: `pickle-${++n}`, tags: tags.map((name) => ({ name })) });
const clock = p('@clock', '@must');
const plain = p('@must');

describe('schedule without a clock window', () => {
  it('a clock scenario runs alone: never beside another scenario, and none beside it', () => {
    planOrder([], {});
    expect(canAssign(clock, [plain])).toBe(false);
    expect(canAssign(plain, [clock])).toBe(false);
    expect(canAssign(plain, [plain])).toBe(true);
    expect(canAssign(clock, [])).toBe(true);
  });
});

describe('schedule with a clock window', () => {
  // Faults that trip it: a scenario held back for a clock scenario's whole length (its set-up could
  // run beside it), one started while the window is wanted, the mover not waiting for one that runs,
  // two clock scenarios at once, and a marker left by a scenario that was not started.
  const dir = () => mkdtempSync(join(tmpdir(), 'xs2a-window-'));

  it('runs other scenarios beside a clock scenario until it moves the clock, and none from then until it ends', async () => {
    const d = dir();
    planOrder([], {}, d);
    const c = p('@clock');
    const a = p();
    const b = p();
    expect(canAssign(c, [])).toBe(true);
    expect(canAssign(a, [c])).toBe(true);
    expect(canAssign(p('@clock'), [c, a])).toBe(false);
    let opened = false;
    const opening = openWindow(d, c.id, 5_000).then((ok) => (opened = ok));
    await new Promise((r) => setTimeout(r, 50));
    expect(opened).toBe(false);
    expect(canAssign(b, [c, a])).toBe(false);
    expect(readdirSync(join(d, 'running')).sort()).toEqual([a.id, c.id].sort());
    leaveWindow(d, a.id, false);
    await opening;
    expect(opened).toBe(true);
    expect(canAssign(b, [c])).toBe(false);
    leaveWindow(d, c.id, true);
    expect(canAssign(b, [])).toBe(true);
    planOrder([], {});
    rmSync(d, { recursive: true, force: true });
  });

  it('gives up waiting after its time, with the window still wanted', async () => {
    const d = dir();
    expect(enterUnlessWindow(d, 'other')).toBe(true);
    expect(await openWindow(d, 'mover', 30)).toBe(false);
    expect(enterUnlessWindow(d, 'next')).toBe(false);
    expect(readdirSync(join(d, 'running'))).toEqual(['other']);
    rmSync(d, { recursive: true, force: true });
  });

  it('starts the planned clock scenarios before the others whenever none runs', () => {
    const d = dir();
    const at = (line: number, ...tags: string[]) => ({
      id: `id-${line}`,
      uri: 'features/y.feature',
      location: { line },
      tags: tags.map((name) => ({ name })),
    });
    planOrder(
      [1, 2, 3].map((line) => ({ id: `features/y.feature:${line}`, clock: line !== 3 })),
      {},
      d,
    );
    expect(canAssign(at(3), [])).toBe(false);
    expect(canAssign(at(1, '@clock'), [])).toBe(true);
    expect(canAssign(at(2, '@clock'), [at(1, '@clock')])).toBe(false);
    expect(canAssign(at(3), [at(1, '@clock')])).toBe(true);
    planOrder([], {});
    rmSync(d, { recursive: true, force: true });
  });
});

describe('schedule: @alone', () => {
  // Faults that trip it: a scenario started before the @alone one, or beside it, and the @alone one started beside another.
  it('runs an @alone scenario with no other, before all of them', () => {
    const at = (line: number, ...tags: string[]) => ({
      uri: 'features/z.feature',
      location: { line },
      tags: tags.map((name) => ({ name })),
    });
    planOrder(
      [1, 2, 3].map((line) => ({ id: `features/z.feature:${line}`, clock: line === 3, alone: line === 2 })),
      {},
    );
    expect(canAssign(at(1), [])).toBe(false);
    expect(canAssign(at(3, '@clock'), [])).toBe(false);
    expect(canAssign(at(2, '@alone'), [at(9)])).toBe(false);
    expect(canAssign(at(2, '@alone'), [])).toBe(true);
    expect(canAssign(at(3, '@clock'), [at(2, '@alone')])).toBe(false);
    expect(canAssign(at(3, '@clock'), [])).toBe(true);
    planOrder([], {});
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
    const at = (line: number, ...tags: string[]) => ({
      uri: 'features/w.feature',
      location: { line },
      tags: tags.map((name) => ({ name })),
    });
    planOrder(
      [1, 2].map((line) => ({ id: `features/w.feature:${line}`, clock: line === 1 })),
      {},
    );
    expect(copy.canAssign(at(2), [])).toBe(false);
    expect(copy.canAssign(at(1, '@clock'), [])).toBe(true);
    expect(canAssign(at(2), [])).toBe(true);
    planOrder([], {});
  });
});

describe('schedule: long ones first', () => {
  // Faults that trip it: the order ignored (a long scenario started last becomes the run's tail), the
  // clock scenarios not first, the short ones reordered (a feature's scenarios apart: more SCAs), and
  // a scenario outside the plan held back forever.
  const at = (line: number, ...tags: string[]) => ({
    uri: 'features/x.feature',
    location: { line },
    tags: tags.map((name) => ({ name })),
  });
  it("starts the clock scenarios, then the long ones longest first, then the others in the plan's order", () => {
    const plan = [1, 2, 3, 4, 5, 6].map((line) => ({ id: `features/x.feature:${line}`, clock: line === 4 }));
    // Median 10 ms: 2 (400 ms) and 6 (60 ms) are long; 5 is unknown, so not long.
    const ms = {
      'features/x.feature:1': 10,
      'features/x.feature:2': 400,
      'features/x.feature:3': 9,
      'features/x.feature:4': 5,
      'features/x.feature:6': 60,
    };
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
  });
});

describe('schedule: groups of one PSU session', () => {
  // The CORPORATE scenarios, and each other TPP's, share a PSU session other than the worker's own: one
  // at a time, on the worker that started the first of them (askingFor: the coordinator names the
  // worker it asks for), while the other workers go on with the rest.
  const at = (line: number, ...tags: string[]) => ({
    uri: 'features/g.feature',
    location: { line },
    tags: tags.map((name) => ({ name })),
  });
  const sc = (line: number, o: Partial<PlannedScenario> = {}): PlannedScenario => ({
    id: `features/g.feature:${line}`,
    clock: false,
    ...o,
  });
  /** The coordinator's search for worker `w`: the first of `todo` it may start, taken out and marked running on `w`. */
  const give = (
    w: string,
    todo: ReturnType<typeof at>[],
    running: Map<string, ReturnType<typeof at>>,
  ): number | undefined => {
    askingFor(w);
    try {
      const i = todo.findIndex((p) => canAssign(p, [...running.values()]));
      if (i < 0) return undefined;
      const [p] = todo.splice(i, 1);
      running.set(w, p);
      return p.location.line;
    } finally {
      askingFor(undefined);
    }
  };

  // Faults that trip it: the CORPORATE scenarios left where the plan has them or last (the worker that
  // runs them would wait for nothing else to do), their order within the group ignored (the private
  // ones after a CORPORATE SCA: an SCA more each), an other TPP's scenarios apart.
  it("starts the CORPORATE group after the long ones, the private ones first, then its own SCA, then the rest; an other TPP's group where its first one is", () => {
    planOrder(
      [
        sc(1),
        sc(2, { corporate: true, steps: ['a corporate PSU who has completed SCA'] }),
        sc(3, { identity: 'second' }),
        sc(4, {
          corporate: true,
          steps: ['the TPP knows no PSU yet', 'the PSU completes the SCA in the CORPORATE context'],
        }),
        sc(5),
        sc(6, { identity: 'second' }),
        sc(7, {
          corporate: true,
          steps: ['a private PSU who has completed SCA', 'the PSU completes the SCA in the CORPORATE context'],
        }),
        sc(8),
      ],
      {},
    );
    const todo = [1, 2, 3, 4, 5, 6, 7, 8].map((l) => at(l));
    const order: Array<number | undefined> = [];
    for (let i = 0; i < 9; i++) {
      const running = new Map<string, ReturnType<typeof at>>();
      order.push(give('0', todo, running));
    }
    expect(order).toEqual([7, 4, 2, 1, 3, 6, 5, 8, undefined]);
    planOrder([], {});
  });

  // Faults that trip it: two of a group at once (the second's SCA would end the first's session), a
  // group's next scenario started on another worker (its kept session is not there: an SCA more),
  // and a worker idle while a group waits (the group not skipped).
  it('runs a group one at a time on the worker that started it; the other worker takes the rest meanwhile', () => {
    planOrder(
      [sc(1, { corporate: true }), sc(2, { corporate: true }), sc(3, { corporate: true }), sc(4), sc(5), sc(6)],
      {},
    );
    const todo = [1, 2, 3, 4, 5, 6].map((l) => at(l));
    const running = new Map<string, ReturnType<typeof at>>();
    const done = (w: string) => running.delete(w);
    expect(give('1', todo, running)).toBe(1);
    // Worker 0 may not start the group's next one while the first runs: it takes the rest.
    expect(give('0', todo, running)).toBe(4);
    done('0');
    expect(give('0', todo, running)).toBe(5);
    done('1');
    done('0');
    // Both free: worker 0 is asked first, but the group stays with worker 1.
    expect(give('0', todo, running)).toBe(6);
    expect(give('1', todo, running)).toBe(2);
    done('0');
    expect(give('0', todo, running)).toBeUndefined();
    done('1');
    expect(give('1', todo, running)).toBe(3);
    planOrder([], {});
  });

  // Where cucumber names no worker (askingFor never called), a group still runs one at a time.
  it('without a named worker runs a group one at a time on any worker', () => {
    planOrder([sc(1, { identity: 'aiOnly' }), sc(2, { identity: 'aiOnly' }), sc(3)], {});
    expect(canAssign(at(1), [])).toBe(true);
    expect(canAssign(at(2), [at(1)])).toBe(false);
    expect(canAssign(at(3), [at(1)])).toBe(true);
    expect(canAssign(at(2), [at(3)])).toBe(true);
    planOrder([], {});
  });
});

describe('scenarios whose rule counts the time since their SCA', () => {
  // A kept PSU session's SCA may be up to its hour old when a scenario takes it, so a scenario that
  // moves the clock by less than a couple of hours after "a private PSU who has completed SCA" must
  // make its own (@fresh-sca). Fault that trips it: the tag left off the 59-minute scenario (its
  // 59 minutes would count from an older SCA: a false failure).
  it('carry @fresh-sca when their first clock move after the SCA is shorter than two hours', async () => {
    const { scenarios } = await import('../../src/suite/coverage.ts');
    const seconds = (text: string): number | undefined => {
      const m = /^(\d+) minutes pass at the bank$/.exec(text) ?? undefined;
      if (m) return Number(m[1]) * 60;
      const h = /^the target's clock moves (\d+) hours(?: and (\d+) minutes?)? on$/.exec(text);
      if (h) return Number(h[1]) * 3600 + Number(h[2] ?? 0) * 60;
      const d = /^the target's clock moves (\d+) days on$/.exec(text);
      return d ? Number(d[1]) * 86400 : undefined;
    };
    const short = scenarios(process.cwd()).filter((s) => {
      const sca = s.steps.findIndex((st) => st.text === 'a private PSU who has completed SCA');
      const move = s.steps
        .slice(sca + 1)
        .map((st) => seconds(st.text))
        .find((x) => x !== undefined);
      return sca >= 0 && move !== undefined && move < 2 * 3600;
    });
    expect(short.map((s) => s.where).length).toBeGreaterThan(0);
    expect(short.filter((s) => !s.tags.includes('@fresh-sca')).map((s) => s.where)).toEqual([]);
  });
});
