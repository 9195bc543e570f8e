// Inconclusive is an outcome: a set-up that cannot be made on the target ends the
// scenario inconclusive with the reason, never passed and never a failure of a clause it did not
// test; the set-up operation's own scenario carries the failure. Unit checks of the mapping and the
// reports, then a fault-injected bank whose set-up operation is broken.
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { getStatusFromError } from 'allure-js-commons/sdk';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CheckFailure, SetupFailure } from '../../src/session/errors.ts';
import { parseSetupFailure, setScenarioOperation, setupFail } from '../../src/session/expect.ts';
import { toJUnit } from '../../src/report/junit.ts';
import { ResultCollector } from '../../src/report/results.ts';
import { formatSummary } from '../../src/report/summary.ts';
import { applyWaivers, type ScenarioResult } from '../../src/report/verdict.ts';
import { cli } from '../helpers/cli.ts';
import { readResults, readResultsFile } from '../helpers/results.ts';

/** Cucumber's messages for one scenario whose first step ends with `step` (FAILED with the error, or PASSED). */
function collect(scenarios: Array<{ tags: string[]; error?: Error }>): ScenarioResult[] {
  const c = new ResultCollector();
  const send = (e: unknown) => c.onMessage(e as Parameters<ResultCollector['onMessage']>[0]);
  const duration = { seconds: 0, nanos: 1_000_000 };
  scenarios.forEach((s, i) => {
    send({
      pickle: {
        id: `p${i}`,
        name: `scenario ${i}`,
        uri: 'features/x.feature',
        tags: s.tags.map((name) => ({ name })),
        astNodeIds: [],
      },
    });
    send({ testCase: { id: `tc${i}`, pickleId: `p${i}` } });
    send({ testCaseStarted: { id: `s${i}`, testCaseId: `tc${i}` } });
    // As cucumber's formatError reports a thrown error: the constructor's name and the message.
    const result = s.error
      ? {
          status: 'FAILED',
          message: `${s.error.name}: ${s.error.message}`,
          exception: { type: s.error.constructor.name, message: s.error.message },
          duration,
        }
      : { status: 'PASSED', duration };
    send({ testStepFinished: { testCaseStartedId: `s${i}`, testStepResult: result } });
    send({
      testStepFinished: {
        testCaseStartedId: `s${i}`,
        testStepResult: { status: s.error ? 'SKIPPED' : 'PASSED', duration },
      },
    });
    send({ testCaseFinished: { testCaseStartedId: `s${i}`, willBeRetried: false } });
  });
  return c.results;
}

// The World outside a cucumber run: no world constructor to register.
vi.mock('@cucumber/cucumber', () => ({ World: class {}, setWorldConstructor: () => undefined }));

const accountsDown = () =>
  new SetupFailure("the PSU's account list is needed, but GET /v1/accounts answered 500", 'list-accounts', [
    'endpoints.list-accounts.success',
  ]);

afterEach(() => setScenarioOperation(undefined));

