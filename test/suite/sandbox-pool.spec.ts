// The worker's pool of sandbox accounts (src/suite/sandbox.ts): accounts with the template's values
// are made together and granted at one SCA, then each goes to one scenario; the kept PSU session
// serves the scenarios after the first. An account with other values, or one made after the worker's
// SCA outside the pool, needs an SCA of its own. Against the embedded reference bank on loopback.
import { forgetSandboxData } from '../../src/session/worker-state.ts';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { completeProfile } from '../../src/session/profile.ts';
import type { RunContext } from '../../src/session/run-context.ts';
import { ScenarioSession } from '../../src/session/session.ts';
import { aisAccountId, cardAisId } from '../../src/suite/accounts.ts';
import { otherObtainsPsu } from '../../src/suite/identities.ts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  createSandboxAccount,
  createSandboxCard,
  fillPoolsAhead,
  POOLED_STEP,
  poolSizes,
  updateSandboxBalance,
  VARIANT_STEPS,
  variantsAsked,
  type PoolVariant,
} from '../../src/suite/sandbox.ts';

let bank: RunningBank;
const runId = randomUUID();
/** The variants the run's scenarios ask for (RunContext.poolVariants). */
let poolVariants: PoolVariant[] | undefined;
/** One scenario's session, as the World makes it (the worker's kept PSU session is reused). */
const scenario = () =>
  new ScenarioSession({
    ctx: { targetUrl: bank.url, allowPayments: false, embedded: true, runId, poolVariants },
    profile: completeProfile({}, process.cwd()),
  });

beforeAll(async () => {
  bank = await startBank({ mode: 'test', host: '127.0.0.1', port: 0 });
});
afterAll(async () => {
  forgetSandboxData();
  await bank?.close();
});

/**
 * The scenario takes a sandbox account, the PSU's session, and finds the account in the PSU's list; returns the SCAs it
 * ran.
 */
async function accountScenario(vars: Record<string, unknown> = {}): Promise<number> {
  const s = scenario();
  const sca = vi.spyOn(s, 'runSca');
  const acc = await createSandboxAccount(s, vars);
  await s.obtainPsu('PRIVATE');
  expect(await aisAccountId(s, acc)).toEqual(expect.any(String));
  return sca.mock.calls.length;
}

describe("the worker's sandbox account pool", () => {
  it('grants the pooled accounts at one SCA; the scenarios after it reuse the kept session (fault: a new SCA per account)', async () => {
    expect(await accountScenario()).toBe(1);
    for (let i = 0; i < 4; i++) expect(await accountScenario()).toBe(0);
  });

  it('gives each pooled account to one scenario only', async () => {
    const a = scenario();
    const b = scenario();
    expect((await createSandboxAccount(a)).id).not.toBe((await createSandboxAccount(b)).id);
  });

  it('makes an account with other values in the scenario, which then needs its own SCA', async () => {
    expect(await accountScenario({ accountName: 'Sparekonto' })).toBe(1);
  });

  const cardScenario = async (): Promise<number> => {
    const s = scenario();
    const sca = vi.spyOn(s, 'runSca');
    await createSandboxCard(s);
    await s.obtainPsu('PRIVATE');
    expect(await cardAisId(s)).toEqual(expect.any(String));
    return sca.mock.calls.length;
  };

  it('pools card accounts the same way (fault: a new SCA per card account)', async () => {
    forgetSandboxData();
    expect(await cardScenario()).toBe(1);
    for (let i = 0; i < 3; i++) expect(await cardScenario()).toBe(0);
  });

  // Fault that trips it: a pool topped up alone (the first card scenario after the accounts' refill needs an SCA of its
  // own).
  it('tops up every pool of the PSU when one runs dry: one SCA grants the accounts and the card accounts', async () => {
    forgetSandboxData();
    expect(await accountScenario()).toBe(1);
    for (let i = 0; i < 3; i++) expect(await cardScenario()).toBe(0);
  });

  it('starts afresh after the sandbox was initialised (its accounts are gone)', async () => {
    forgetSandboxData();
    expect(await accountScenario()).toBe(1);
  });
});

