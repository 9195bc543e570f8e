// The PSU pool: workers never share a PSU; auto picks min(cores, PSUs).
import { describe, expect, it } from 'vitest';
import { autoWorkers, capWorkers, MAX_WORKERS, ownOf, workerIndex } from '../../src/session/psu-pool.ts';
import { readResults } from '../helpers/results.ts';

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
    expect(autoWorkers(8, 2, 6)).toBe(4);
    expect(autoWorkers(8, 2, 50)).toBe(8);
    expect(autoWorkers(40, 2, 50)).toBe(19);
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

describe('the PSU of a worker slot', () => {
  // Fault that trips it: the PSU picked when the process loads the profile (every worker slot of the
  // process then acts for the same PSU, and their SCAs end each other's sessions).
  it('is chosen when the worker asks, by its slot: two slots of one process, one profile object, two PSUs', async () => {
    const { AsyncLocalStorage } = await import('node:async_hooks');
    const { completeProfile, psuOf } = await import('../../src/session/profile.ts');
    const profile = completeProfile(
      {
        psu: {
          private: [{ nationalId: '01010112345' }, { nationalId: '02020212345' }],
          corporate: { nationalId: '03030312345', corporateId: 'c-1' },
        },
      },
      process.cwd(),
    );
    const SLOT = Symbol.for('xs2a-conformance.worker-slot');
    const g = globalThis as { [SLOT]?: unknown };
    const saved = g[SLOT];
    const slots = new AsyncLocalStorage<number>();
    g[SLOT] = slots;
    try {
      const seen = await Promise.all(
        [0, 1].map((i) =>
          slots.run(i, async () => {
            await new Promise((r) => setTimeout(r, 5));
            return psuOf(profile, 'PRIVATE').nationalId;
          }),
        ),
      );
      expect(seen).toEqual(['01010112345', '02020212345']);
      // Defaults are filled into every entry; one entry serves every slot.
      expect(slots.run(1, () => psuOf(profile, 'CORPORATE'))).toMatchObject({
        nationalId: '03030312345',
        corporateId: 'c-1',
        ipAddress: '192.0.2.10',
      });
    } finally {
      g[SLOT] = saved;
    }
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
    const list = (await client.request({ method: 'GET', path: '/v1/sandbox/customers', psu: false })).response!
      .json as Array<{ customerNumber: string; type: string }>;
    await bank.close();
    const nid = list.find((c) => c.type === 'private')!.customerNumber;
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-pool-'));
    writeFileSync(join(dir, 'one.yaml'), `psu: { private: { nationalId: "${nid}" } }\n`);
    const r = await cliAsync(
      [
        'run',
        '--profile',
        join(dir, 'one.yaml'),
        '--parallel',
        '2',
        '--tags',
        '@area:accounts and not @corporate',
        '--no-report',
        '--report-dir',
        dir,
      ],
      180_000,
    );
    expect(r.stdout).toMatch(/2 workers asked for, but only 1 PSU to act for: running 1/);
    expect(r.code, r.stdout.slice(-800)).toBe(0);
  }, 180_000);

  // Workers that are slots of one process act for their own PSUs, on both dialects.
  for (const dialect of ['default', 'variant'] as const) {
    it(`a pool of four PSUs at --processes 1 --parallel 4 (${dialect} dialect): no MUST fails, none is inconclusive`, async () => {
      const { mkdtempSync, readFileSync, writeFileSync } = await import('node:fs');
      const { tmpdir } = await import('node:os');
      const { join } = await import('node:path');
      const { startBank } = await import('../../src/bank/index.ts');
      const { cliAsync, ROOT } = await import('../helpers/cli.ts');
      // The embedded bank is seeded the same way every time: its first four private customers.
      const bank = await startBank({ mode: 'test', dialect });
      const nids = [...bank.bank.state.customers.values()]
        .filter((c) => c.type === 'private')
        .map((c) => c.customerNumber)
        .slice(0, 4);
      await bank.close();
      expect(nids).toHaveLength(4);
      const dir = mkdtempSync(join(tmpdir(), 'xs2a-pool4-'));
      const base = dialect === 'variant' ? readFileSync(join(ROOT, 'profiles/variant.yaml'), 'utf8') : '';
      writeFileSync(
        join(dir, 'pool.yaml'),
        `${base}\npsu:\n  private:\n${nids.map((n) => `    - nationalId: "${n}"\n`).join('')}`,
      );
      const r = await cliAsync(
        [
          'run',
          '--profile',
          join(dir, 'pool.yaml'),
          '--dialect',
          dialect,
          '--processes',
          '1',
          '--parallel',
          '4',
          '--tags',
          '@area:accounts or @area:sca',
          '--no-report',
          '--report-dir',
          dir,
        ],
        240_000,
      );
      const results = readResults(dir);
      // The variant dialect's known SHOULD deviations aside (docs/reference-bank.md).
      expect(
        results
          .filter((x) => (x.outcome === 'failed' && x.level === 'must') || x.outcome === 'inconclusive')
          .map((x) => `${x.level} ${x.name}: ${x.message?.split('\n')[0]}`),
      ).toEqual([]);
      expect(results.filter((x) => x.outcome === 'passed').length).toBeGreaterThan(20);
      expect(r.code, r.stdout.slice(-800)).toBe(0);
    }, 250_000);
  }
});