describe('SetupFailure and setupFail', () => {
  it('carries the reason and the operation, through the message cucumber passes on', () => {
    const e = accountsDown();
    expect(e).toBeInstanceOf(Error);
    expect(e).not.toBeInstanceOf(CheckFailure);
    expect(e.message).toMatch(/^the set-up \(@op:list-accounts\) could not be made: the PSU's account list is needed/);
    expect(parseSetupFailure(e.message)).toEqual({
      operation: 'list-accounts',
      reason: "the PSU's account list is needed, but GET /v1/accounts answered 500",
    });
    expect(parseSetupFailure(new SetupFailure('the PSU has no accounts', undefined).message)).toEqual({
      operation: undefined,
      reason: 'the PSU has no accounts',
    });
    expect(parseSetupFailure('expected status 200, but …')).toBeUndefined();
  });
  it('is filed as broken by Allure, a check failure as failed (allure-cucumberjs reads name, message and stack)', () => {
    const asAllure = (e: Error) => getStatusFromError({ name: e.constructor.name, message: e.message, stack: e.stack });
    expect(asAllure(accountsDown())).toBe('broken');
    expect(asAllure(new CheckFailure('expected status 200', ['endpoints.list-accounts.success']))).toBe('failed');
  });
  it('setupFail: a SetupFailure elsewhere, a check failure in the scenario of the set-up operation itself', () => {
    setScenarioOperation('get-balances');
    expect(() => setupFail('no account list', 'list-accounts')).toThrow(SetupFailure);
    setScenarioOperation('list-accounts');
    expect(() => setupFail('no account list', 'list-accounts')).toThrow(CheckFailure);
    expect(() => setupFail('the PSU has no accounts', undefined)).toThrow(SetupFailure);
  });
});

describe("the scenario session's set-ups", () => {
  it('an empty account list is a set-up that could not be made (no operation at fault), not a TypeError in step code', async () => {
    const { ScenarioSession } = await import('../../src/session/session.ts');
    const w = Object.assign(Object.create(ScenarioSession.prototype), {
      state: { accounts: [], nationalIds: {}, payments: [] },
      psu: { context: 'PRIVATE' },
    }) as InstanceType<typeof ScenarioSession>;
    const e = await w.accounts().then(
      () => undefined,
      (x: unknown) => x,
    );
    expect(e).toBeInstanceOf(SetupFailure);
    expect(e).toMatchObject({
      operation: undefined,
      reason: expect.stringMatching(
        /needs an account of the PSU, but the PSU's account list \(GET \/v1\/accounts\) is empty/,
      ),
    });
  });
});

describe('outcome mapping, verdict and reports', () => {
  const results = collect([
    { tags: ['@must', '@op:get-balances'], error: accountsDown() },
    { tags: ['@must', '@op:list-accounts'], error: accountsDown() },
    { tags: ['@should', '@op:get-balances'], error: new SetupFailure('the PSU has no accounts', undefined) },
    { tags: ['@must', '@op:get-balances'], error: new CheckFailure('expected status 200', ['endpoints.get-balances']) },
    { tags: ['@must', '@op:get-balances'] },
  ]);

  it("a SetupFailure is inconclusive with its reason, unless the set-up operation is the scenario's own: then failed", () => {
    expect(results.map((r) => r.outcome)).toEqual(['inconclusive', 'failed', 'inconclusive', 'failed', 'passed']);
    expect(results[0]).toMatchObject({
      reason: "the PSU's account list is needed, but GET /v1/accounts answered 500",
      setupOperation: 'list-accounts',
    });
    expect(results[2]).toMatchObject({ reason: 'the PSU has no accounts', setupOperation: undefined });
    expect(results[1].reason).toBeUndefined();
  });

  it('inconclusive does not fail the run; the verdict line counts the inconclusive MUSTs', () => {
    const ok = applyWaivers(structuredClone([results[0], results[2], results[4]]), [], '2026-01-01');
    expect(ok.exitCode).toBe(0);
    expect(ok.counts).toMatchObject({ passed: 1, inconclusive: 2, failed: 0 });
    const summary = formatSummary(ok, 1000, 'bank');
    expect(summary).toContain(
      'VERDICT: every applicable MUST passes (1 MUST inconclusive: set-up not made, not tested)',
    );
    expect(summary).toContain(
      "1 scenario (1 MUST) set-up @op:list-accounts: the PSU's account list is needed, but GET /v1/accounts answered 500",
    );
    expect(summary).toMatch(/3 scenarios: 1 passed, 0 failed, 0 warnings, 2 inconclusive/);
    expect(summary).toMatch(/area\s+level\s+pass\s+fail\s+warn\s+inc\.\s+n\/a/);

    const all = applyWaivers(structuredClone(results), [], '2026-01-01');
    expect(all.exitCode).toBe(1);
    expect(formatSummary(all, 1000, 'bank')).toContain(
      'VERDICT: FAIL (1 MUST inconclusive: set-up not made, not tested)',
    );
  });

  it('the same set-up failing in many scenarios is one line of the summary', () => {
    const many = collect(
      Array.from({ length: 5 }, (_v, i) => ({
        tags: ['@must', '@op:get-balances'],
        error: new SetupFailure(
          `POST /v1/sandbox/accounts answered 500: {"id":"${1000 + i}"}`,
          'create-sandbox-account',
        ),
      })),
    );
    const summary = formatSummary(applyWaivers(many, [], '2026-01-01'), 1000, 'bank');
    expect(summary).toContain(
      '5 scenarios (5 MUST) set-up @op:create-sandbox-account: POST /v1/sandbox/accounts answered 500',
    );
  });

  it('JUnit: an inconclusive scenario is skipped with the reason; results keep outcome and reason', () => {
    const xml = toJUnit(applyWaivers(structuredClone(results), [], '2026-01-01'));
    expect(xml).toContain(
      '<skipped message="inconclusive: the PSU&apos;s account list is needed, but GET /v1/accounts answered 500"/>',
    );
    expect(xml).toMatch(/<testsuites name="xs2a-conformance" tests="5" failures="2" skipped="2"/);
  });
});

// A fault in a set-up operation: POST /v1/sandbox/accounts answers without the new account's id.
// The operation's own scenario fails (exit 1); the scenarios that only needed a sandbox account are
// inconclusive, neither passed nor failures of the clauses they check.
describe('a broken set-up operation (fault sandbox-account-created-without-id)', () => {
  it("fails the operation's own scenario and leaves the scenarios that needed it inconclusive", () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-inconclusive-'));
    const tags =
      '(@op:create-sandbox-account or @op:create-sandbox-account-transactions or @op:get-sandbox-account-transactions) and not @clock';
    const r = cli(
      ['run', '--no-report', '--faults', 'sandbox-account-created-without-id', '--tags', tags, '--report-dir', dir],
      '',
      240_000,
    );
    const json = readResultsFile(dir);
    const results = json.results;
    expect(r.code).toBe(1);

    const own = results.filter(
      (x) => x.tags.includes('@op:create-sandbox-account') && x.uri.endsWith('sandbox-mock-data.feature'),
    );
    expect(own.map((x) => [x.name, x.outcome])).toEqual([['A sandbox account is created for a customer', 'failed']]);
    expect(results.filter((x) => x.outcome === 'failed')).toHaveLength(1);

    const needed = results.filter((x) => !x.tags.includes('@op:create-sandbox-account'));
    expect(needed.length).toBeGreaterThan(10);
    for (const x of needed) {
      expect(x.outcome, x.name).toBe('inconclusive');
      expect(x.setupOperation).toBe('create-sandbox-account');
      expect(x.reason).toMatch(/POST \/v1\/sandbox\/accounts answered no account id/);
    }
    const musts = needed.filter((x) => x.level === 'must').length;
    expect(json.counts).toMatchObject({ failed: 1, inconclusive: needed.length });

    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toContain(
      '<skipped message="inconclusive: POST /v1/sandbox/accounts answered no account id',
    );
    const summary = readFileSync(join(dir, 'summary.txt'), 'utf8');
    expect(summary).toContain(`VERDICT: FAIL (${musts} MUST inconclusive`);
    expect(summary).toContain(
      `${needed.length} scenarios (${musts} MUST) set-up @op:create-sandbox-account: POST /v1/sandbox/accounts answered no account id`,
    );

    // Allure: the inconclusive scenarios are broken, the operation's own scenario failed; the set-up exchange is
    // attached.
    const allure = join(dir, 'allure-results');
    const files = readdirSync(allure);
    const statuses = files
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => JSON.parse(readFileSync(join(allure, f), 'utf8')) as { name: string; status: string });
    expect(statuses.find((s) => s.name === 'A sandbox account is created for a customer')?.status).toBe('failed');
    expect(statuses.filter((s) => s.status === 'broken')).toHaveLength(needed.length);
    // The set-up exchange hangs under the step that failed to make it (as HTTP text and as a replayable record).
    const brokenFiles = files
      .filter((f) => f.endsWith('-result.json'))
      .map((f) => readFileSync(join(allure, f), 'utf8'))
      .filter((t) => t.includes('"status":"broken"'));
    expect(
      brokenFiles.filter(
        (t) => t.includes('exchange POST /v1/sandbox/accounts.json') && t.includes('POST /v1/sandbox/accounts.http'),
      ),
    ).toHaveLength(needed.length);
  }, 300_000);
});

