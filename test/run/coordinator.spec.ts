// The run's coordinator (coordinator.ts) and its worker slots: several in one worker process
// (worker-host.ts, scenario-host.ts). Faults that trip it: the worker's index read from the process
// (every slot of a process would act for one PSU and end the others' SCA sessions), the scenario's
// operation kept once per process (a slot's set-up failure judged by another slot's operation), slots
// that do not run at the same time or lose scenarios, a lost worker process that hangs the run, and
// the Allure reporter fed while the slots run (or not to its end).
import { AsyncLocalStorage } from 'node:async_hooks';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workerIndex } from '../../src/session/psu-pool.ts';
import { ConformanceAssertionError, SetupFailure } from '../../src/session/errors.ts';
import { setScenarioOperation, setupFail } from '../../src/session/expect.ts';
import { coordinate, type Host } from '../../src/run/coordinator.ts';
import { hostProcesses } from '../../src/session/psu-pool.ts';
import { Schedule, type PlannedScenario } from '../../src/run/schedule.ts';
import { runSuite } from '../../src/run/run.ts';

const SLOT = Symbol.for('xs2a-conformance.worker-slot');
const g = globalThis as { [SLOT]?: AsyncLocalStorage<number> };

/** A host whose scenarios take `ms`; `dies` after that many runs (its process ended). */
function fakeHost(ms: number, dies = Infinity): Host & { ran: string[][] } {
  let runs = 0;
  const host = {
    ran: [] as string[][],
    lost: false,
    ready: Promise.resolve(),
    async run(_slot: number, where: readonly string[]) {
      await new Promise((r) => setTimeout(r, ms));
      if (++runs > dies) {
        host.lost = true;
        throw new Error('a worker process (pid 1) ended (SIGKILL)');
      }
      host.ran.push([...where]);
      return where.length;
    },
    end: async () => undefined,
  };
  return host;
}

const plan = (n: number): PlannedScenario[] =>
  Array.from({ length: n }, (_, i) => ({ id: `features/f${i % 3}.feature:${i + 1}`, clock: false }));

describe('coordinator', () => {
  // Fault that trips it: a scenario given twice or never (the plan's taken set ignored).
  it('runs every planned scenario once over the slots of its hosts', async () => {
    const a = fakeHost(2);
    const b = fakeHost(1);
    const unrun = await coordinate(new Schedule(plan(20), {}), [
      { id: 0, host: a },
      { id: 1, host: b },
      { id: 2, host: a },
    ]);
    expect(unrun).toEqual([]);
    const ran = [...a.ran, ...b.ran].flat().sort();
    expect(ran).toEqual(
      plan(20)
        .map((p) => p.id)
        .sort(),
    );
    expect(b.ran.length).toBeGreaterThan(0);
  });

  // Faults that trip it: a batch given without telling (the run would make its clause page after the
  // run, not during the clock lane), a batch told that no slot ran, a clock scenario counted among the
  // others not started (the page would never be made early).
  it('tells of each batch as its slot is given it; the schedule counts the others not yet started', async () => {
    const planned = [...plan(9), { id: 'features/clock.feature:1', clock: true }];
    const schedule = new Schedule(planned, {}, mkdtempSync(join(tmpdir(), 'xs2a-window-')), '0');
    expect(schedule.othersLeft).toBe(9);
    const told: string[][] = [];
    const othersLeftAtClock: number[] = [];
    const a = fakeHost(1);
    await coordinate(
      schedule,
      [
        { id: 0, host: a },
        { id: 1, host: a },
      ],
      undefined,
      (batch) => {
        told.push(batch.map((p) => p.id));
        if (batch[0].clock) othersLeftAtClock.push(schedule.othersLeft);
      },
    );
    expect(told).toEqual(a.ran);
    expect(othersLeftAtClock).toEqual([0]);
    expect(schedule.othersLeft).toBe(0);
  });

  // Faults that trip it: a lost host's slot asked again (its scenarios all lost), the run waiting for
  // an answer that never comes (a hang), every host lost and the run reported as done.
  it('reports the scenarios of a lost worker process, goes on in the others, and fails when all are lost', async () => {
    const dying = fakeHost(1, 2);
    const unrun = await coordinate(new Schedule(plan(12), {}), [
      { id: 0, host: dying },
      { id: 1, host: fakeHost(3) },
    ]);
    expect(unrun).toHaveLength(1);
    expect(unrun[0].reason).toMatch(/worker process .* ended/);
    await expect(coordinate(new Schedule(plan(12), {}), [{ id: 0, host: fakeHost(1, 1) }])).rejects.toThrow(
      /every worker slot was lost/,
    );
  });
});

