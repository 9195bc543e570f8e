// A Date near the edge of the target's 60 s window, read after it crossed it (src/tpp/tampering/timing.ts):
// the reference bank behind a loopback proxy that holds every request 2.2 s on its way there, as a slow
// link or a loaded bank would. "a Date 61 seconds ahead" is then read less than 60 s ahead and accepted:
// the target's clock at arrival decided it, not its rule. The suite sends it again with its Date moved out
// by the time seen, and judges only a verdict that came in time; still late, the scenario is
// inconclusive, never failed.
import { randomUUID } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { delayProxy } from '../../bench/delay-proxy.ts';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { openCheckEnv } from '../../src/fuzz/checks.ts';
import { checkOperator } from '../../src/fuzz/runner.ts';
import { SetupFailure } from '../../src/session/errors.ts';
import { completeProfile } from '../../src/session/profile.ts';
import { ScenarioSession } from '../../src/session/session.ts';
import { sendTampered } from '../../src/suite/controls.ts';
import { tampering } from '../../src/suite/tamper.ts';
import type { RequestSpec } from '../../src/tpp/client.ts';
import { signatureOutcome } from '../../src/tpp/signature-oracle.ts';
import { lateVerdict, operatorById } from '../../src/tpp/tampering/index.ts';

const HOLD_MS = 2200;
const LIST: RequestSpec = { method: 'GET', path: '/v1/accounts' };
const profile = completeProfile({}, process.cwd());

interface Slow {
  bank: RunningBank;
  proxy: { url: string; close(): void };
}
let correct: Slow;
let lenient: Slow;

async function slow(faults: string[]): Promise<Slow> {
  const bank = await startBank({ mode: 'test', host: '127.0.0.1', port: 0, faults });
  return { bank, proxy: await delayProxy(new URL(bank.url), HOLD_MS, 0) };
}

beforeAll(async () => {
  [correct, lenient] = await Promise.all([slow([]), slow(['date-skew-ignored'])]);
});
afterAll(async () => {
  for (const s of [correct, lenient]) {
    s?.proxy.close();
    await s?.bank.close();
  }
});

const session = (url: string) =>
  new ScenarioSession({ ctx: { targetUrl: url, allowPayments: false, embedded: false, runId: randomUUID() }, profile });

const outcomes = (s: ScenarioSession) =>
  s.client.exchanges.map((e) => signatureOutcome({ status: e.response?.status, body: e.response?.text ?? '' }));

describe('the slack of the Date operators (how long a contrary verdict stays certain)', () => {
  // trips: the slack not counting the whole-second rounding, or the transit not moving the Date out
  it('62 s ahead (the row "61 seconds ahead"): 1 s, and 1 s more for each second of transit; behind: any time', () => {
    const skewed = operatorById('date.skewed');
    expect(skewed.slackMs!({ s: 62, ahead: true }, 0)).toBe(1000);
    expect(skewed.slackMs!({ s: 62, ahead: true }, 4000)).toBe(5000);
    expect(skewed.slackMs!({ s: 61, ahead: false }, 0)).toBe(Number.POSITIVE_INFINITY);
    const within = operatorById('date.within-window');
    expect(within.slackMs!(-50, 0)).toBe(9000);
    expect(within.slackMs!(-50, 6000)).toBe(15_000);
    expect(within.slackMs!(50, 6000)).toBe(109_000);
  });

  const ahead = operatorById('date.skewed');
  const value = { s: 62, ahead: true };
  const accepted = { status: 401, body: JSON.stringify({ _links: { scaRedirect: { href: 'x' } } }) };
  const refused = { status: 400, body: '{}' };
  // trips: late judged whatever the verdict (a refusal, the verdict expected, sent again)
  it('only the verdict the operator does not expect can be late', () => {
    expect(lateVerdict(ahead, value, refused, 60_000, 0)).toBe(false);
    expect(lateVerdict(ahead, value, accepted, 1001, 0)).toBe(true);
  });
  // trips: slack ignored (every contrary verdict sent again), or the transit not counted in it
  it('within the slack the contrary verdict counts; the transit widens the slack', () => {
    expect(lateVerdict(ahead, value, accepted, 1000, 0)).toBe(false);
    expect(lateVerdict(ahead, value, accepted, 3000, 4400)).toBe(false);
  });
  // trips: no answer, a 5xx or a 403 taken for a late verdict (sent again, then inconclusive instead of failed)
  it('no answer, a 5xx, a status neither acceptance nor rejection, an operator without slack: never late', () => {
    expect(lateVerdict(ahead, value, { error: 'ECONNRESET', body: '' }, 60_000, 0)).toBe(false);
    expect(lateVerdict(ahead, value, { status: 503, body: '' }, 60_000, 0)).toBe(false);
    expect(lateVerdict(ahead, value, { status: 403, body: '' }, 60_000, 0)).toBe(false);
    expect(lateVerdict(operatorById('signature.missing'), null, accepted, 60_000, 0)).toBe(false);
  });
});

