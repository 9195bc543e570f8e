// Every negative check has its control. A scenario that expects a refusal also sends
// the same request without the violation, from the same state, and expects it accepted; otherwise an
// unrelated refusal (any 400) passes the check. This test parses every feature file and lists the
// negative scenarios that have no control, by the rule of src/suite/controls.ts:
//
// - negative: one of the scenario's steps expects (or accepts) a refusal: its text says "refused" or
//   "rejected" (not "not rejected"), "refusal" or "refuses", a 4xx response status, "cannot be
//   read" or "the answer is an error body"; or its data table answers a row "refused …";
// - controlled: each such step is followed, before the scenario's next When block, by the shared step
//   "the same request without the violation is accepted" (steps/control_steps.ts), or the scenario
//   writes its control out (error-codes.feature's style: the same operation without the violation in
//   a When step of its own, expected "the request is accepted", "each of those calls is accepted" or
//   "the payment and its status can be read").
//
// A negative scenario without a control fails the test unless ALLOWED names it with the reason no
// control can be made. It also shows that a control can fail: against the reference bank's fault
// every-post-refused (every POST of the interface refused with 400 FORMAT_ERROR), every scenario of
// error-bodies.feature passed before the controls; now those that send a POST fail at their control,
// after their refusal step passed.
import { readdirSync, readFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scenarios } from '../../src/report/coverage.ts';
import {
  CONTROL_STEP,
  expectControlAccepted,
  expectsRefusal,
  isNegative,
  keepControl,
  refusalOf,
  uncontrolledRefusals,
  type StepLike,
} from '../../src/suite/controls.ts';
import { ConformanceAssertionError } from '../../src/session/errors.ts';
import type { ScenarioSession } from '../../src/session/session.ts';
import type { Exchange } from '../../src/tpp/client.ts';
import { cli, ROOT } from '../helpers/cli.ts';
import { readResults } from '../helpers/results.ts';

/**
 * Negative scenarios without a control, by name, each with the reason no control can be made. Keep it
 * short: a scenario belongs here only when no request without the violation exists or can be sent.
 */
const ALLOWED: Record<string, string> = {
  'The error answer to a request to a path the bank does not serve carries the error body':
    "no request without the violation exists: the path itself is what the bank does not serve (versioning.feature's /v1-less paths have their control, /v1/accounts)",
  'A payment that does not exist is unknown':
    'read-only (@production-safe): a payment that exists could only be had by creating one, which this scenario must not do on a production target; the refusal must be 404 with RESOURCE_UNKNOWN, so an unrelated 400 does not pass it',
  ...Object.fromEntries(
    ['TLS 1.0', 'TLS 1.1'].map((v) => [
      `A handshake offering only ${v} is refused`,
      'the violation is below HTTP, a TLS handshake, not a request: its control is the next step, the same handshake offering TLS 1.0 to 1.3 with the same certificate, which must negotiate TLS 1.2 or 1.3 (src/suite/transport.ts)',
    ]),
  ),
  'The sandbox operations exist in the sandbox only':
    'the refusal is expected on a production target only, where the sandbox operation does not exist at all: no request without the violation exists there',
};

const all = scenarios(ROOT);
const negative = all.filter((s) => isNegative(s.steps));
const uncontrolled = negative.filter((s) => uncontrolledRefusals(s.steps).length);

