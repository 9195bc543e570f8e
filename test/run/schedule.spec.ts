// Which scenario a free worker slot starts next (schedule.ts), and the clock window (clock-window.ts).
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { abandon, admit, enterUnlessWindow, leaveWindow, openWindow } from '../../src/session/clock-window.ts';
import { pinScenarios, Schedule, type PlannedScenario } from '../../src/run/schedule.ts';

const sc = (id: string, o: Partial<PlannedScenario> = {}): PlannedScenario => ({ id, clock: false, ...o });
/** Asks `s` for worker `w`'s next scenario while `running` run: its id, marked running on `w`. */
const give = (s: Schedule, w: string, running: Map<string, PlannedScenario>): string | undefined => {
  const p = s.next(w, [...running.values()]);
  if (p) running.set(w, p);
  return p?.id;
};

describe('schedule without a clock window', () => {
  // Faults that trip it: a clock scenario started beside another (its clock move would expire the
  // other's sessions), a scenario started beside a running clock scenario.
  it('a clock scenario runs alone: never beside another scenario, and none beside it', () => {
    const s = new Schedule([sc('f:1', { clock: true }), sc('f:2'), sc('f:3')], {});
    const running = new Map<string, PlannedScenario>();
    expect(give(s, '0', running)).toBe('f:1');
    expect(give(s, '1', running)).toBeUndefined();
    running.delete('0');
    expect(give(s, '0', running)).toBe('f:2');
    expect(give(s, '1', running)).toBe('f:3');
    expect(s.left).toBe(0);
  });

  it('a clock scenario waits until nothing runs', () => {
    const s = new Schedule([sc('f:1'), sc('f:2', { clock: true })], {});
    // The plan puts the clock one first: with f:1 running (started outside the order), it waits.
    expect(s.next('0', [sc('f:9')])).toBeUndefined();
    expect(s.next('0', [])?.id).toBe('f:2');
  });
});

describe('schedule with a clock window', () => {
  // Faults that trip it: a scenario held back for a clock scenario's whole length (its set-up could
  // run beside it), one started while the window is wanted, the mover not waiting for one that runs,
  // two clock scenarios at once, and a marker left by a scenario that was not started.
  const dir = () => mkdtempSync(join(tmpdir(), 'xs2a-window-'));

  it('runs other scenarios beside a clock scenario until it moves the clock, and none from then until it ends', async () => {
    const d = dir();
    const s = new Schedule([sc('c', { clock: true }), sc('c2', { clock: true }), sc('a'), sc('b')], {}, d);
    const running = new Map<string, PlannedScenario>();
    expect(give(s, '0', running)).toBe('c');
    // The second clock scenario waits while the first runs; the others start beside it.
    expect(give(s, '1', running)).toBe('a');
    let opened = false;
    const opening = openWindow(d, 'c', 5_000).then((ok) => (opened = ok));
    await new Promise((r) => setTimeout(r, 50));
    expect(opened).toBe(false);
    expect(give(s, '2', running)).toBeUndefined();
    expect(readdirSync(join(d, 'running')).sort()).toEqual(['a', 'c']);
    leaveWindow(d, 'a', false);
    running.delete('1');
    await opening;
    expect(opened).toBe(true);
    expect(give(s, '1', running)).toBeUndefined();
    leaveWindow(d, 'c', true);
    running.delete('0');
    expect(give(s, '0', running)).toBe('c2');
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
    const s = new Schedule([sc('y:1', { clock: true }), sc('y:2', { clock: true }), sc('y:3')], {}, d);
    const running = new Map<string, PlannedScenario>();
    expect(give(s, '0', running)).toBe('y:1');
    expect(give(s, '1', running)).toBe('y:3');
    running.delete('0');
    expect(give(s, '0', running)).toBe('y:2');
    rmSync(d, { recursive: true, force: true });
  });
});

describe('schedule: the clock lane', () => {
  // Faults that trip it: a clock scenario started on a slot other than the lane (its PSU session and
  // sandbox data made again there, and it waits for a slot to come free), the lane's clock scenarios
  // started while others may start (their set-ups under the others' load, and the first window waits
  // for the longest of them), the other slots held back while the lane has clock scenarios left, and
  // two clock scenarios at once.
  it('the lane takes the others while any may start, then the clock scenarios, one at a time', () => {
    const d = mkdtempSync(join(tmpdir(), 'xs2a-window-'));
    const plan = [sc('l:1', { clock: true }), sc('l:2', { clock: true }), sc('l:3'), sc('l:4'), sc('l:5')];
    const s = new Schedule(plan, {}, d, '0');
    const running = new Map<string, PlannedScenario>();
    expect(give(s, '1', running)).toBe('l:3');
    expect(give(s, '0', running)).toBe('l:4');
    expect(give(s, '2', running)).toBe('l:5');
    running.delete('0');
    expect(give(s, '0', running)).toBe('l:1');
    running.delete('1');
    expect(give(s, '1', running)).toBeUndefined();
    running.delete('0');
    expect(give(s, '0', running)).toBe('l:2');
    expect(s.left).toBe(0);
    rmSync(d, { recursive: true, force: true });
  });
});