describe('the first worker process', () => {
  // Fault that trips it: the worker process forked before the target was probed left running when the
  // run stops before its plan (it would wait for its setup until the run's process ends).
  it('is ended when the run stops before its plan (an unreachable target)', async () => {
    // This process's worker processes (esbuild's service, a child too, is not one).
    const children = () =>
      execFileSync('ps', ['--ppid', String(process.pid), '-o', 'args='], { encoding: 'utf8' })
        .split('\n')
        .filter((l) => /worker-host|host-[0-9a-f]+\.mjs/.test(l));
    const before = children();
    const r = await runSuite({
      target: 'http://127.0.0.1:1',
      parallel: 4,
      quiet: true,
      report: false,
      reportDir: mkdtempSync(join(tmpdir(), 'xs2a-early-')),
    });
    expect(r.exitCode).toBe(3);
    // Nor is one started after the run has returned.
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    expect(children()).toEqual(before);
  });
});

describe('worker slots', () => {
  afterEach(() => {
    delete g[SLOT];
  });

  it("a scenario reads its slot as its worker index; outside a slot, the process's worker id", async () => {
    const slots = (g[SLOT] = new AsyncLocalStorage<number>());
    const seen = await Promise.all(
      [3, 5].map((s) =>
        slots.run(s, async () => {
          await new Promise((r) => setTimeout(r, 5));
          return workerIndex();
        }),
      ),
    );
    expect(seen).toEqual([3, 5]);
    expect(workerIndex()).toBe(Number(process.env.CUCUMBER_WORKER_ID ?? 0));
    expect(workerIndex({ CUCUMBER_WORKER_ID: '7' })).toBe(7);
  });

  it("each slot judges its set-up failures by its own scenario's operation", async () => {
    const slots = (g[SLOT] = new AsyncLocalStorage<number>());
    const a = slots.run(1, async () => {
      setScenarioOperation('create-consent');
      await new Promise((r) => setTimeout(r, 10));
      try {
        setupFail('no consent', 'create-consent');
      } catch (e) {
        return e;
      }
    });
    const b = slots.run(2, async () => {
      setScenarioOperation('list-accounts');
      try {
        setupFail('no consent', 'create-consent');
      } catch (e) {
        return e;
      }
    });
    const [ea, eb] = await Promise.all([a, b]);
    expect(ea).toBeInstanceOf(ConformanceAssertionError);
    expect(eb).toBeInstanceOf(SetupFailure);
    slots.run(1, () => setScenarioOperation(undefined));
    slots.run(2, () => setScenarioOperation(undefined));
  });

  it('one process per core, never more than the workers', () => {
    expect(hostProcesses(8, 2)).toBe(2);
    expect(hostProcesses(2, 8)).toBe(2);
    expect(hostProcesses(1, 2)).toBe(1);
  });

  it('four workers in one process run their scenarios at the same time, and every one passes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-slots-'));
    const r = await runSuite({
      quiet: true,
      report: false,
      parallel: 4,
      processes: 1,
      tags: '@area:accounts and not @clock',
      reportDir: dir,
    });
    expect(r.exitCode).toBe(0);
    const res = r.verdict!.results;
    expect(res.length).toBeGreaterThan(8);
    expect(res.every((x) => x.outcome === 'passed' || x.outcome === 'not-applicable')).toBe(true);
    expect(new Set(res.map((x) => x.worker))).toEqual(new Set(['0', '1', '2', '3']));
    // Some two scenarios of different workers overlapped in time: the one process ran them together.
    const overlap = res.some((x) =>
      res.some((y) => x.worker !== y.worker && x.startedMs! < y.endedMs! && y.startedMs! < x.endedMs!),
    );
    expect(overlap).toBe(true);
    // The process's Allure reporter hears the scenarios once at most one runs (scenario-host.ts
    // feedWhenQuiet), and all of them by its end. Faults that trip it: the reporter fed as the messages
    // come (its first file is written as the first scenario ends, while the other slots run), and a
    // backlog left unheard at the end (files missing).
    const files = readdirSync(join(dir, 'allure-results')).filter((f) => f.endsWith('-result.json'));
    expect(files.length).toBe(res.length);
    // One container a hook: the Before hook and the one After hook (steps/support/hooks.ts). Fault that
    // trips it: a second After hook (a container more per scenario).
    const containers = readdirSync(join(dir, 'allure-results')).filter((f) => f.endsWith('-container.json'));
    expect(containers.length).toBe(2 * res.length);
    const ends = res.map((x) => x.endedMs!).sort((a, b) => a - b);
    const runStart = Date.parse(r.run!.startedAt);
    // When each file was made (the run's end rewrites them: their mtimes are all the end's).
    const firstWritten = Math.min(...files.map((f) => statSync(join(dir, 'allure-results', f)).birthtimeMs));
    expect(firstWritten).toBeGreaterThan(0);
    expect(firstWritten - runStart).toBeGreaterThan(ends[Math.floor(ends.length / 2)]);
  }, 120_000);
});
