// Profiles (errors name the key), waivers and exit codes.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_BROWSER, loadProfile, withScaDriver } from '../../src/session/profile.ts';
import { applyWaivers, type ScenarioResult } from '../../src/report/verdict.ts';
import { notApplicable } from '../../src/suite/applicability.ts';
import { readTags } from '../../src/suite/tags.ts';
import { cli, ROOT } from '../helpers/cli.ts';
import { readResults } from '../helpers/results.ts';

const dir = mkdtempSync(join(tmpdir(), 'xs2a-profile-'));
const write = (name: string, text: string) => {
  const p = join(dir, name);
  writeFileSync(p, text);
  return p;
};

describe('profiles', () => {
  it('a complete YAML profile loads, with paths relative to the file', () => {
    writeFileSync(join(dir, 'seal.pem'), 'CERT');
    writeFileSync(join(dir, 'seal.key'), 'KEY');
    const p = loadProfile(
      write(
        'ok.yaml',
        `
target: https://bank.example/psd2
environment: production
tpp:
  signing: { cert: seal.pem, key: seal.key }
psu:
  private: { nationalId: "01010112345" }
sca:
  driver: form
  form: { fields: { ssn: "{{psu.nationalId}}" }, contextField: kontekst, cancel: Avbryt }
capabilities: { corporate: false }
waivers:
  - { clause: limits.basket-size, reason: "JIRA-12", expires: "2099-01-01" }
`,
      ),
    );
    expect(p.tpp.signing).toMatchObject({ certPem: 'CERT', keyPem: 'KEY' });
    expect(p.sca.form).toMatchObject({
      fields: { ssn: '{{psu.nationalId}}' },
      contextField: 'kontekst',
      cancel: 'Avbryt',
      maxSteps: 10,
    });
    expect(p.capabilities).toMatchObject({ corporate: false, sandbox: true });
    expect(p.environment).toBe('production');
  });
  it.each([
    ['typo.yaml', 'sca: { drivr: form }', /key sca.drivr is not a known key/],
    ['enum.yaml', 'sca: { driver: robot }', /key sca.driver must be one of form, browser, preset/],
    ['type.json', '{"timeoutMs": "fast"}', /key timeoutMs must be integer/],
    ['waiver.yaml', 'waivers: [{ clause: x, expires: "2099-01-01" }]', /key waivers.0.reason is required/],
    ['bad.yaml', 'sca: [', /is not valid YAML/],
    ['file.yaml', 'tpp: { signing: { cert: nope.pem, key: nope.key } }', /key tpp.signing.cert: cannot read nope.pem/],
    [
      'browser.yaml',
      'sca: { browser: { steps: [{ klick: "#go" }] } }',
      /key sca.browser.steps.0.klick is not a known key/,
    ],
    ['origins.yaml', 'sca: { origins: ["https://sca.bank.example/login"] }', /key sca.origins.0 must match pattern/],
  ])('%s is refused naming the key', (name, text, message) => {
    expect(() => loadProfile(write(name, text))).toThrow(message);
  });
  it("the browser driver without steps gets the reference bank's script; the shipped example loads as the embedded bank needs it", () => {
    const p = loadProfile(write('browser-default.yaml', 'sca: { driver: browser }'));
    expect(p.sca.browser).toEqual(DEFAULT_BROWSER);
    const ex = loadProfile(join(ROOT, 'docs/profile.example.yaml'));
    expect(ex.target).toBeUndefined();
    expect(ex.sca.driver).toBe('browser');
    expect(ex.tpp.signing.certPem).toContain('BEGIN CERTIFICATE');
    expect(new URL(ex.tpp.redirectUri).hostname).toBe('127.0.0.1');
    expect(withScaDriver(ex, 'form').sca.driver).toBe('form');
  });
  it('the CLI says so on one line and exits 2', () => {
    const r = cli(['run', '--profile', write('cli.yaml', 'environment: staging')]);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/key environment must be one of sandbox, production/);
  });
  it('an unreachable target exits 3', () => {
    const r = cli(['run', '--target', 'http://127.0.0.1:1', '--no-report', '--report-dir', dir]);
    expect(r.code).toBe(3);
    expect(r.stderr).toMatch(/cannot be reached/);
  });
  // The browser driver with the reference bank's own script against another target would
  // fail every SCA for the wrong reason. Fault that trips it: the default steps used silently (exit 3 here).
  it('the browser driver without sca.browser steps against another target: exit 2, naming the key', () => {
    const noSteps = cli([
      'run',
      '--target',
      'http://127.0.0.1:1',
      '--profile',
      write('browser.yaml', 'sca:\n  driver: browser\n'),
      '--no-report',
      '--report-dir',
      dir,
    ]);
    expect(noSteps.code).toBe(2);
    expect(noSteps.stderr).toMatch(/no sca\.browser\.steps/);
    expect(
      cli(['run', '--target', 'http://127.0.0.1:1', '--sca-driver', 'browser', '--no-report', '--report-dir', dir])
        .code,
    ).toBe(2);
    // Control: with the profile's own steps it goes on (to the unreachable target: exit 3).
    expect(
      cli([
        'run',
        '--target',
        'http://127.0.0.1:1',
        '--profile',
        'docs/profile.example.yaml',
        '--no-report',
        '--report-dir',
        dir,
      ]).code,
    ).toBe(3);
  });
  it('unusable flags exit 2', () => {
    expect(cli(['run', '--target', 'ftp://x']).code).toBe(2);
    expect(cli(['run', '--faults', 'no-such-fault', '--no-report']).stderr).toMatch(/unknown/);
  });
  void ROOT;
});

