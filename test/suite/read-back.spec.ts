// A value the suite sent is read back only where it reached the bank. A sandbox whose
// account body has no account type (the profile's sandbox-account template carries no
// {{cashAccountType}}) cannot be asked for SVGS; the scenario then checks what the bank answered (every
// cashAccountType an ISO 20022 code), not that SVGS came back.
//
// Fault that trips it: the read-back made whatever the template (the account is CACC, the bank's
// default: the scenario fails against a correct bank).
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cliAsync } from '../helpers/cli.ts';
import { readResults } from '../helpers/results.ts';

const NO_TYPE = `templates:
  sandbox-account:
    customerNumber: "{{customerNumber}}"
    accountName: "{{accountName}}"
    bban: "{{bban}}"
    iban: "{{iban}}"
    currency: "{{currency}}"
    product: Totalkonto
    creditLine: 0
    balances:
      - balanceType: EXPECTED
        balanceAmount: { amount: 1542000, currency: "{{currency}}" }
`;

describe('a value the suite sent, read back', () => {
  it("not where the template cannot carry it: the cash account type scenario passes on the bank's own codes, and says why", async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-readback-'));
    writeFileSync(join(dir, 'p.yaml'), NO_TYPE);
    const r = await cliAsync(
      [
        'run',
        '--profile',
        join(dir, 'p.yaml'),
        '--name',
        'every cashAccountType is an ISO',
        '--parallel',
        '0',
        '--no-report',
        '--report-dir',
        dir,
      ],
      120_000,
    );
    const results = readResults(dir);
    expect(results.map((x) => x.outcome)).toEqual(['passed']);
    expect(r.code).toBe(0);
    const notes = readFileSync(
      join(
        dir,
        'allure-results',
        (await import('node:fs'))
          .readdirSync(join(dir, 'allure-results'))
          .find(
            (f) =>
              f.endsWith('-attachment.txt') &&
              readFileSync(join(dir, 'allure-results', f), 'utf8').startsWith('not read back'),
          )!,
      ),
      'utf8',
    );
    expect(notes).toMatch(/carries no \{\{cashAccountType\}\}/);
  }, 130_000);

  it('against the variant dialect, whose sandbox has no account types (its template carries none): passed, not inconclusive', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-readback-variant-'));
    const r = await cliAsync(
      [
        'run',
        '--dialect',
        'variant',
        '--name',
        'cashAccountType',
        '--parallel',
        '0',
        '--no-report',
        '--report-dir',
        dir,
      ],
      120_000,
    );
    const results = readResults(dir);
    expect(results.map((x) => x.outcome)).toEqual(['passed']);
    expect(r.code).toBe(0);
  }, 130_000);
});
