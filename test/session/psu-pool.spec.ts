// The PSU pool: workers never share a PSU; auto picks min(cores, PSUs).
import { describe, expect, it } from 'vitest';
import { autoWorkers, capWorkers, MAX_WORKERS, ownOf, workerIndex } from '../../src/session/psu-pool.ts';

describe('PSU pool', () => {
  it('caps the workers at the PSUs, with a warning, and never below one', () => {
    expect(capWorkers(8, 3)).toMatchObject({ workers: 3 });
    expect(capWorkers(8, 3).warning).toMatch(/only 3 PSUs/);
    expect(capWorkers(2, 4)).toEqual({ workers: 2 });
    expect(capWorkers(2, undefined)).toEqual({ workers: 2 });
    expect(capWorkers(0, 1)).toEqual({ workers: 0 });
    expect(capWorkers(4, 0).workers).toBe(1);
  });
  it('auto: about one worker per core on loopback, more the longer the round trip, at most one per PSU and MAX_WORKERS', () => {
    expect(autoWorkers(8, 2, 0.3)).toBe(2);
    expect(autoWorkers(8, 2, 4)).toBe(4);
    expect(autoWorkers(8, 2, 50)).toBe(8);
    expect(autoWorkers(40, 2, 50)).toBe(27);
    expect(autoWorkers(80, 4, 50)).toBe(MAX_WORKERS);
    expect(autoWorkers(1, 8, 50)).toBe(1);
    expect(autoWorkers(0, 8)).toBe(1);
  });
  it('gives each worker its own entry while the workers are capped at the pool', () => {
    const pool = ['a', 'b', 'c'];
    const taken = [0, 1, 2].map((i) => ownOf(pool, workerIndex({ CUCUMBER_WORKER_ID: String(i) })));
    expect(new Set(taken).size).toBe(3);
    expect(ownOf([], 0)).toBeUndefined();
  });
});

describe('PSU pool, end to end', () => {
  it('a profile that names one PSU runs one worker, says why, and passes', async () => {
    const { mkdtempSync, writeFileSync } = await import('node:fs');
    const { tmpdir } = await import('node:os');
    const { join } = await import('node:path');
    const { startBank } = await import('../../src/bank/index.ts');
    const { testCredentials, TppClient } = await import('../../src/tpp/index.ts');
    const { cliAsync } = await import('../helpers/cli.ts');
    // The embedded bank is seeded the same way every time: its first private customer.
    const bank = await startBank({ mode: 'test' });
    const client = new TppClient({ baseUrl: bank.url, identity: testCredentials().qsealc });
    const list = (await client.request({ method: 'GET', path: '/v1/sandbox/customers', psu: false })).response!.json as Array<{ customerNumber: string; type: string }>;
    await bank.close();
    const nid = list.find((c) => c.type === 'private')!.customerNumber;
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-pool-'));
    writeFileSync(join(dir, 'one.yaml'), `psu: { private: { nationalId: "${nid}" } }\n`);
    const r = await cliAsync(['run', '--profile', join(dir, 'one.yaml'), '--parallel', '2', '--tags', '@area:accounts and not @corporate', '--no-report', '--report-dir', dir], 180_000);
    expect(r.stdout).toMatch(/2 workers asked for, but only 1 PSU to act for: running 1/);
    expect(r.code, r.stdout.slice(-800)).toBe(0);
  }, 180_000);
});
