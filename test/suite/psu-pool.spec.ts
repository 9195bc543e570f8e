// The PSU pool: workers never share a PSU; auto picks min(cores, PSUs).
import { describe, expect, it } from 'vitest';
import { autoWorkers, capWorkers, ownOf, workerIndex } from '../../src/suite/psu-pool.ts';

describe('PSU pool', () => {
  it('caps the workers at the PSUs, with a warning, and never below one', () => {
    expect(capWorkers(8, 3)).toMatchObject({ workers: 3 });
    expect(capWorkers(8, 3).warning).toMatch(/only 3 PSUs/);
    expect(capWorkers(2, 4)).toEqual({ workers: 2 });
    expect(capWorkers(2, undefined)).toEqual({ workers: 2 });
    expect(capWorkers(0, 1)).toEqual({ workers: 0 });
    expect(capWorkers(4, 0).workers).toBe(1);
  });
  it('auto: as many workers as cores and PSUs', () => {
    expect(autoWorkers(4, 2)).toBe(2);
    expect(autoWorkers(1, 8)).toBe(1);
    expect(autoWorkers(0, 8)).toBe(1);
  });
  it('gives each worker its own entry while the workers are capped at the pool', () => {
    const pool = ['a', 'b', 'c'];
    const taken = [0, 1, 2].map((i) => ownOf(pool, workerIndex({ CUCUMBER_WORKER_ID: String(i) })));
    expect(new Set(taken).size).toBe(3);
    expect(ownOf([], 0)).toBeUndefined();
  });
});
