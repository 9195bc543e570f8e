// A profile in half an hour: `init --target URL` probes a bank and writes a starter profile;
// with it, after only the edits its FIND OUT comments ask for, a run gives 0 failures and 0
// inconclusive, on each dialect of the reference bank (served on its own port, reached as any target).
// The edits take the bank's documented values: for the variant dialect, its shipped profile
// (profiles/variant.yaml) stands for that documentation; a key the documentation leaves alone keeps
// the suite's default. Faults that trip it: init missing the SCA page's fields, radio group or abort
// button (the SCA scenarios fail, the PSU's scenarios are inconclusive), a wrong customer list shape
// or type values (the sandbox set-ups are inconclusive), a path it picks wrong (a failed set-up).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/server.ts';
import { openKeys, setKey, valueAtKey } from '../../src/suite/init.ts';
import { cliAsync, ROOT } from '../helpers/cli.ts';

describe.each(['default', 'variant'] as const)('init against the %s dialect', (dialect) => {
  let bank: RunningBank;
  const dir = mkdtempSync(join(tmpdir(), `xs2a-init-${dialect}-`));
  beforeAll(async () => {
    bank = await startBank({ port: 0, dialect });
  });
  afterAll(async () => bank?.close());

  it('writes a profile with which the run gives 0 failures and 0 inconclusive after the edits its comments ask for', async () => {
    const out = join(dir, 'bank.yaml');
    const init = await cliAsync(['init', '--target', bank.url, '--out', out], 60_000);
    expect(init.code, init.stderr).toBe(0);
    const text = readFileSync(out, 'utf8');
    const asked = openKeys(text);
    expect(init.stderr).toContain(`${asked.length} to find out`);
    const doc = YAML.parse(text) as Record<string, any>;

    // What init decided from the answers alone.
    expect(doc.sca.driver).toBe('form');
    expect(doc.clockControl).toMatchObject({ method: 'POST', path: '/__control/clock' });
    if (dialect === 'variant') {
      expect(doc.customerTypes).toEqual({ private: 'PERSON', corporate: 'ORGANISATION' });
      expect(doc.responses).toMatchObject({
        'sandbox-customers.list': '/customers',
        'sandbox-customer.nationalId': '/nationalIdentityNumber',
        'sandbox-customer.type': '/customerType',
      });
      expect(doc.sca.form).toEqual({
        fields: { fnr: '{{psu.nationalId}}' },
        contextField: 'kontekst',
        cancel: 'avbryt',
      });
      expect(doc.operations).toMatchObject({
        'create-sandbox-customer': null,
        'create-sandbox-agreement': null,
        'initialise-sandbox': { method: 'POST', path: '/v1/sandbox/reset' },
        'register-tpp-contact': { method: 'PUT', path: '/v1/tpp/contact' },
        'update-sandbox-account-balance': { method: 'POST', path: '/v1/sandbox/accounts/{id}/balance' },
      });
      expect(asked).toContain('templates.sandbox-account');
    } else {
      expect(doc.sca.form).toEqual({
        fields: { 'psu-identity': '{{psu.nationalId}}' },
        contextField: 'context',
        cancel: 'cancel',
      });
      expect(doc.operations['initialise-sandbox']).toEqual({ method: 'POST', path: '/v1/sandbox/initialise' });
      expect(asked).not.toContain('templates.sandbox-account');
    }

    // The edits: each a key init asked about, with the bank's documented value where it differs from the default.
    const documented =
      dialect === 'variant'
        ? (YAML.parse(readFileSync(join(ROOT, 'profiles', 'variant.yaml'), 'utf8')) as Record<string, any>)
        : {};
    const edits = asked.filter((k) => valueAtKey(documented, k) !== undefined);
    for (const k of edits) setKey(doc, k, valueAtKey(documented, k));
    if (dialect === 'default') expect(edits).toEqual([]);
    else expect(edits.length).toBeLessThanOrEqual(asked.length);
    const edited = join(dir, 'edited.yaml');
    writeFileSync(edited, YAML.stringify(doc));

    const run = await cliAsync(
      ['run', '--target', bank.url, '--profile', edited, '--no-report', '--report-dir', join(dir, 'reports')],
      280_000,
    );
    const json = JSON.parse(readFileSync(join(dir, 'reports', 'results.json'), 'utf8')) as {
      counts: Record<string, number>;
      results: Array<{ name: string; outcome: string; reason?: string; message?: string }>;
    };
    const bad = json.results
      .filter((r) => r.outcome === 'failed' || r.outcome === 'inconclusive')
      .map((r) => `${r.outcome}: ${r.name}: ${(r.reason ?? r.message ?? '').slice(0, 200)}`);
    expect(bad, run.stdout.slice(-2000)).toEqual([]);
    expect(json.counts.passed).toBeGreaterThan(300);
    expect(run.code).toBe(0);
  }, 300_000);
});
