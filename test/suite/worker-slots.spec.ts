// Several workers ("slots") in one worker process (worker-slots.ts, worker-host.cjs). Faults that trip
// it: the worker's index read from the process (every slot of a process would act for one PSU and end
// the others' SCA sessions), the scenario's operation kept once per process (a slot's set-up failure
// judged by another slot's operation), and slots that do not run at the same time or lose scenarios.
import { AsyncLocalStorage } from 'node:async_hooks';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { workerIndex } from '../../src/session/psu-pool.ts';
import { ConformanceAssertionError, SetupFailure } from '../../src/session/errors.ts';
import { setScenarioOperation, setupFail } from '../../src/session/expect.ts';
import { createRequire } from 'node:module';
import { hostProcesses, nameAskingWorker } from '../../src/suite/worker-slots.ts';
import { runSuite } from '../../src/suite/run.ts';

const SLOT = Symbol.for('xs2a-conformance.worker-slot');
const g = globalThis as { [SLOT]?: AsyncLocalStorage<number> };

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

  // The schedule keeps a group of scenarios on one worker only where it knows which worker the
  // coordinator looks for a scenario for. Fault that trips it: cucumber's coordinator no longer
  // searching in ChildProcessAdapter.giveWork (an upgrade: the groups would land on any worker).
  it("names the worker cucumber's coordinator looks for a scenario for, during its search only", () => {
    const ASKING = Symbol.for('xs2a-conformance.schedule.asking');
    const proto = (
      createRequire(import.meta.url)('@cucumber/cucumber/lib/runtime/parallel/adapter') as {
        ChildProcessAdapter: { prototype: { giveWork: (...a: unknown[]) => void } };
      }
    ).ChildProcessAdapter.prototype;
    const real = proto.giveWork;
    const seen: unknown[] = [];
    const coordinator = {
      todo: [{}],
      nextWorkPlacement: () => (seen.push((globalThis as Record<symbol, unknown>)[ASKING]), null),
    };
    const restore = nameAskingWorker();
    try {
      expect(proto.giveWork).not.toBe(real);
      proto.giveWork.call(coordinator, { id: '3', process: { send: () => true } });
    } finally {
      restore();
    }
    expect(seen).toEqual(['3']);
    expect((globalThis as Record<symbol, unknown>)[ASKING]).toBeUndefined();
    expect(proto.giveWork).toBe(real);
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
  }, 120_000);
});