describe('negative scenarios and their controls', () => {
  it('finds the negative scenarios of features/ (outline rows counted one by one)', () => {
    expect(negative.length).toBeGreaterThan(150);
    expect(negative.length).toBeLessThan(all.length);
  });

  it('leaves no negative scenario without a control, but the allowed ones', () => {
    const missing = uncontrolled
      .filter((s) => !(s.name in ALLOWED))
      .map((s) => `${s.where} ${s.name}: ${uncontrolledRefusals(s.steps).join('; ')}`);
    expect(
      missing,
      `negative scenarios without a control (add "And ${CONTROL_STEP}" after the refusal, keep the control in the violating step: src/suite/controls.ts)`,
    ).toEqual([]);
  });

  it('allows only scenarios that exist, are negative and have no control, each with its reason', () => {
    for (const [name, reason] of Object.entries(ALLOWED)) {
      const found = all.filter((s) => s.name === name);
      expect(found.length, `ALLOWED names "${name}", which no feature has`).toBeGreaterThan(0);
      for (const s of found) {
        expect(isNegative(s.steps), `${s.where} ${name} is not negative`).toBe(true);
        expect(
          uncontrolledRefusals(s.steps).length,
          `${s.where} ${name} has its control now: take it out of ALLOWED`,
        ).toBeGreaterThan(0);
      }
      expect(reason.trim().length, name).toBeGreaterThan(20);
    }
  });

  it('keeps the control step in one step file, shared by every feature', () => {
    const dir = join(ROOT, 'steps');
    const defining = readdirSync(dir)
      .filter((f) => f.endsWith('.ts'))
      .filter((f) => readFileSync(join(dir, f), 'utf8').includes(`'${CONTROL_STEP}'`));
    expect(defining).toEqual(['control_steps.ts']);
    const users = new Set(
      negative.filter((s) => s.steps.some((x) => x.text === CONTROL_STEP)).map((s) => s.where.split(':')[0]),
    );
    expect(users.size).toBeGreaterThan(10);
  });
});

describe('the rule', () => {
  const step = (type: string, text: string, table?: string[][]): StepLike => ({ type, text, table });

  it('reads a refusal in the step text or in a data table\'s answers, and not in "not rejected"', () => {
    expect(expectsRefusal(step('Outcome', 'the request is refused with status 400'))).toBe(true);
    expect(expectsRefusal(step('Outcome', 'the second payment is refused as a logical duplicate'))).toBe(true);
    expect(expectsRefusal(step('Outcome', 'the refusal names the code KID_INVALID'))).toBe(true);
    expect(expectsRefusal(step('Outcome', 'the response status is 401'))).toBe(true);
    expect(expectsRefusal(step('Outcome', 'the payment cannot be read before approval'))).toBe(true);
    expect(expectsRefusal(step('Outcome', 'the answer is an error body whose status is the HTTP status'))).toBe(true);
    expect(
      expectsRefusal(
        step('Context', 'a sandbox account of the PSU named with 71 characters, unless the sandbox refuses it'),
      ),
    ).toBe(true);
    expect(
      expectsRefusal(
        step('Action', 'the TPP initiates a cross-border payment in each of these ways:', [
          ['way', 'answer'],
          ['creditorName has 71 characters', 'refused 400'],
        ]),
      ),
    ).toBe(true);
    expect(
      expectsRefusal(
        step('Action', 'the TPP initiates a cross-border payment in each of these ways:', [
          ['way', 'answer'],
          ['creditorName has 70 characters', 'accepted'],
        ]),
      ),
    ).toBe(false);
    expect(
      expectsRefusal(
        step('Outcome', "the payment within the debtor's funds is not rejected and has fundsAvailable true"),
      ),
    ).toBe(false);
    expect(expectsRefusal(step('Outcome', 'the response status is 200'))).toBe(false);
    expect(expectsRefusal(step('Outcome', 'the answer is 406 or a JSON body, never XML'))).toBe(false);
  });

  it('wants the control step after each refusal, before the next When block, unless the control is written out', () => {
    const when = step('Action', 'the TPP reads the account list with "no signature"');
    const refused = step('Outcome', 'the request is refused with status 400');
    const control = step('Outcome', CONTROL_STEP);
    expect(uncontrolledRefusals([when, refused, control])).toEqual([]);
    expect(uncontrolledRefusals([when, refused])).toEqual([refused.text]);
    // A control at the end does not cover a refusal of an earlier When block.
    expect(uncontrolledRefusals([when, refused, when, refused, control])).toEqual([refused.text]);
    expect(uncontrolledRefusals([control, when, refused])).toEqual([refused.text]);
    // error-codes.feature's style: the same operation without the violation, accepted, in the scenario.
    expect(
      uncontrolledRefusals([
        step('Action', 'the TPP initiates a cross-border payment'),
        step('Outcome', 'the request is accepted'),
        when,
        refused,
      ]),
    ).toEqual([]);
  });
});