const result = (over: Partial<ScenarioResult>): ScenarioResult => ({
  id: 'f:1',
  name: 's',
  uri: 'f',
  line: 1,
  tags: [],
  clauses: [],
  level: 'must',
  area: 'a',
  outcome: 'passed',
  durationMs: 1,
  ...over,
});

describe('verdict and waivers', () => {
  it('a MUST failure fails the run; a SHOULD failure does not', () => {
    expect(applyWaivers([result({ outcome: 'failed' })], [], '2026-01-01').exitCode).toBe(1);
    expect(applyWaivers([result({ outcome: 'failed', level: 'should' })], [], '2026-01-01').exitCode).toBe(0);
    expect(applyWaivers([result({ outcome: 'not-applicable' })], [], '2026-01-01').exitCode).toBe(0);
  });
  it('a waived failure passes the run until it expires', () => {
    const w = [{ clause: 'limits.basket-size', reason: 'known', expires: '2026-06-30' }];
    const v = applyWaivers([result({ outcome: 'failed', clauses: ['limits.basket-size'] })], w, '2026-06-01');
    expect(v.exitCode).toBe(0);
    expect(v.results[0]).toMatchObject({ outcome: 'waived', reason: 'waived until 2026-06-30: known' });
    expect(
      applyWaivers([result({ outcome: 'failed', clauses: ['limits.basket-size'] })], w, '2026-07-01'),
    ).toMatchObject({ exitCode: 1, waiverProblems: [{ problem: 'expired' }] });
  });
  it('a waiver whose scenario passes now fails the run', () => {
    const v = applyWaivers(
      [result({ outcome: 'passed', name: 'x' })],
      [{ scenario: 'x', reason: 'r', expires: '2099-01-01' }],
      '2026-01-01',
    );
    expect(v).toMatchObject({ exitCode: 1, waiverProblems: [{ problem: 'passes-now' }] });
  });
});

