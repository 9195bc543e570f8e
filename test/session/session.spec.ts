// The scenario session (src/session/session.ts) against the embedded reference bank on loopback: the
// worker's kept PSU session (reused, not reused, replaced), the target's clock as a scenario moves it,
// need(), the profile's other TPPs (`as`), the run guard's breaker, and scaRedirect links. Each run id
// is new per case, so the kept sessions of one case (keyed by run) are never another case's. Each case
// names the fault in session.ts that trips it.
import { randomUUID } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { CheckFailure, RunStopped, SetupFailure } from '../../src/session/errors.ts';
import { setScenarioOperation } from '../../src/session/expect.ts';
import { completeProfile, type Profile } from '../../src/session/profile.ts';
import type { RunContext } from '../../src/session/run-context.ts';
import { ScenarioSession, type SessionOptions } from '../../src/session/session.ts';
import type { Exchange } from '../../src/tpp/client.ts';

let bank: RunningBank;
const dir = mkdtempSync(join(tmpdir(), 'xs2a-session-'));
const profile: Profile = completeProfile({}, process.cwd());

beforeAll(async () => {
  bank = await startBank({ mode: 'test', host: '127.0.0.1', port: 0 });
});
// A case that failed half-way must not leave the bank's clock moved for the next one.
afterEach(() => {
  bank.bank.clock.set(Date.now());
});
afterAll(async () => {
  await bank?.close();
  rmSync(dir, { recursive: true, force: true });
});

/** A scenario's session as the World makes it: the bank's test-mode clock control, the run `runId`. */
const scenario = (runId: string, opts: Partial<SessionOptions> = {}, ctx: Partial<RunContext> = {}) =>
  new ScenarioSession({
    ctx: {
      targetUrl: bank.url,
      allowPayments: false,
      embedded: true,
      runId,
      clockControl: bank.clockControl,
      ...ctx,
    },
    profile,
    ...opts,
  });

/** obtainPsu('PRIVATE'), returning the SCAs it ran. */
async function scasOf(s: ScenarioSession): Promise<number> {
  const sca = vi.spyOn(s, 'runSca');
  await s.obtainPsu('PRIVATE');
  expect(s.psu.psuId).toEqual(expect.any(String));
  expect(s.state.accounts?.length).toBeGreaterThan(0);
  return sca.mock.calls.length;
}

const sent = (s: ScenarioSession) => s.client.exchanges.map((e) => `${e.request.method} ${e.request.target}`);

/** The bank's clock offset from the real time, in whole seconds. */
const bankOffset = () => Math.round((bank.bank.clock.now() - Date.now()) / 1000);

describe("the worker's kept PSU session", () => {
  // trips: obtainPsu no longer consults the worker's kept session (`candidate` not asked: a new SCA every scenario)
  it("a second scenario of the same run and worker reuses the first one's SCA session: no SCA, one GET /v1/accounts", async () => {
    const run = randomUUID();
    const first = scenario(run);
    expect(await scasOf(first)).toBe(1);
    expect(first.lastSca?.completed).toBe(true);

    const second = scenario(run);
    expect(await scasOf(second)).toBe(0);
    expect(second.lastSca).toBeUndefined();
    expect(second.psu.psuId).toBe(first.psu.psuId);
    expect(second.psu.tppSessionId).toBe(first.psu.tppSessionId);
    expect(second.psu.context).toBe('PRIVATE');
    expect(sent(second)).toEqual(['GET /v1/accounts']);
  });

  // trips: the kept session's key without the run id (a session kept in one run reused by another run's scenarios)
  it('is never reused by a scenario of another run', async () => {
    const first = scenario(randomUUID());
    await scasOf(first);
    const otherRun = scenario(randomUUID());
    expect(await scasOf(otherRun)).toBe(1);
    expect(otherRun.psu.tppSessionId).not.toBe(first.psu.tppSessionId);
  });

  // trips: the reusePsuSession option ignored (the session reuses the kept one), or a scenario that may not reuse still
  // keeps its SCA (keepsPsuSession true whatever the option)
  it('a session made with reusePsuSession false runs its own SCA, which does not become the kept one', async () => {
    const run = randomUUID();
    const kept = scenario(run);
    await scasOf(kept);

    const own = scenario(run, { reusePsuSession: false });
    expect(await scasOf(own)).toBe(1);
    expect(own.psu.tppSessionId).not.toBe(kept.psu.tppSessionId);

    // The bank keeps one session per TPP and PSU: `own`'s SCA ended the kept one, so the next
    // scenario finds it refused, forgets it and runs an SCA of its own, in a TPP-Session-ID of its own.
    const next = scenario(run);
    expect(await scasOf(next)).toBe(1);
    expect(next.psu.tppSessionId).not.toBe(own.psu.tppSessionId);
    expect(next.psu.tppSessionId).not.toBe(kept.psu.tppSessionId);
    // … and that one is kept again.
    const after = scenario(run);
    expect(await scasOf(after)).toBe(0);
    expect(after.psu.tppSessionId).toBe(next.psu.tppSessionId);
  });

  // trips: send() not ending the reuse on a state-changing request (the scenario reuses the kept session), or
  // keepPolicy's keepsOwn read from reusePsuSession (its own SCA not kept)
  it("a request that changes the bank's data ends reuse in the scenario, but the SCA it then runs becomes the kept one", async () => {
    const run = randomUUID();
    await scasOf(scenario(run));

    const changer = scenario(run);
    await changer.send({ method: 'GET', path: '/v1/accounts', psu: false });
    await changer.send({ method: 'POST', path: '/v1/consents', body: {} }, { keepsPsuSession: true });
    expect(changer.reusePsuSession).toBe(true);
    await changer.send({ method: 'POST', path: '/v1/consents', body: {} });
    expect(changer.reusePsuSession).toBe(false);
    expect(await scasOf(changer)).toBe(1);

    const next = scenario(run);
    expect(await scasOf(next)).toBe(0);
    expect(next.psu.tppSessionId).toBe(changer.psu.tppSessionId);
  });
});