describe('the variants the run asks for', () => {
  const named = (n: number) => VARIANT_STEPS.accountNamed.vars([String(n)]);
  it("reads them from the scenarios' steps, one per asking step", () => {
    expect(
      variantsAsked([
        'a sandbox account of the PSU named with 70 characters',
        'a private PSU who has completed SCA',
        'a sandbox card account of the PSU named with 70 characters',
        'a sandbox account of the PSU with cashAccountType "SVGS"',
        'a sandbox account of the PSU named with 71 characters, unless the sandbox refuses it',
      ]),
    ).toEqual([
      { kind: 'account', vars: named(70) },
      { kind: 'card', vars: { name: `Kort ${'K'.repeat(65)}` } },
      { kind: 'account', vars: { cashAccountType: 'SVGS' } },
    ]);
  });

  // Faults that trip it: the variants not made with the pools (the scenario that asks needs an SCA of
  // its own), a variant given to two scenarios, and one asked for but not planned taken from the pool.
  it('are made with the pools and granted at their SCA: a scenario that asks for one needs no SCA of its own', async () => {
    forgetSandboxData();
    poolVariants = [
      { kind: 'account', vars: named(70) },
      { kind: 'account', vars: { cashAccountType: 'SVGS' } },
    ];
    try {
      expect(await accountScenario()).toBe(1);
      expect(await accountScenario(named(70))).toBe(0);
      expect(await accountScenario({ cashAccountType: 'SVGS' })).toBe(0);
      // Each was asked for once: a second ask makes its own, as does one the run did not ask for.
      expect(await accountScenario(named(70))).toBe(1);
      expect(await accountScenario({ cashAccountType: 'SVGS' })).toBe(1);
      expect(await accountScenario({ accountName: 'Sparekonto' })).toBe(1);
    } finally {
      poolVariants = undefined;
    }
  });

  // A variant is made by the worker slot its scenario is pinned to (src/run/schedule.ts pinScenarios); this
  // test's sessions are slot 0's. Fault that trips it: every slot making every variant (the one pinned to
  // slot 1 is then taken from this slot's pool, with no SCA of its own).
  it("are made by the slot their scenario is pinned to only: another slot's variant is made by the scenario", async () => {
    forgetSandboxData();
    poolVariants = [
      { kind: 'account', vars: named(70), slot: 1 },
      { kind: 'account', vars: { cashAccountType: 'SVGS' }, slot: 0 },
    ];
    try {
      expect(await accountScenario()).toBe(1);
      expect(await accountScenario({ cashAccountType: 'SVGS' })).toBe(0);
      expect(await accountScenario(named(70))).toBe(1);
    } finally {
      poolVariants = undefined;
    }
  });

  // Fault that trips it: a variant the sandbox refuses failing the refill, so an unrelated scenario's set-up fails.
  it('leaves out a variant the sandbox refuses; the scenario that asks for it makes its own and meets the refusal', async () => {
    forgetSandboxData();
    const refused = { currency: 'NOT-A-CURRENCY' };
    poolVariants = [{ kind: 'account', vars: refused }];
    try {
      expect(await accountScenario()).toBe(1);
      const s = scenario();
      await expect(createSandboxAccount(s, refused)).rejects.toThrow(/was not accepted/);
      expect(s.client.exchanges.filter((e) => e.request.method === 'POST').length).toBe(1);
    } finally {
      poolVariants = undefined;
    }
  });
});

describe('a balance update', () => {
  // Fault that trips it: the update taken as a change of the PSU's grant (the scenario then needs an SCA of its own).
  it("keeps the worker's PSU session: the scenario reads the new balance without an SCA of its own", async () => {
    await accountScenario();
    const s = scenario();
    const sca = vi.spyOn(s, 'runSca');
    await createSandboxAccount(s);
    expect((await updateSandboxBalance(s, 'account', 777700)).response?.status).toBeLessThan(300);
    await s.obtainPsu('PRIVATE');
    expect(sca).not.toHaveBeenCalled();
  });
});

