// Several TPP identities (features/tpp-identities.feature) against the reference bank started in
// production mode, both dialects: the PSD2 role scenarios apply there (environment production) and
// pass with the profile's TEST-ONLY AI-only and PI-only TPPs; and the profile's tpp.identities: read,
// defaulted, and a missing identity makes its scenarios not applicable with the reason.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse as parseYaml, stringify } from 'yaml';
import { startBank } from '../../src/bank/index.ts';
import { notApplicable } from '../../src/suite/applicability.ts';
import { dialectProfile } from '../../src/session/dialects.ts';
import { completeProfile } from '../../src/session/profile.ts';
import { ProfileError } from '../../src/session/errors.ts';
import { readTags } from '../../src/suite/tags.ts';
import { FIXTURES_DIR } from '../../src/tpp/fixtures.ts';
import { cliAsync } from '../helpers/cli.ts';
import { readResults } from '../helpers/results.ts';

const CERTS = join(FIXTURES_DIR, 'certs');
const cert = (p: string) => join(CERTS, `${p}qsealc.cert.pem`);
const key = (p: string) => join(CERTS, `${p}qsealc.key.pem`);
const ca = (p: string) => readFileSync(join(CERTS, `${p}ca.cert.pem`), 'utf8');
const dir = mkdtempSync(join(tmpdir(), 'xs2a-identities-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const IDENTITIES = {
  second: { signing: { cert: cert('second-'), key: key('second-') } },
  aiOnly: { signing: { cert: cert('ai-only-'), key: key('ai-only-') } },
  piOnly: { signing: { cert: cert('pi-only-'), key: key('pi-only-') } },
};

describe.each(['default', 'variant'] as const)(
  'identity scenarios against the reference bank in production mode (%s dialect)',
  (dialect) => {
    it('runs the PSD2 role scenarios and the payment and basket ones (--allow-payments); the others are not production-safe', async () => {
      const bank = await startBank({
        mode: 'production',
        dialect,
        trustedCaPems: ['', 'second-', 'ai-only-', 'pi-only-'].map(ca),
      });
      try {
        const nid = [...bank.bank.state.customers.values()].find((c) => c.type === 'private')!.customerNumber;
        const shipped = dialectProfile(dialect);
        const base = shipped ? parseYaml(readFileSync(shipped, 'utf8')) : {};
        const profile = {
          ...base,
          environment: 'production',
          capabilities: { ...(base.capabilities ?? {}), sandbox: false },
          tpp: { signing: { cert: cert(''), key: key('') }, identities: IDENTITIES },
          psu: { private: { nationalId: nid } },
        };
        const file = join(dir, `production-${dialect}.yaml`);
        writeFileSync(file, stringify(profile));
        const out = join(dir, `report-${dialect}`);
        const r = await cliAsync(
          [
            'run',
            '--target',
            bank.url,
            '--profile',
            file,
            '--allow-payments',
            '--tags',
            '@area:tpp-identities',
            '--no-report',
            '--report-dir',
            out,
          ],
          55_000,
        );
        const results = readResults(out);
        const by = (re: RegExp) => results.filter((x) => re.test(x.name));
        expect(by(/role|without the (AI|PI) role/).map((x) => [x.name, x.outcome])).toEqual([
          ['In production a TPP without the AI role cannot read accounts', 'passed'],
          ['In production a TPP without the PI role cannot initiate a payment', 'passed'],
          ['A TPP without the AI role is refused the account list with 403 FORBIDDEN', 'passed'],
          ['A TPP without the PI role is refused a payment with 403 FORBIDDEN', 'passed'],
        ]);
        expect(by(/cannot read a TPP's (payment|signing basket)/).map((x) => x.outcome)).toEqual(['passed', 'passed']);
        expect(by(/psu-ids|consent and session|session valid/).map((x) => x.outcome)).toEqual([
          'not-applicable',
          'not-applicable',
          'not-applicable',
        ]);
        expect(r.code, r.stdout + r.stderr).toBe(0);
      } finally {
        await bank.close();
      }
    }, 60_000);
  },
);

describe("the profile's tpp.identities", () => {
  const p = completeProfile({}, dir);
  const mode = { allowPayments: false, hasClock: true };

  it('defaults to the TEST-ONLY second, AI-only and PI-only TPPs when the profile names no TPP of its own', () => {
    expect(Object.keys(p.tpp.identities).sort()).toEqual(['aiOnly', 'piOnly', 'second']);
    expect(p.tpp.identities.aiOnly!.signing.certPem).toBe(readFileSync(cert('ai-only-'), 'utf8'));
  });

  it('reads the identities a profile names, and none it does not', () => {
    const own = completeProfile(
      { tpp: { signing: { cert: cert(''), key: key('') }, identities: { piOnly: IDENTITIES.piOnly } } },
      dir,
    );
    expect(Object.keys(own.tpp.identities)).toEqual(['piOnly']);
    expect(own.tpp.identities.piOnly!.signing.keyPem).toBe(readFileSync(key('pi-only-'), 'utf8'));
    const main = completeProfile(
      { tpp: { identities: { main: { signing: { cert: cert('second-'), key: key('second-') } } } } },
      dir,
    );
    expect(main.tpp.signing.certPem).toBe(readFileSync(cert('second-'), 'utf8'));
    expect(main.tpp.identities).toEqual({});
    expect(() =>
      completeProfile(
        { tpp: { signing: { cert: cert(''), key: key('') }, identities: { main: IDENTITIES.second } } },
        dir,
      ),
    ).toThrow(ProfileError);
    expect(() => completeProfile({ tpp: { identities: { third: IDENTITIES.second } } }, dir)).toThrow(
      /tpp\.identities\.third is not a known key/,
    );
    expect(() =>
      completeProfile({ tpp: { identities: { second: { signing: { cert: 'nope.pem', key: 'nope.pem' } } } } }, dir),
    ).toThrow(/tpp\.identities\.second\.signing\.cert: cannot read nope\.pem/);
  });

  it('makes a scenario that needs a missing identity not applicable, with the reason', () => {
    const none = { ...p, tpp: { ...p.tpp, identities: {} } };
    expect(notApplicable(readTags(['@should', '@identity:second']), none, mode)).toMatch(
      /a second TPP and the profile names none \(tpp\.identities\.second\)/,
    );
    expect(notApplicable(readTags(['@must', '@identity:piOnly']), none, mode)).toMatch(
      /PSP_PI.*tpp\.identities\.piOnly/,
    );
    expect(notApplicable(readTags(['@must', '@identity:second']), p, mode)).toBeUndefined();
  });

  it('runs the PSD2 role scenarios only where the target checks roles', () => {
    const role = readTags(['@must', '@role-checks']);
    expect(notApplicable(role, p, mode)).toMatch(/capabilities\.roleChecks/);
    expect(notApplicable(role, { ...p, capabilities: { ...p.capabilities, roleChecks: true } }, mode)).toBeUndefined();
    expect(notApplicable(role, p, { ...mode, checksRoles: true })).toBeUndefined();
    expect(
      notApplicable(readTags(['@must', '@role-checks', '@production-safe']), { ...p, environment: 'production' }, mode),
    ).toBeUndefined();
  });
});