describe("the target's clock", () => {
  // trips: keepPolicy passing clockOffsetSeconds 0 (a scenario under a moved clock reuses the kept session, and its own
  // SCA becomes the kept one)
  it('a scenario that moved the clock neither reuses the kept session nor keeps its own SCA', async () => {
    const run = randomUUID();
    const kept = scenario(run);
    await scasOf(kept);

    const mover = scenario(run);
    await mover.advanceClock(120);
    try {
      expect(await scasOf(mover)).toBe(1);
      expect(mover.psu.tppSessionId).not.toBe(kept.psu.tppSessionId);
    } finally {
      await mover.restoreClock();
    }

    const next = scenario(run);
    await scasOf(next);
    expect(next.psu.tppSessionId).not.toBe(mover.psu.tppSessionId);
  });

  // trips: restoreClock not moving the clock back (it tests `!this.clockOffsetSeconds`), or the client's Date not kept
  // in step with the moves (onMove dropped)
  it("clockOffsetSeconds adds up the moves, the client's Date follows them, another TPP's session starts from them, and restoreClock undoes them", async () => {
    const s = scenario(randomUUID());
    expect(s.clockOffsetSeconds).toBe(0);
    await s.advanceClock(60);
    await s.advanceClock(30);
    expect(s.clockOffsetSeconds).toBe(90);
    expect(s.client.options.skewSeconds).toBe(90);
    expect(bankOffset()).toBe(90);
    const other = s.as('second');
    expect(other.clockOffsetSeconds).toBe(90);
    expect(other.client.options.skewSeconds).toBe(90);

    await s.restoreClock();
    expect(s.clockOffsetSeconds).toBe(0);
    expect(s.client.options.skewSeconds).toBe(0);
    expect(bankOffset()).toBe(0);
    // Nothing moved: restoring sends nothing.
    const before = s.client.exchanges.length;
    await s.restoreClock();
    expect(s.client.exchanges.length).toBe(before);

    // Without a clock control the move fails the scenario, naming why.
    const noClock = scenario(randomUUID(), {}, { clockControl: undefined });
    await expect(noClock.advanceClock(10)).rejects.toThrow(/no clock control/);
    expect(noClock.clockOffsetSeconds).toBe(0);
  });
});