describe("the worker's sandbox customer", () => {
  // Fault that trips it: GET /v1/sandbox/customers once per scenario (a round trip each across the
  // internet), or a customer kept after the sandbox was initialised (its customers may be others).
  it('is read from the sandbox once per worker, and again after the sandbox was initialised', async () => {
    forgetSandboxData();
    const reads = async (): Promise<number> => {
      const s = scenario();
      const send = vi.spyOn(s.client, 'request');
      expect(await s.nationalId('PRIVATE')).toMatch(/^\d{11}$/);
      return send.mock.calls.filter(([spec]) => spec.path === '/v1/sandbox/customers').length;
    };
    expect(await reads()).toBe(1);
    expect(await reads()).toBe(0);
    forgetSandboxData();
    expect(await reads()).toBe(1);
  });
});

describe('sandbox card masked PANs', () => {
  // Fault that trips it: four random digits (two of some thirty cards of one PSU shared a masked PAN
  // now and then, and the scenario read the other card's balances: a false failure).
  it('are never the same twice in a process, and keep the first six and last four digits', async () => {
    const { nextMaskedPan } = await import('../../src/suite/sandbox.ts');
    const pans = Array.from({ length: 20_000 }, () => nextMaskedPan());
    expect(new Set(pans).size).toBe(pans.length);
    for (const p of pans.slice(0, 50)) expect(p).toMatch(/^5299\d{2}x{6}\d{4}$/);
  });
});

describe("the worker's kept PSU session", () => {
  // Fault that trips it: the session a scenario's own SCA opens is not kept, so the next scenario
  // finds the kept one ended by that SCA (the bank keeps one session per TPP and PSU) and runs one more.
  it("is the one the latest SCA of the worker's PSU opened, also in a scenario that could not reuse one", async () => {
    await accountScenario();
    const own = scenario();
    own.reusePsuSession = false; // as in a scenario that changed the bank's data first, or moves the clock
    const ownSca = vi.spyOn(own, 'runSca');
    await own.obtainPsu('PRIVATE');
    expect(ownSca.mock.calls.length).toBe(1);
    const next = scenario();
    const nextSca = vi.spyOn(next, 'runSca');
    await next.obtainPsu('PRIVATE');
    expect(nextSca.mock.calls.length).toBe(0);
    expect(next.psu.tppSessionId).toBe(own.psu.tppSessionId);
  });

  it("is not one another PSU's SCA opened (fault: keeping the session of any SCA the scenario ran)", async () => {
    const first = scenario();
    await first.obtainPsu('PRIVATE');
    const kept = first.psu.tppSessionId;
    const mine = await first.nationalId('PRIVATE');
    // A scenario's own SCA, logged in as another customer of the sandbox.
    const s = scenario();
    const customers = (await s.client.request({ method: 'GET', path: '/v1/sandbox/customers', psu: false })).response!
      .json as Array<{ customerNumber: string; type: string }>;
    const other = customers.find((c) => c.type === 'private' && c.customerNumber !== mine)!.customerNumber;
    const ex = await s.client.request({
      method: 'GET',
      path: '/v1/accounts',
      psu: { psuIpAddress: '192.0.2.1', tppSessionId: randomUUID() },
    });
    const r = await s.runSca(s.scaHref(ex), 'PRIVATE', false, other);
    expect(r.params['psu-id']).toEqual(expect.any(String));
    const next = scenario();
    await next.obtainPsu('PRIVATE');
    expect(next.psu.tppSessionId).toBe(kept);
  });
});

