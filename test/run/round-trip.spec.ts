// The round trip `--parallel auto` sizes the workers by (run.ts roundTripMs): measured while the run
// plans and a worker process loads, so some tries are held up; the estimate must not be. The rule is
// checked on scripted tries and a scripted clock (fastestAgreed), so that a loaded machine cannot
// move it; one loopback target checks that roundTripMs times real requests with it.
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { afterEach, expect, it } from 'vitest';
import { fastestAgreed, reach, roundTripMs } from '../../src/run/run.ts';
import { completeProfile } from '../../src/session/profile.ts';
import type { RunContext } from '../../src/session/run-context.ts';

let server: Server | undefined;
afterEach(() => server?.close());

/** Tries that take `ms[n]` each on a clock of their own; counts them. */
function scripted(ms: number[]) {
  let clock = 0;
  let n = 0;
  return {
    attempt: async () => {
      const d = ms[Math.min(n++, ms.length - 1)];
      clock += d;
      return d;
    },
    now: () => clock,
    count: () => n,
  };
}

// Faults that trip it: the fastest of the first three tries (120 ms: auto then sized for a round trip
// twice as long); no stop once two tries agree (the eighth try, 1.5 s, is made); the connecting
// first try counted (0 ms).
it('is the fastest try once two agree, however long the first tries were held up', async () => {
  const t = scripted([0, 250, 180, 120, 60, 62, 60, 1_500]);
  expect(await fastestAgreed(t.attempt, 8, 2_000, t.now)).toBe(60);
  expect(t.count()).toBe(6);
});

// Faults that trip it: no time budget (the fourth try is made), the last or the mean try instead of
// the fastest (800 ms); two tries 6 % apart taken as agreeing (stops at the third try).
it('gives up after about 2 s on a slow target, with the fastest try', async () => {
  const t = scripted([0, 900, 800, 700, 100]);
  expect(await fastestAgreed(t.attempt, 8, 2_000, t.now)).toBe(700);
  expect(t.count()).toBe(4);
  const apart = scripted([0, 100, 106, 300, 300, 300]);
  expect(await fastestAgreed(apart.attempt, 8, 2_000, apart.now)).toBe(100);
  expect(apart.count()).toBeGreaterThan(3);
});

// Fault that trips it: a failed try that throws out of the estimate (the run would stop).
it('keeps the tries made before one fails', async () => {
  let n = 0;
  const attempt = async () => {
    if (++n === 4) throw new Error('reset');
    return n * 40;
  };
  expect(await fastestAgreed(attempt, 8, 2_000, () => 0)).toBe(80);
});

// Fault that trips it: a roundTripMs that does not wait for the answer (under 50 ms).
it('times real requests to a loopback target', async () => {
  server = createServer((_req, res) => setTimeout(() => res.end('ok'), 50));
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const rtt = await roundTripMs(`http://127.0.0.1:${port}/`, 5_000);
  expect(rtt).toBeGreaterThanOrEqual(50);
  expect(rtt).toBeLessThan(1_000);
});

// The PSUs are counted and the round trip measured while the target is probed (run.ts reach). Fault
// that trips it: the three one after another (the PSU count would arrive only once the probe's answer,
// held 600 ms, is back).
it('probes the target, counts its PSUs and times its round trip at once', async () => {
  const arrivals: Array<{ path: string; at: number }> = [];
  const t0 = performance.now();
  server = createServer((req, res) => {
    arrivals.push({ path: req.url ?? '', at: performance.now() - t0 });
    setTimeout(() => res.end(req.url?.startsWith('/v1/sandbox/customers') ? '{"customers": []}' : 'ok'), 600);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  const url = `http://127.0.0.1:${port}`;
  const profile = completeProfile({ capabilities: { sandbox: true } }, tmpdir());
  const r = await reach(profile, { targetUrl: url } as RunContext, {}, { measure: true, auto: true });
  expect(r.unreachable).toBeUndefined();
  expect(r.rtt).toBeGreaterThanOrEqual(600);
  const first = (p: RegExp) => arrivals.find((a) => p.test(a.path))?.at ?? Infinity;
  const probeAt = first(/^\/$/);
  expect(first(/^\/v1\/sandbox\/customers/) - probeAt).toBeLessThan(450);
  // The probe and the measure's first try (it connects, and is not counted) both ask for the root.
  expect(arrivals.filter((a) => a.path === '/' && a.at - probeAt < 450).length).toBe(2);
});