describe('schedule: @alone', () => {
  // Faults that trip it: a scenario started before the @alone one, or beside it, and the @alone one started beside
  // another.
  it('runs an @alone scenario with no other, before all of them', () => {
    const s = new Schedule([sc('z:1'), sc('z:2', { alone: true }), sc('z:3', { clock: true })], {});
    const running = new Map<string, PlannedScenario>();
    expect(s.next('0', [sc('z:9')])).toBeUndefined();
    expect(give(s, '0', running)).toBe('z:2');
    expect(give(s, '1', running)).toBeUndefined();
    running.delete('0');
    expect(give(s, '0', running)).toBe('z:3');
    expect(give(s, '1', running)).toBeUndefined();
    running.delete('0');
    expect(give(s, '1', running)).toBe('z:1');
  });
});

describe('schedule: long ones first', () => {
  // Faults that trip it: the order ignored (a long scenario started last becomes the run's tail), the
  // clock scenarios not first, the short ones reordered (a feature's scenarios apart: more SCAs).
  it("starts the clock scenarios, then the long ones longest first, then the others in the plan's order", () => {
    const plan = [1, 2, 3, 4, 5, 6].map((line) => sc(`x:${line}`, { clock: line === 4 }));
    // Median 10 ms: 2 (400 ms) and 6 (60 ms) are long; 5 is unknown, so not long.
    const ms = { 'x:1': 10, 'x:2': 400, 'x:3': 9, 'x:4': 5, 'x:6': 60 };
    const s = new Schedule(plan, ms);
    const order = Array.from({ length: 7 }, () => s.next('0', [])?.id);
    expect(order).toEqual(['x:4', 'x:2', 'x:6', 'x:1', 'x:3', 'x:5', undefined]);
  });

  // Fault that trips it: the clock scenarios in the plan's order (the lane's first set-up, which runs
  // beside the others' tail, a short one: its window then waits for that tail).
  it('takes the clock scenarios longest first, the unknown ones last in the plan order', () => {
    const plan = [1, 2, 3, 4, 5].map((line) => sc(`k:${line}`, { clock: true }));
    const s = new Schedule(plan, { 'k:1': 300, 'k:2': 1_000, 'k:4': 500 });
    const order = Array.from({ length: 6 }, () => s.next('0', [])?.id);
    expect(order).toEqual(['k:2', 'k:4', 'k:1', 'k:3', 'k:5', undefined]);
  });
});