describe('not applicable is not skipped', () => {
  const p = loadProfile(write('na.yaml', 'capabilities: { corporate: false }'));
  it('says why', () => {
    expect(notApplicable(readTags(['@must', '@corporate']), p, { allowPayments: false, hasClock: true })).toMatch(
      /corporate/,
    );
    expect(notApplicable(readTags(['@must', '@clock']), p, { allowPayments: false, hasClock: false })).toMatch(
      /clock-control/,
    );
    // Fault that trips it: a shard against a shared target moving its clock or wiping its sandbox under the other
    // shards' scenarios.
    expect(
      notApplicable(readTags(['@must', '@clock']), p, { allowPayments: false, hasClock: true, sharedShard: true }),
    ).toMatch(/other shards/);
    expect(
      notApplicable(readTags(['@must', '@alone']), p, { allowPayments: false, hasClock: true, sharedShard: true }),
    ).toMatch(/other shards/);
    expect(notApplicable(readTags(['@must', '@alone']), p, { allowPayments: false, hasClock: false })).toBeUndefined();
    expect(
      notApplicable(
        readTags(['@must']),
        { ...p, environment: 'production' },
        { allowPayments: false, hasClock: false },
      ),
    ).toMatch(/production-safe/);
    expect(
      notApplicable(
        readTags(['@must', '@production-safe']),
        { ...p, environment: 'production' },
        { allowPayments: false, hasClock: false },
      ),
    ).toBeUndefined();
  });
});

describe('production mode', () => {
  it('the allowance guard refuses the fifth call without a PSU to one account', async () => {
    const { spendAllowance } = await import('../../src/session/allowance.ts');
    for (let i = 0; i < 4; i++)
      spendAllowance('GET', '/v1/accounts/acc-guard/transactions?bookingStatus=booked', false);
    spendAllowance('GET', '/v1/accounts/acc-guard/balances', true);
    spendAllowance('GET', '/v1/accounts', false);
    expect(() => spendAllowance('GET', '/v1/accounts/acc-guard/balances', false)).toThrow(
      /5th call without PSU-IP-Address .* allowance of 4 per 24 hours/,
    );
  });
  it('runs only @production-safe scenarios; the rest are not applicable, with the reason', () => {
    const out = mkdtempSync(join(tmpdir(), 'xs2a-prod-'));
    const r = cli(
      [
        'run',
        '--profile',
        write('prod.yaml', 'environment: production'),
        '--tags',
        '@area:request-signing',
        '--no-report',
        '--report-dir',
        out,
      ],
      '',
      300_000,
    );
    const results = readResults(out);
    expect(r.code).toBe(0);
    expect(results.filter((x) => x.outcome === 'passed').every((x) => x.tags.includes('@production-safe'))).toBe(true);
    const na = results.filter((x) => x.outcome === 'not-applicable');
    expect(na.length).toBeGreaterThan(0);
    expect(na.every((x) => !x.tags.includes('@production-safe') || /sandbox/.test(x.reason ?? ''))).toBe(true);
    expect(na[0].reason).toMatch(/production/);
  }, 300_000);
});

describe('capabilities.sandbox: false', () => {
  it('makes every sandbox scenario not applicable, the sandbox-only-operation check included', async () => {
    const { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } = await import('@cucumber/gherkin');
    const { IdGenerator } = await import('@cucumber/messages');
    const { readdirSync } = await import('node:fs');
    const { completeProfile } = await import('../../src/session/profile.ts');
    const p = completeProfile({ capabilities: { sandbox: false } }, ROOT);
    const run: string[] = [];
    for (const f of readdirSync(join(ROOT, 'features')).filter((x) => x.endsWith('.feature'))) {
      const newId = IdGenerator.uuid();
      const doc = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(
        readFileSync(join(ROOT, 'features', f), 'utf8'),
      );
      for (const pickle of compile({ ...doc, uri: f }, f, newId)) {
        const t = readTags(pickle.tags.map((x) => x.name));
        if (
          !notApplicable(t, p, { allowPayments: false, hasClock: true }) &&
          (t.needs.has('sandbox') || /sandbox/.test(t.op ?? ''))
        )
          run.push(`${f}: ${pickle.name}`);
      }
    }
    expect(run).toEqual([]);
  });
});