// With no SCA mapping for a bank whose SCA pages the default form mapping cannot fill
// (the variant dialect's profile without its sca section), the scenarios that perform the SCA as their
// action fail, once per cause; every scenario that needed the PSU as a set-up is inconclusive, whatever
// its @op. Fault that trips it: the SCA's set-up failure filed under @op:list-accounts (dozens of
// account scenarios then fail with "the set-up (@op:list-accounts) could not be made").
describe('an SCA the profile cannot drive', () => {
  it('fails the SCA scenarios and leaves the scenarios that needed a PSU inconclusive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-cascade-'));
    const variant = readFileSync(join(import.meta.dirname, '..', '..', 'profiles', 'variant.yaml'), 'utf8');
    const profile =
      variant.slice(0, variant.indexOf('sca:\n  driver: form')) +
      'sca:\n  driver: form\n' +
      variant.slice(variant.indexOf('operations:'));
    const file = join(dir, 'no-sca-mapping.yaml');
    writeFileSync(file, profile);
    cli(
      [
        'run',
        '--dialect',
        'variant',
        '--profile',
        file,
        '--tags',
        '@area:sca or @area:accounts',
        '--no-report',
        '--report-dir',
        dir,
      ],
      '',
      280_000,
    );
    const results = readResults(dir);
    const failed = results.filter((x) => x.outcome === 'failed');
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) {
      expect(f.message ?? '', f.name).not.toMatch(/the set-up .*could not be made/);
      expect(f.name).toMatch(/SCA|redirect/);
    }
    expect(results.filter((x) => x.outcome === 'inconclusive').length).toBeGreaterThan(20);
  }, 300_000);
});