describe('the control', () => {
  const answer = (status: number, json?: unknown): Exchange =>
    ({
      request: { method: 'GET', target: '/v1/accounts', headers: [], body: Buffer.alloc(0) },
      response: {
        status,
        headers: {},
        body: Buffer.from(JSON.stringify(json ?? {})),
        text: JSON.stringify(json ?? {}),
        json,
      },
    }) as unknown as Exchange;
  const scaDemanded = answer(401, { _links: { scaRedirect: { href: '/sca/1' } } });

  it('takes 2xx, and for "served" a 401 with a scaRedirect link (SCA demanded), as accepted', () => {
    expect(refusalOf(answer(200), 'served')).toBeUndefined();
    expect(refusalOf(answer(201), 'succeeded')).toBeUndefined();
    expect(refusalOf(scaDemanded, 'served')).toBeUndefined();
    expect(refusalOf(scaDemanded, 'succeeded')).toMatch(/answered 401/);
    expect(refusalOf(answer(400, { code: 'FORMAT_ERROR' }), 'served')).toMatch(/answered 400/);
    expect(refusalOf(answer(401), 'served')).toMatch(/answered 401/);
  });

  it("is sent with the PSU of the moment it was kept, and fails naming the scenario's clauses when refused", async () => {
    const seen: Array<string | undefined> = [];
    let reply = answer(400, { code: 'FORMAT_ERROR' });
    const w = { psu: { psuId: 'psu-1' }, state: {}, scenarioClauses: ['headers.psu-id'] } as unknown as ScenarioSession;
    keepControl(w, 'the same request with PSU-ID', async () => {
      seen.push(w.psu.psuId);
      return reply;
    });
    w.psu = { psuId: 'psu-2' };
    const failure = await expectControlAccepted(w).catch((e: unknown) => e);
    expect(failure).toBeInstanceOf(ConformanceAssertionError);
    expect((failure as ConformanceAssertionError).clauses).toEqual(['headers.psu-id']);
    expect((failure as Error).message).toMatch(
      /the refusal is not shown to be for the violation: the same request without it \(the same request with PSU-ID\) was not accepted either/,
    );
    expect(seen).toEqual(['psu-1']);
    expect(w.psu.psuId).toBe('psu-2');
    reply = answer(200);
    await expect(expectControlAccepted(w)).resolves.toBe(reply);
  });

  it('is a defect of the suite, not of the bank, when no step kept one', async () => {
    const w = { psu: {}, state: {}, scenarioClauses: [] } as unknown as ScenarioSession;
    await expect(expectControlAccepted(w)).rejects.not.toBeInstanceOf(ConformanceAssertionError);
  });
});

// A bank that refuses every POST with 400 FORMAT_ERROR and the error body: the refusals the negative
// scenarios of error-bodies.feature expect all come, for no reason of their own. Before the controls
// all 15 scenarios passed against it; now each that sends a POST fails at its control, after its
// refusal step passed (the failure is the control's), and only the GET scenarios still pass.
describe('a bank that refuses every POST (fault every-post-refused)', () => {
  it('fails the negative scenarios through their controls', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-controls-'));
    const r = cli(
      ['run', '--faults', 'every-post-refused', '--tags', '@area:errors', '--no-report', '--report-dir', dir],
      '',
      120_000,
    );
    const results = readResults(dir);
    // MUST failures and SHOULD warnings alike (a warning is a SHOULD scenario's failed check).
    const failed = results.filter((x) => x.outcome === 'failed' || x.outcome === 'warning');
    const byControl = failed.filter((x) => /the refusal is not shown to be for the violation/.test(x.message ?? ''));
    expect(r.code).toBe(1);
    expect(byControl.map((x) => x.name)).toEqual(
      expect.arrayContaining([
        'A cross-border payment whose body is JSON cut off in the middle is refused with 400 FORMAT_ERROR',
        'A cross-border payment sent as JSON with creditorName in ISO-8859-1 bytes is refused with 400',
        'An emoji in a sandbox account name is refused with 400',
        'The error answer to a consent request to /v1/consents carries the error body',
      ]),
    );
    expect(byControl.length).toBe(failed.length);
    expect(byControl.length).toBeGreaterThanOrEqual(10);
  }, 150_000);
});
