// The round trip `--parallel auto` sizes the workers by (run.ts roundTripMs): measured while the run
// plans and a worker process loads, so some tries are held up; the estimate must not be.
import { createServer, type Server } from 'node:http';
import { afterEach, expect, it } from 'vitest';
import { roundTripMs } from '../../src/run/run.ts';

let server: Server | undefined;
afterEach(() => server?.close());

/** A loopback target that answers its n-th request after delays[n] ms; counts the requests. */
async function target(delays: number[]): Promise<{ url: string; count: () => number }> {
  let n = 0;
  server = createServer((_req, res) => {
    const d = delays[Math.min(n++, delays.length - 1)];
    setTimeout(() => res.end('ok'), d);
  });
  await new Promise<void>((r) => server!.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}/`, count: () => n };
}

// Faults that trip it: the fastest of the first three tries (120 ms: auto then sized for a round trip
// twice as long), and no stop once two tries agree (the eighth try, held up 1.5 s, is sent).
it('is the fastest try once two agree, however long the first tries were held up', async () => {
  const t = await target([0, 250, 180, 120, 60, 60, 60, 1_500]);
  const t0 = performance.now();
  const rtt = await roundTripMs(t.url, 5_000);
  expect(performance.now() - t0).toBeLessThan(1_400);
  expect(rtt).toBeGreaterThanOrEqual(60);
  expect(rtt).toBeLessThan(75);
  expect(t.count()).toBeLessThan(8);
});

it('gives up after about 2 s on a slow target, with the fastest try', async () => {
  const t = await target([0, 900, 800, 700]);
  const rtt = await roundTripMs(t.url, 5_000);
  expect(rtt).toBeGreaterThanOrEqual(700);
  expect(rtt).toBeLessThan(800);
});