describe("another TPP's kept PSU session", () => {
  // Faults that trip it: the other TPP keeping no session (a new SCA at each of its Given steps), one
  // key for every TPP (the other TPP would take the profile TPP's session and psu-id), and a step that
  // is the other TPP's SCA served by the kept session.
  it("serves the worker's next scenario for that TPP; a step that is the SCA makes a new one", async () => {
    const run = async (ownSca: boolean) => {
      const s = scenario();
      await s.obtainPsu('PRIVATE');
      const o = s.as('second');
      const sca = vi.spyOn(o, 'runSca');
      await otherObtainsPsu(s, 'second', ownSca);
      return { scas: sca.mock.calls.length, psuId: o.psu.psuId, firstTpp: s.psu.psuId };
    };
    const first = await run(false);
    expect(first.scas).toBe(1);
    expect(first.psuId).not.toBe(first.firstTpp);
    const again = await run(false);
    expect(again.scas).toBe(0);
    expect(again.psuId).toBe(first.psuId);
    expect((await run(true)).scas).toBe(1);
  });
});

describe('a new sandbox account', () => {
  // Fault that trips it: the 409 of an account number the sandbox already holds (one in a few
  // hundred runs picks a seeded one at random) taken as the set-up's failure.
  it('takes another account number when the sandbox already holds the one it picked', async () => {
    const s = scenario();
    const taken = await createSandboxAccount(s, { accountName: 'Brukskonto' });
    const send = s.send.bind(s);
    const posts: number[] = [];
    vi.spyOn(s, 'send').mockImplementation(async (spec, opts) => {
      const first = spec.method === 'POST' && !posts.length;
      const ex = await send(
        first ? { ...spec, body: { ...(spec.body as object), bban: taken.bban, iban: taken.iban } } : spec,
        opts,
      );
      if (spec.method === 'POST') posts.push(ex.response?.status ?? 0);
      return ex;
    });
    const made = await createSandboxAccount(s, { accountName: 'Sparekonto' });
    expect(posts).toEqual([409, 201]);
    expect(made.bban).not.toBe(taken.bban);
  });
});