describe('the clock window', () => {
  // trips: joinClockWindow not admitting the scenario (a batch's later scenario would run beside
  // another's clock move), or not recording the window (its move would not wait for the others)
  it("a scenario joins the run's clock window as it starts: it waits while another has it, and its move waits for it", async () => {
    const windowDir = mkdtempSync(join(tmpdir(), 'xs2a-window-'));
    const mover = scenario(randomUUID(), {}, { clockWindowDir: windowDir });
    await mover.joinClockWindow('f.feature:1');
    await mover.advanceClock(60);
    const other = scenario(randomUUID(), {}, { clockWindowDir: windowDir });
    let started = false;
    const joining = other.joinClockWindow('f.feature:2').then(() => (started = true));
    await new Promise((r) => setTimeout(r, 60));
    expect(started).toBe(false);
    await mover.restoreClock();
    mover.leaveClockWindow();
    await joining;
    // Its own move now waits for a third scenario that runs.
    const third = scenario(randomUUID(), {}, { clockWindowDir: windowDir });
    await third.joinClockWindow('f.feature:3');
    let moved = false;
    const moving = other.advanceClock(60).then(() => (moved = true));
    await new Promise((r) => setTimeout(r, 60));
    expect(moved).toBe(false);
    third.leaveClockWindow();
    await moving;
    await other.restoreClock();
    other.leaveClockWindow();
    rmSync(windowDir, { recursive: true, force: true });
  });
});

describe('need', () => {
  // trips: need() returning the missing value instead of failing (a later step works on undefined)
  it('fails naming what an earlier step should have kept; returns it when kept', () => {
    const s = scenario(randomUUID());
    expect(() => s.need('authorisationId', 'authorisation id')).toThrow(CheckFailure);
    expect(() => s.need('authorisationId', 'authorisation id')).toThrow(
      /no authorisation id was kept in this scenario \(an earlier step makes it\)/,
    );
    expect(() => s.need('rememberedPsuId')).toThrow(/no rememberedPsuId was kept/);
    (s.state as { rememberedPsuId?: string | null }).rememberedPsuId = null;
    expect(() => s.need('rememberedPsuId')).toThrow(/no rememberedPsuId was kept/);
    s.state.authorisationId = 'auth-1';
    expect(s.need('authorisationId')).toBe('auth-1');
    // A kept empty value is kept: only undefined and null are missing.
    s.state.scaRedirect = '';
    expect(s.need('scaRedirect')).toBe('');
  });
});

describe("as: the profile's other TPPs", () => {
  // trips: the kept session's key without the TPP identity (the other TPP takes, then replaces, the main TPP's kept
  // session)
  it("acts as the other TPP with a PSU session of its own, recorded in the scenario's exchanges, leaving the main TPP's kept session", async () => {
    expect(profile.tpp.identities.second).toBeDefined();
    const run = randomUUID();
    const main = scenario(run);
    await scasOf(main);

    const s = scenario(run);
    const other = s.as('second');
    expect(s.as('second')).toBe(other);
    expect(other.client.certificateHeader).not.toBe(s.client.certificateHeader);
    expect(await scasOf(other)).toBe(1);
    expect(other.psu.tppSessionId).not.toBe(main.psu.tppSessionId);
    // Its exchanges are the scenario's.
    expect(s.client.exchanges.length).toBeGreaterThan(0);
    expect(s.client.exchanges).toBe(other.client.exchanges);

    // The main TPP's kept session still serves the next scenario; the other TPP's is kept for it too.
    const next = scenario(run);
    expect(await scasOf(next)).toBe(0);
    expect(next.psu.tppSessionId).toBe(main.psu.tppSessionId);
    const nextOther = scenario(run).as('second');
    expect(await scasOf(nextOther)).toBe(0);
    expect(nextOther.psu.tppSessionId).toBe(other.psu.tppSessionId);

    // A profile without that identity: the scenario should not have run, and the failure says so.
    const bare = new ScenarioSession({
      ctx: { targetUrl: bank.url, allowPayments: false, embedded: true, runId: run },
      profile: { ...profile, tpp: { ...profile.tpp, identities: {} } },
    });
    expect(() => bare.as('second')).toThrow(/names no tpp\.identities\.second/);
  });
});