// The same within a scenario: a CORPORATE redirect without psu-corporate-id (fault
// corporate-redirect-without-corporate-id). Only the scenarios that check the redirect's rule fail;
// those that took the missing id from an earlier step (a corporate PSU's set-up SCA, the step that
// sends it in PSU-Corporate-ID) are inconclusive with the same cause, and the summary shows one cause
// on each side. Fault that trips it: the corporate set-up going on without the id (4 MUST scenarios
// then fail with "expected 401 … got 400" against sca.redirect-on-401, errors.corporate-id-missing,
// fields.error-body, fields.transaction-details._links).
describe('a cascade inside the scenario: the redirect without psu-corporate-id', () => {
  it('fails the scenarios of the redirect rule once; the later steps elsewhere are inconclusive with that cause', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-cascade-corporate-'));
    cli(
      [
        'run',
        '--faults',
        'corporate-redirect-without-corporate-id',
        '--tags',
        '@corporate',
        '--no-report',
        '--report-dir',
        dir,
      ],
      '',
      240_000,
    );
    const results = readResults(dir);
    const failed = results.filter((x) => x.outcome === 'failed');
    const cause = 'a CORPORATE SCA redirect carries no psu-corporate-id although a corporate agreement was chosen';
    expect(failed.length).toBeGreaterThan(0);
    for (const f of failed) {
      expect(f.message, f.name).toContain(cause);
      expect(
        f.tags.some((t) => t === '@clause:events.success.psu-corporate-id' || t === '@clause:sca.corporate-context'),
        f.name,
      ).toBe(true);
    }
    const inconclusive = results.filter((x) => x.outcome === 'inconclusive');
    expect(inconclusive.length).toBeGreaterThanOrEqual(4);
    for (const x of inconclusive) expect(x.reason, x.name).toBe(cause);
    expect(results.filter((x) => x.outcome === 'warning')).toEqual([]);
    const summary = readFileSync(join(dir, 'summary.txt'), 'utf8');
    expect(summary.match(/carries no psu-corporate-id/g)).toHaveLength(2);
  }, 300_000);

  it('fromEarlierStep: a failure of a rule the scenario claims stays a failure; of another rule, inconclusive', async () => {
    const { fromEarlierStep } = await import('../../src/session/expect.ts');
    const missing = () => {
      throw new CheckFailure('the redirect carries no psu-id', ['events.success.psu-id']);
    };
    setScenarioOperation('list-accounts', ['events.success.psu-id']);
    expect(() => fromEarlierStep(missing)).toThrow(CheckFailure);
    setScenarioOperation('list-accounts', ['conventions.psu-contexts']);
    const e = (() => {
      try {
        fromEarlierStep(missing);
      } catch (x) {
        return x;
      }
    })();
    expect(e).toBeInstanceOf(SetupFailure);
    expect(e).toMatchObject({ reason: 'the redirect carries no psu-id', operation: undefined });
    expect(fromEarlierStep(() => 7)).toBe(7);
  });
});