describe.concurrent('a Date read late (a target 2.2 s away)', () => {
  // trips: one send judged as it came (accepted: "the signature is rejected" fails a correct bank), or the Date
  // not moved out on the second try (accepted again: inconclusive)
  it('"a Date 61 seconds ahead" accepted late is sent again further out and then refused by a correct bank', async () => {
    const s = session(correct.proxy.url);
    const ex = await sendTampered(s, tampering('a Date 61 seconds ahead'), LIST, LIST, 'the account list');
    expect(outcomes(s)).toEqual(['accepted', 'rejected']);
    expect(ex.response?.status).toBe(400);
    expect(s.client.exchanges[0]!.durationMs).toBeGreaterThan(HOLD_MS);
  }, 30_000);

  // trips: the Date not moved out on the second try (accepted again, late again: inconclusive, the fault not seen)
  it('a bank that accepts a Date more than 60 s ahead is caught though slow: the second try, in time, is accepted', async () => {
    const s = session(lenient.proxy.url);
    const ex = await sendTampered(s, tampering('a Date 61 seconds ahead'), LIST, LIST, 'the account list');
    expect(outcomes(s)).toEqual(['accepted', 'accepted']);
    expect(signatureOutcome({ status: ex.response?.status, body: ex.response?.text ?? '' })).toBe('accepted');
  }, 30_000);

  // trips: a verdict still late after the tries failed instead of left inconclusive
  it('a target slower at each try (1.1 s, 3.4 s, 8 s) accepting each: inconclusive after 3 tries, naming the times', async () => {
    const delays = [1100, 3400, 8000];
    const server = createServer((req, res) => {
      req.resume();
      setTimeout(() => {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ _links: { scaRedirect: { href: 'http://127.0.0.1:1/sca' } } }));
      }, delays.shift() ?? 0);
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    try {
      const s = session(`http://127.0.0.1:${(server.address() as AddressInfo).port}`);
      const e = await sendTampered(s, tampering('a Date 61 seconds ahead'), LIST, LIST, 'the account list').catch(
        (x: unknown) => x,
      );
      expect(e).toBeInstanceOf(SetupFailure);
      expect((e as Error).message).toMatch(/each of 3 times .* took \d+ ms, \d+ ms, \d+ ms from signing to answer/);
      expect(outcomes(s)).toEqual(['accepted', 'accepted', 'accepted']);
    } finally {
      server.close();
    }
  }, 30_000);
});

describe('the fuzzer, a Date read late', () => {
  // trips: caseProperty judging the first answer (a correct slow bank failed: expected reject, got 401)
  it('62 s ahead through the 2.2 s proxy: a correct bank is not failed', async () => {
    const env = await openCheckEnv({ target: correct.proxy.url, env: false });
    try {
      const op = { ...operatorById('date.skewed'), arb: fc.constant({ s: 62, ahead: true }) };
      const r = await checkOperator(env, op, { seed: 1, numRuns: 1 });
      expect(r.failed, r.message).toBe(false);
      expect(r.runs).toBe(1);
    } finally {
      await env.close();
    }
  }, 30_000);
});

describe('a Date read in time', () => {
  // trips: a late answer assumed whatever the time taken (the lenient bank's acceptance in time left unjudged)
  it('the bank that accepts any Date, answering at once: its acceptance is the verdict, after one request', async () => {
    const s = session(lenient.bank.url);
    const ex = await sendTampered(s, tampering('a Date 61 seconds ahead'), LIST, LIST, 'the account list');
    expect(outcomes(s)).toEqual(['accepted']);
    expect(ex.durationMs).toBeLessThan(1000);
  });
});