describe("send and the run guard's breaker", () => {
  /** A port on 127.0.0.1 nothing listens on (bound, then closed): connections to it are refused. */
  async function closedPort(): Promise<number> {
    const server = createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as { port: number };
    await new Promise<void>((resolve) => server.close(() => resolve()));
    return port;
  }

  // trips: a breaker per session instead of one per run (breakerFor not keeping it by stop file: two scenarios'
  // failures never add up), or send() not asking the guard before a request (no RunStopped)
  it('counts refused requests across the sessions of a run and stops them all (RunStopped) after `breaker` in a row', async () => {
    const stopFile = join(dir, `stop-${randomUUID()}`);
    const ctx: Partial<RunContext> = {
      targetUrl: `http://127.0.0.1:${await closedPort()}`,
      embedded: false,
      guard: { breaker: 3, stopFile },
    };
    const a = scenario(randomUUID(), {}, ctx);
    const b = scenario(randomUUID(), {}, ctx);
    const refused = (ex: Exchange) => expect(ex.error?.code).toBe('CONNECTION_REFUSED');

    refused(await a.send({ method: 'GET', path: '/v1/accounts' }));
    refused(await a.send({ method: 'GET', path: '/v1/accounts' }));
    expect(existsSync(stopFile)).toBe(false);
    refused(await b.send({ method: 'GET', path: '/v1/accounts' }));
    expect(existsSync(stopFile)).toBe(true);

    await expect(a.send({ method: 'GET', path: '/v1/accounts' })).rejects.toThrow(RunStopped);
    await expect(b.send({ method: 'GET', path: '/v1/accounts' })).rejects.toThrow(/3 consecutive requests/);
    // Stopped before sending: nothing more went out.
    expect(a.client.exchanges.length).toBe(2);
    expect(b.client.exchanges.length).toBe(1);
    // A new scenario of the run stops too.
    await expect(scenario(randomUUID(), {}, ctx).obtainPsu('PRIVATE')).rejects.toThrow(RunStopped);
  });
});

describe('scaRedirect links', () => {
  const answer = (status: number, json: unknown): Exchange =>
    ({
      request: {},
      response: { status, headers: {}, body: Buffer.from(JSON.stringify(json)), text: JSON.stringify(json), json },
    }) as unknown as Exchange;

  // trips: absolute() returning the href as given (a relative scaRedirect would be followed nowhere)
  it("scaHref makes a 401's scaRedirect absolute against the target, and fails on an answer without one", async () => {
    const s = scenario(randomUUID());
    expect(s.scaHref(answer(401, { _links: { scaRedirect: { href: '/sca/abc?x=1' } } }))).toBe(
      `${bank.url}/sca/abc?x=1`,
    );
    expect(s.absolute('https://sca.example.test/flow')).toBe('https://sca.example.test/flow');
    expect(() => s.scaHref(answer(200, { _links: { scaRedirect: { href: '/sca/abc' } } }))).toThrow(
      /expected 401 with _links.scaRedirect.href, got 200/,
    );
    expect(() => s.scaHref(answer(401, { tppMessages: [] }))).toThrow(CheckFailure);

    // The bank's own answer to the account list without a PSU session: its link, absolute.
    await s.send({ method: 'GET', path: '/v1/accounts' });
    expect(s.status).toBe(401);
    expect(s.scaHref().startsWith(`${bank.url}/`)).toBe(true);
  });
});

// The PSU a scenario needs is a set-up: a bank that does not take the psu-id its SCA gave leaves the
// scenario inconclusive (a SetupFailure naming list-accounts), not failed on its own clauses; the
// account list's own scenarios carry the failure. Fault that trips it: the SCA's link read with
// scaHref, whose CheckFailure failed every scenario that needs a PSU (200 MUST failures and 105
// warnings in a whole run against psu-id-not-recognised, now 82 and 26, the rest inconclusive).
describe('the PSU as a set-up', () => {
  let faulty: RunningBank;
  beforeAll(async () => {
    faulty = await startBank({ mode: 'test', host: '127.0.0.1', port: 0, faults: ['psu-id-not-recognised'] });
  });
  afterAll(async () => {
    await faulty?.close();
    setScenarioOperation(undefined);
  });
  const session = () =>
    new ScenarioSession({
      ctx: { targetUrl: faulty.url, allowPayments: false, embedded: true, runId: randomUUID() },
      profile,
    });

  it('a psu-id the bank does not take: inconclusive, naming the account list and what it answered', async () => {
    setScenarioOperation('get-balances');
    const e = await session()
      .obtainPsu('PRIVATE')
      .catch((x: unknown) => x);
    expect(e).toBeInstanceOf(SetupFailure);
    expect((e as SetupFailure).operation).toBe('list-accounts');
    expect((e as Error).message).toMatch(/psu-id of the SCA in PSU-ID is needed, but .*400/);
  });

  it("in the account list's own scenario: a failure of the set-up", async () => {
    setScenarioOperation('list-accounts');
    await expect(session().obtainPsu('PRIVATE')).rejects.toThrow(/the set-up \(@op:list-accounts\) could not be made/);
  });
});
