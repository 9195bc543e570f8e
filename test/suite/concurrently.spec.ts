// The one bounded helper for independent requests inside a scenario.
// Faults that trip it: a helper that ignores the width (in flight > width), one that returns answers
// in arrival order (order test), one that goes on starting calls after a failure.
import { describe, expect, it } from 'vitest';
import { concurrently, eachAtOnce } from '../../src/suite/concurrently.ts';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('concurrently', () => {
  it('never has more than `width` calls in flight, and overlaps them', async () => {
    let inFlight = 0;
    let most = 0;
    await concurrently(
      Array.from({ length: 12 }, (_, i) => i),
      4,
      async () => {
        most = Math.max(most, ++inFlight);
        await sleep(20);
        inFlight--;
      },
    );
    // Four in flight at once is the overlap; no wall-clock bound, which a loaded machine could move.
    expect(most).toBe(4);
  });

  it('gives the answers in the order of the items, whatever order they arrive in', async () => {
    const out = await concurrently([50, 10, 30, 0], 4, async (ms, i) => {
      await sleep(ms);
      return i;
    });
    expect(out).toEqual([0, 1, 2, 3]);
  });

  it('width 1 sends one at a time, in order', async () => {
    const seen: number[] = [];
    await concurrently([1, 2, 3], 1, async (x) => {
      seen.push(x);
      await sleep(5);
      seen.push(-x);
    });
    expect(seen).toEqual([1, -1, 2, -2, 3, -3]);
  });

  it("a failing call stops the others from starting; its error is the helper's", async () => {
    const started: number[] = [];
    await expect(
      concurrently([0, 1, 2, 3, 4, 5, 6, 7], 2, async (x) => {
        started.push(x);
        await sleep(5);
        if (x === 1) throw new Error('item 1 failed');
      }),
    ).rejects.toThrow('item 1 failed');
    expect(started.length).toBeLessThan(5);
  });

  it("a scenario's width is its profile's concurrency (default 4)", async () => {
    let most = 0;
    let inFlight = 0;
    const call = async () => {
      most = Math.max(most, ++inFlight);
      await sleep(5);
      inFlight--;
    };
    await eachAtOnce(
      { profile: {} },
      Array.from({ length: 10 }, (_, i) => i),
      call,
    );
    expect(most).toBe(4);
    most = 0;
    await eachAtOnce(
      { profile: { concurrency: 2 } },
      Array.from({ length: 10 }, (_, i) => i),
      call,
    );
    expect(most).toBe(2);
  });
});