describe('schedule: batches', () => {
  // Several scenarios of one feature file run in one cucumber run. Faults that trip it: a batch across
  // feature files (one run has one file's lines), a group's scenario or a clock one in a batch (it
  // must start on its own terms), a batch past its bound (the run's tail), a batch out of plan order.
  it('takes the scenarios that follow in the plan, of one file, of no group, within the bound', () => {
    const plan = [
      sc('a.feature:1'),
      sc('a.feature:2'),
      sc('a.feature:3', { identity: 'second' }),
      sc('a.feature:4'),
      sc('a.feature:5'),
      sc('b.feature:1'),
      sc('b.feature:2', { clock: true }),
    ];
    const s = new Schedule(plan, {});
    const ids = (b: PlannedScenario[]) => b.map((p) => p.id);
    expect(ids(s.nextBatch('0', [], { max: 12, ms: 1_000 }))).toEqual(['b.feature:2']);
    expect(ids(s.nextBatch('0', [], { max: 12, ms: 1_000 }))).toEqual(['a.feature:1', 'a.feature:2']);
    expect(ids(s.nextBatch('0', [], { max: 12, ms: 1_000 }))).toEqual(['a.feature:3']);
    expect(ids(s.nextBatch('0', [], { max: 1, ms: 1_000 }))).toEqual(['a.feature:4']);
    expect(ids(s.nextBatch('0', [], { max: 12, ms: 1_000 }))).toEqual(['a.feature:5']);
    expect(ids(s.nextBatch('0', [], { max: 12, ms: 1_000 }))).toEqual(['b.feature:1']);
    expect(s.left).toBe(0);
  });

  // Faults that trip it: batch members marked running in the clock window as the batch is given (the
  // mover would wait for the whole batch: seconds across a network), no batches beside a clock
  // scenario (a cucumber run per scenario: about 4 s more CPU in bench:latency), a batch member that
  // starts while the window is wanted, and one that never starts once the window has ended.
  it('gives batches beside a clock scenario; the mover waits for the scenario a slot runs, not the rest of its batch', async () => {
    const d = mkdtempSync(join(tmpdir(), 'xs2a-window-'));
    const plan = [sc('d.feature:1', { clock: true }), sc('d.feature:2'), sc('d.feature:3'), sc('d.feature:4')];
    const s = new Schedule(plan, {}, d);
    const clock = s.nextBatch('0', []);
    expect(clock.map((p) => p.id)).toEqual(['d.feature:1']);
    const batch = s.nextBatch('1', clock);
    expect(batch.map((p) => p.id)).toEqual(['d.feature:2', 'd.feature:3', 'd.feature:4']);
    // Only the first is marked by the coordinator; it is admitted at once, as it was marked.
    expect(readdirSync(join(d, 'running')).sort()).toEqual(['d.feature_1', 'd.feature_2']);
    expect(await admit(d, 'd.feature:2')).toBe(0);
    // The mover waits for d.feature:2 only.
    let opened = false;
    const opening = openWindow(d, 'd.feature:1', 5_000).then((ok) => (opened = ok));
    leaveWindow(d, 'd.feature:2', false);
    await opening;
    expect(opened).toBe(true);
    // The next of the batch waits while the window is open, and starts once it ends.
    let admitted = false;
    const next = admit(d, 'd.feature:3').then(() => (admitted = true));
    await new Promise((r) => setTimeout(r, 60));
    expect(admitted).toBe(false);
    expect(readdirSync(join(d, 'running'))).toEqual(['d.feature_1']);
    leaveWindow(d, 'd.feature:1', true);
    await next;
    expect(readdirSync(join(d, 'running'))).toEqual(['d.feature_3']);
    rmSync(d, { recursive: true, force: true });
  });

  // Fault that trips it: a lost host's clock scenario leaves the window wanted (nothing would start again).
  it("a lost host's scenarios leave the window, and the window their clock scenario wanted", async () => {
    const d = mkdtempSync(join(tmpdir(), 'xs2a-window-'));
    expect(enterUnlessWindow(d, 'mover')).toBe(true);
    expect(await openWindow(d, 'mover', 1_000)).toBe(true);
    expect(enterUnlessWindow(d, 'other')).toBe(false);
    abandon(d, 'mover');
    expect(enterUnlessWindow(d, 'other')).toBe(true);
    rmSync(d, { recursive: true, force: true });
  });

  // Fault that trips it: two long scenarios of one file in one batch, one after the other on one slot
  // (bench:latency: every country code, then every currency code, 12.5 s on one worker: the run's tail).
  it('runs a long scenario in a batch of its own', () => {
    const plan = [1, 2, 3, 4, 5, 6, 7].map((l) => sc(`e.feature:${l}`));
    const ms = { 'e.feature:1': 430, 'e.feature:2': 296, 'e.feature:3': 10, 'e.feature:4': 10, 'e.feature:5': 10 };
    const s = new Schedule(plan, ms);
    const batch = () => s.nextBatch('0', [], { max: 12, ms: 1_000 }).map((p) => p.id);
    expect(batch()).toEqual(['e.feature:1']);
    expect(batch()).toEqual(['e.feature:2']);
    expect(batch()).toEqual(['e.feature:3', 'e.feature:4', 'e.feature:5', 'e.feature:6', 'e.feature:7']);
  });

  it('stops a batch at its recorded time', () => {
    const plan = [1, 2, 3, 4].map((l) => sc(`c.feature:${l}`));
    const s = new Schedule(plan, { 'c.feature:1': 30, 'c.feature:2': 30, 'c.feature:3': 30, 'c.feature:4': 30 });
    expect(s.nextBatch('0', [], { max: 12, ms: 70 }).map((p) => p.id)).toEqual(['c.feature:1', 'c.feature:2']);
  });
});

