// A recipe for 'a corporate id that has no consent yet' from seeded data: a sandbox that
// cannot create customers or agreements (the variant dialect) declares preconditions.newCorporateId:
// seeded, and the scenario takes the PSU's second seeded agreement. Without the recipe the scenario is
// not applicable, naming the keys; with it, it passes on a correct bank and fails on a bank that refuses
// a new corporate id (fault new-corporate-id-refused) instead of starting a consent flow.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli, ROOT } from '../helpers/cli.ts';
import { readResults } from '../helpers/results.ts';

const NAME = 'A corporate id that has no consent yet starts a new consent flow';

function outcome(args: string[]): { outcome: string; reason?: string; message?: string } {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-corporate-recipe-'));
  cli(['run', '--dialect', 'variant', '--name', NAME, '--no-report', '--report-dir', dir, ...args], '', 120_000);
  const results = readResults(dir);
  const r = results.find((x) => x.name === NAME);
  expect(r, 'the scenario ran').toBeDefined();
  return r!;
}

describe('a corporate id with no consent yet, from seeded data (variant dialect)', () => {
  it('seeded (its shipped profile): passes', () => {
    expect(outcome([]).outcome).toBe('passed');
  });
  it('fails against a bank that refuses a new corporate id instead of asking for SCA', () => {
    const r = outcome(['--faults', 'new-corporate-id-refused']);
    expect(r.outcome).toBe('failed');
    expect(r.message).toMatch(/expected 401|scaRedirect|403/);
  });
  it('without the recipe (create, the default): not applicable, naming the operations and the recipe key', () => {
    const variant = readFileSync(join(ROOT, 'profiles', 'variant.yaml'), 'utf8');
    const file = join(mkdtempSync(join(tmpdir(), 'xs2a-corporate-create-')), 'create.yaml');
    writeFileSync(file, variant.replace(/newCorporateId: seeded/, 'newCorporateId: create'));
    const r = outcome(['--profile', file]);
    expect(r.outcome).toBe('not-applicable');
    expect(r.reason).toMatch(/operations\.create-sandbox-customer: null.*preconditions\.newCorporateId: seeded/);
  });
});