describe("pools made before the worker's first kept PSU session", () => {
  /** A scenario's session as the World makes it: its kept SCA is preceded by fillPoolsAhead. */
  const world = (poolsWanted: boolean) =>
    new ScenarioSession({
      ctx: {
        targetUrl: bank.url,
        allowPayments: false,
        embedded: true,
        runId,
        poolSizes: poolsWanted ? { account: 32, card: 32 } : undefined,
      },
      profile: completeProfile({}, process.cwd()),
      beforeKeptSca: fillPoolsAhead,
    });
  /**
   * The sandbox accounts and card accounts a session with the run's `poolSizes` makes as it opens the worker's kept
   * session (fillPoolsAhead before its SCA), sorted by path.
   */
  const poolsMadeAtKeptSca = async (id: string, sizes: RunContext['poolSizes']): Promise<string[]> => {
    forgetSandboxData();
    const s = new ScenarioSession({
      ctx: { targetUrl: bank.url, allowPayments: false, embedded: true, runId: id, poolSizes: sizes },
      profile: completeProfile({}, process.cwd()),
      beforeKeptSca: fillPoolsAhead,
    });
    const made: string[] = [];
    const send = s.send.bind(s);
    vi.spyOn(s, 'send').mockImplementation(async (spec, opts) => {
      if (spec.method === 'POST' && /^\/v1\/sandbox\/(?:card-)?accounts$/.test(spec.path)) made.push(spec.path);
      return send(spec, opts);
    });
    s.forgetKeptSession('PRIVATE');
    await s.obtainPsu('PRIVATE');
    return made.sort();
  };
  /** A scenario that takes a pooled account after `first` opened the worker's kept session: the SCAs it ran. */
  const pooledAfter = async (first: ScenarioSession): Promise<number> => {
    first.forgetKeptSession('PRIVATE');
    await first.obtainPsu('PRIVATE');
    return accountScenario();
  };

  // Fault that trips it: the pools made only when the first scenario takes one (after the kept SCA: that scenario needs
  // an SCA of its own).
  it('where the run takes pooled data, the SCA that opens the kept session grants them: the first pooled scenario needs no SCA', async () => {
    forgetSandboxData();
    expect(await pooledAfter(world(true))).toBe(0);
  });

  it('where the run takes none, makes none (the first scenario that takes one makes them)', async () => {
    forgetSandboxData();
    expect(await pooledAfter(world(false))).toBe(1);
  });

  // Fault that trips it: a refusal while the pools are made failing the scenario that opens the session.
  it('leaves a pool it cannot make to the scenario that needs it; the session still opens', async () => {
    forgetSandboxData();
    const s = world(true);
    const send = s.send.bind(s);
    const refused: number[] = [];
    vi.spyOn(s, 'send').mockImplementation(async (spec, opts) => {
      if (spec.method !== 'POST' || !spec.path.startsWith('/v1/sandbox/')) return send(spec, opts);
      const ex = await send({ ...spec, body: { currency: 'NOT-A-CURRENCY' } }, opts);
      refused.push(ex.response?.status ?? 0);
      return ex;
    });
    s.forgetKeptSession('PRIVATE');
    await s.obtainPsu('PRIVATE');
    expect(refused.length).toBeGreaterThan(0);
    expect(refused.every((x) => x >= 400)).toBe(true);
    expect(s.psu.psuId).toEqual(expect.any(String));
    expect(await accountScenario()).toBe(1);
  });

  // Faults that trip it: sizes that do not follow the worker slots (a fixed 32: at 20 slots every slot
  // made 64 accounts a run takes 57 of, half the run's requests), variants counted in the template's
  // pools, and pools wanted where no step takes one.
  it("sizes each worker's pools by its share of the run's pooled steps", () => {
    const steps = [
      ...Array.from({ length: 8 }, () => 'a sandbox account of the PSU with 2 booked transactions'),
      ...Array.from({ length: 4 }, () => 'a sandbox card account of the PSU'),
      'a sandbox account of the PSU named with 70 characters',
      'a sandbox account of the PSU with cashAccountType "SVGS"',
      'a private PSU who has completed SCA',
    ];
    const scenarios = steps.map((t) => ({ steps: [t] }));
    expect(poolSizes(scenarios, 1)).toEqual({ account: 11, card: 6 });
    expect(poolSizes(scenarios, 2)).toEqual({ account: 6, card: 4 });
    expect(poolSizes(scenarios, 20)).toEqual({ account: 2, card: 2 });
    expect(poolSizes([{ steps: ['a private PSU who has completed SCA'] }], 2)).toBeUndefined();
    // A run whose only pooled step asks for a variant still makes pools ahead: the variant is made with them (without
    // sizes, the first refill made the default's 32 of each).
    expect(poolSizes([{ steps: ['a sandbox account of the PSU named with 70 characters'] }], 2)).toEqual({
      account: 1,
      card: 1,
    });
  });

  // Fault that trips it: the clock scenarios' pooled steps shared out over every slot (bench:latency: the lane's
  // slot ran dry among its clock scenarios, and a refill of five accounts and a card waited with the whole run);
  // or the lane's own ones counted in the others' share.
  it("gives the clock lane's slot its share and all that its clock scenarios take", () => {
    const others = Array.from({ length: 32 }, () => ({
      steps: ['a private PSU who has completed SCA', 'a sandbox account of the PSU'],
    }));
    const clock = [
      ...Array.from({ length: 3 }, () => ({
        clock: true,
        steps: ['a sandbox account of the PSU with 1 booked transactions', 'the target clock moves 1 day on'],
      })),
      { clock: true, steps: ['a sandbox card account of the PSU'] },
    ];
    expect(poolSizes([...others, ...clock], 20, 0)).toEqual({
      account: 3,
      card: 1,
      lane: { slot: 0, account: 6, card: 2 },
    });
    // Without a lane (one worker runs every scenario), the clock scenarios' steps are the worker's like any other's.
    expect(poolSizes([...others, ...clock], 1)).toEqual({ account: 45, card: 3 });
    // A run whose only pooled steps are the lane's still makes pools: the lane's.
    expect(poolSizes(clock, 20, 0)).toEqual({ account: 1, card: 1, lane: { slot: 0, account: 4, card: 2 } });
  });

  // Fault that trips it: every slot taking the run's shared sizes (the lane's own ignored), or the lane's taken by
  // every slot.
  it("makes the lane's sizes on the lane's slot only", async () => {
    const madeOn = (slot: number) =>
      poolsMadeAtKeptSca(randomUUID(), { account: 1, card: 1, lane: { slot, account: 3, card: 1 } });
    // This process runs worker slot 0.
    expect(await madeOn(0)).toEqual([
      '/v1/sandbox/accounts',
      '/v1/sandbox/accounts',
      '/v1/sandbox/accounts',
      '/v1/sandbox/card-accounts',
    ]);
    expect(await madeOn(3)).toEqual(['/v1/sandbox/accounts', '/v1/sandbox/card-accounts']);
  });

  // Fault that trips it: the run's sizes ignored (every worker makes the default's 32 of each).
  it("makes the run's sizes before the kept SCA", async () => {
    expect(await poolsMadeAtKeptSca(runId, { account: 2, card: 1 })).toEqual([
      '/v1/sandbox/accounts',
      '/v1/sandbox/accounts',
      '/v1/sandbox/card-accounts',
    ]);
  });

  // only such scenarios would make its pools after the kept SCA: an SCA more per worker).
  it('knows every step that takes pooled data by its text', () => {
    const dir = join(process.cwd(), 'steps');
    const takes: string[] = [];
    for (const f of readdirSync(dir).filter((x) => x.endsWith('.ts'))) {
      const src = readFileSync(join(dir, f), 'utf8');
      for (const m of src.matchAll(
        /^(?:Given|When|Then)\((?:'((?:[^'\\]|\\.)*)'|(VARIANT_STEPS\.\w+\.step))[^]*?^\}\);$/gm,
      )) {
        if (
          !/createSandbox(?:Account|Card)\(this\.session\)|accountWithTxnsAt\(this\.session|createSandbox(?:Account|Card)\(this\.session, VARIANT_STEPS/.test(
            m[0],
          )
        )
          continue;
        takes.push(
          m[1] ??
            String(
              (VARIANT_STEPS as Record<string, { step: RegExp }>)[m[2].split('.')[1]].step.source.replace(/^\^/, ''),
            ),
        );
      }
    }
    // Its pooled card is its control's (the same request on a card account of the PSU): a run of that
    // scenario alone makes its pools when the control takes one, as before.
    const controlsOnly = ['the TPP creates {int} card transactions on the card account {string}'];
    expect(takes.length).toBeGreaterThan(5);
    expect(takes.filter((t) => !POOLED_STEP.test(t) && !controlsOnly.includes(t))).toEqual([]);
  });
});

describe("the worker's kept CORPORATE session", () => {
  const corporateSca = async (s: ScenarioSession) => {
    const ex = await s.client.request({
      method: 'GET',
      path: '/v1/accounts',
      psu: { psuIpAddress: '192.0.2.1', tppSessionId: s.psu.tppSessionId },
    });
    return s.runSca(s.scaHref(ex), 'CORPORATE');
  };
  const nextCorporate = async (): Promise<number> => {
    const next = scenario();
    const sca = vi.spyOn(next, 'runSca');
    await next.obtainPsu('CORPORATE');
    return sca.mock.calls.length;
  };

  // Fault that trips it: only PRIVATE SCAs kept (each CORPORATE scenario after a scenario's own CORPORATE SCA runs one
  // more).
  it("is the one a scenario's own CORPORATE SCA opened: the next corporate scenario needs no SCA", async () => {
    const own = scenario();
    const r = await corporateSca(own);
    expect(r.params['psu-corporate-id']).toEqual(expect.any(String));
    expect(await nextCorporate()).toBe(0);
  });

  // Fault that trips it: the session of an SCA for a corporate id the scenario picked kept (the next
  // corporate scenario would act for that other agreement).
  it('is not one opened for a corporate id the scenario picked', async () => {
    const own = scenario();
    own.forgetKeptSession('CORPORATE');
    own.psu.psuCorporateId = randomUUID();
    await corporateSca(own);
    expect(await nextCorporate()).toBe(1);
  });
});