// A failed @should scenario is advice, shown as a warning: its own outcome and count
// (results, summary), passing in JUnit with the message in system-out, Allure's "unknown" status with a
// category of its own; MUST failures alone fail. Fault that trips it: SHOULD failures left "failed"
// (the counts, the JUnit failure and the Allure status all differ).
describe('SHOULD findings are warnings', () => {
  const results = collect([
    {
      tags: ['@should', '@op:get-balances'],
      error: new CheckFailure('expected status 200', ['endpoints.get-balances.success']),
    },
    { tags: ['@must', '@op:get-balances'] },
  ]);
  it('outcome warning, counted apart; the run passes; JUnit passes it with the message; the summary lists it as a warning', () => {
    const v = applyWaivers(structuredClone(results), [], '2026-01-01');
    expect(v.results.map((r) => r.outcome)).toEqual(['warning', 'passed']);
    expect(v.counts).toMatchObject({ warning: 1, failed: 0, passed: 1 });
    expect(v.exitCode).toBe(0);
    const junit = toJUnit(v);
    expect(junit).toContain('failures="0"');
    expect(junit).toMatch(/<system-out>warning \(SHOULD, advice: not a failure\): .*expected status 200/);
    const summary = formatSummary(v, 1000, 'bank');
    expect(summary).toMatch(/Warnings \(SHOULD: advice/);
    expect(summary).toMatch(/WARN {3}scenario 0/);
    expect(summary).toMatch(/2 scenarios: 1 passed, 0 failed, 1 warnings/);
  });
  // merge tidies the shards' results, which their runs tidied already. Fault that trips it: the labels
  // tidied again (the Gherkin feature's name in parentSuite replaced by the operation: Allure's Suites
  // then list the merged run by operation, not by feature).
  it('Allure: a result tidied twice (a shard run, then merge) is the result tidied once', async () => {
    const { finishAllureResults } = await import('../../src/report/report.ts');
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-tidy-twice-'));
    writeFileSync(
      join(dir, 'c-result.json'),
      JSON.stringify({
        uuid: 'c',
        status: 'failed',
        statusDetails: { message: 'expected status 200, got 400 [clause signing.date]', trace: 'Error: x' },
        labels: [
          { name: 'feature', value: 'Request signing' },
          { name: 'tag', value: '@must' },
          { name: 'feature', value: 'list-accounts' },
          { name: 'story', value: 'signing.date' },
        ],
      }),
    );
    finishAllureResults(dir);
    const once = readFileSync(join(dir, 'c-result.json'), 'utf8');
    expect(JSON.parse(once).labels).toContainEqual({ name: 'parentSuite', value: 'Request signing' });
    finishAllureResults(dir);
    expect(readFileSync(join(dir, 'c-result.json'), 'utf8')).toBe(once);
  });

  it('Allure: a failed @should result becomes "unknown", in the warnings category; a failed @must stays failed', async () => {
    const { finishAllureResults } = await import('../../src/report/report.ts');
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-warn-allure-'));
    const write = (uuid: string, tag: string) =>
      writeFileSync(
        join(dir, `${uuid}-result.json`),
        JSON.stringify({ uuid, status: 'failed', labels: [{ name: 'tag', value: tag }] }),
      );
    write('a', '@should');
    write('b', '@must');
    finishAllureResults(dir);
    expect(JSON.parse(readFileSync(join(dir, 'a-result.json'), 'utf8')).status).toBe('unknown');
    expect(JSON.parse(readFileSync(join(dir, 'b-result.json'), 'utf8')).status).toBe('failed');
    const categories = JSON.parse(readFileSync(join(dir, 'categories.json'), 'utf8')) as Array<{
      name: string;
      matchedStatuses?: string[];
    }>;
    expect(categories.find((c) => /Warnings/.test(c.name))?.matchedStatuses).toEqual(['unknown']);
  });
});