describe('schedule: groups of one PSU session', () => {
  // Faults that trip it: the CORPORATE scenarios left where the plan has them or last (the worker that
  // runs them would wait for nothing else to do), their order within the group ignored (the private
  // ones after a CORPORATE SCA: an SCA more each), an other TPP's scenarios apart.
  it("starts the CORPORATE group after the long ones, the private ones first, then its own SCA, then the rest; an other TPP's group where its first one is", () => {
    const s = new Schedule(
      [
        sc('g:1'),
        sc('g:2', { corporate: true, steps: ['a corporate PSU who has completed SCA'] }),
        sc('g:3', { identity: 'second' }),
        sc('g:4', {
          corporate: true,
          steps: ['the TPP knows no PSU yet', 'the PSU completes the SCA in the CORPORATE context'],
        }),
        sc('g:5'),
        sc('g:6', { identity: 'second' }),
        sc('g:7', {
          corporate: true,
          steps: ['a private PSU who has completed SCA', 'the PSU completes the SCA in the CORPORATE context'],
        }),
        sc('g:8'),
      ],
      {},
    );
    const order = Array.from({ length: 9 }, () => s.next('0', [])?.id);
    expect(order).toEqual(['g:7', 'g:4', 'g:2', 'g:1', 'g:3', 'g:6', 'g:5', 'g:8', undefined]);
  });

  // Faults that trip it: two of a group at once (the second's SCA would end the first's session), a
  // group's next scenario started on another worker (its kept session is not there: an SCA more),
  // and a worker idle while a group waits (the group not skipped).
  it('runs a group one at a time on the worker that started it; the other worker takes the rest meanwhile', () => {
    const s = new Schedule(
      [
        sc('g:1', { corporate: true }),
        sc('g:2', { corporate: true }),
        sc('g:3', { corporate: true }),
        sc('g:4'),
        sc('g:5'),
        sc('g:6'),
      ],
      {},
    );
    const running = new Map<string, PlannedScenario>();
    const done = (w: string) => running.delete(w);
    expect(give(s, '1', running)).toBe('g:1');
    // Worker 0 may not start the group's next one while the first runs: it takes the rest.
    expect(give(s, '0', running)).toBe('g:4');
    done('0');
    expect(give(s, '0', running)).toBe('g:5');
    done('1');
    done('0');
    // Both free: worker 0 is asked first, but the group stays with worker 1.
    expect(give(s, '0', running)).toBe('g:6');
    expect(give(s, '1', running)).toBe('g:2');
    done('0');
    expect(give(s, '0', running)).toBeUndefined();
    done('1');
    expect(give(s, '1', running)).toBe('g:3');
  });
});

describe('scenarios whose rule counts the time since their SCA', () => {
  // A kept PSU session's SCA may be up to its hour old when a scenario takes it, so a scenario that
  // moves the clock by less than a couple of hours after "a private PSU who has completed SCA" must
  // make its own (@fresh-sca). Fault that trips it: the tag left off the 59-minute scenario (its
  // 59 minutes would count from an older SCA: a false failure).
  it('carry @fresh-sca when their first clock move after the SCA is shorter than two hours', async () => {
    const { scenarios } = await import('../../src/report/coverage.ts');
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

describe('schedule: scenarios pinned to the slot that makes their data', () => {
  // A variant of sandbox data is made by one worker slot, so the scenario that asks for it runs there.
  // Faults that trip it: no pins (every slot would make every variant), a pin on the clock lane or on a
  // clock, alone or group scenario, a pinned scenario given to another slot (alone or in a batch), and
  // a lost slot's pinned scenario left to wait forever.
  it('pins round robin over the slots but the lane, from the last, and gives a pinned scenario to its slot only', () => {
    const asks = new Set(['a.feature:2', 'a.feature:3', 'a.feature:4', 'c.feature:1', 'c.feature:2', 'c.feature:3']);
    const plan = pinScenarios(
      [
        sc('a.feature:1'),
        sc('a.feature:2'),
        sc('a.feature:3'),
        sc('a.feature:4'),
        sc('a.feature:5'),
        sc('c.feature:1', { clock: true }),
        sc('c.feature:2', { alone: true }),
        sc('c.feature:3', { corporate: true }),
      ],
      3,
      (p) => asks.has(p.id),
    );
    expect(plan.map((p) => p.slot)).toEqual([undefined, '2', '1', '2', undefined, undefined, undefined, undefined]);
    expect(pinScenarios([sc('a.feature:2')], 1, () => true)[0].slot).toBeUndefined();
    const s = new Schedule(plan.slice(0, 5), {});
    const ids = (b: PlannedScenario[]) => b.map((p) => p.id);
    // Slot 1 skips the ones pinned to slot 2, and its batch stops before one.
    expect(ids(s.nextBatch('1', [], { max: 12, ms: 1_000 }))).toEqual(['a.feature:1']);
    expect(ids(s.nextBatch('1', [], { max: 12, ms: 1_000 }))).toEqual(['a.feature:3']);
    expect(ids(s.nextBatch('1', [], { max: 12, ms: 1_000 }))).toEqual(['a.feature:5']);
    expect(s.nextBatch('1', [], { max: 12, ms: 1_000 })).toEqual([]);
    expect(ids(s.nextBatch('2', [], { max: 1, ms: 1_000 }))).toEqual(['a.feature:2']);
    // Slot 2 is lost: its pinned scenario goes to another.
    s.release('2');
    expect(ids(s.nextBatch('0', [], { max: 12, ms: 1_000 }))).toEqual(['a.feature:4']);
    expect(s.left).toBe(0);
  });
});
