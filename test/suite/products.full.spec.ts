// Which products each payment service offers is the profile's (capabilities.products,
// bulkProducts, periodicProducts, feeInformation); a scenario uses only product names from the profile
// or the spec, and is not applicable, with the key, where the profile offers none.
//
// Faults that trip it: a product hard-coded in a step (the straks product as the single-only one, the
// norwegian-domestic bulk product, the straks fee information): the scenarios run against what the
// profile says the bank lacks instead of being not applicable.
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import YAML from 'yaml';
import { describe, expect, it } from 'vitest';
import { cliAsync, ROOT } from '../helpers/cli.ts';
import { readResults, whyRunFailed } from '../helpers/results.ts';

type Result = { name: string; outcome: string; reason?: string; message?: string };

async function run(profile: string, names: string[], extra: string[] = []): Promise<Result[]> {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-products-'));
  writeFileSync(join(dir, 'p.yaml'), profile);
  const r = await cliAsync(
    [
      'run',
      '--profile',
      join(dir, 'p.yaml'),
      ...names.flatMap((n) => ['--name', n]),
      ...extra,
      '--parallel',
      '0',
      '--no-report',
      '--report-dir',
      dir,
    ],
    120_000,
  );
  expect(r.code, whyRunFailed(r, dir)).toBe(0);
  return readResults(dir);
}

describe('products per payment service come from the profile', () => {
  it('no bulk product, no fee information: those scenarios are not applicable and name the key', async () => {
    const results = await run('capabilities:\n  bulkProducts: []\n  feeInformation: []\n', [
      'A bulk payment is created',
      'The fee information of a product is read',
      'A periodic payment is created',
    ]);
    const by = new Map(results.map((x) => [x.name, x]));
    expect(by.get('A bulk payment is created')).toMatchObject({ outcome: 'not-applicable' });
    expect(JSON.stringify(by.get('A bulk payment is created'))).toMatch(/capabilities\.bulkProducts/);
    expect(by.get('The fee information of a product is read')).toMatchObject({ outcome: 'not-applicable' });
    expect(JSON.stringify(by.get('The fee information of a product is read'))).toMatch(/capabilities\.feeInformation/);
    // Control: the periodic product is still offered, and that scenario runs.
    expect(by.get('A periodic payment is created')?.outcome).toBe('passed');
  }, 130_000);

  it('every single product offered as bulk too: PRODUCT_INVALID has no product to try, not applicable', async () => {
    const results = await run(
      'capabilities:\n  products: [norwegian-domestic-credit-transfers]\n  bulkProducts: [norwegian-domestic-credit-transfers]\n',
      ['offered only as single payments names PRODUCT_INVALID'],
    );
    expect(results.map((x) => x.outcome)).toEqual(['not-applicable']);
    expect(JSON.stringify(results[0])).toMatch(/offered as bulk-payments too/);
  }, 130_000);
});

// The variant dialect offers bulk payments of sepa-credit-transfers only (its profile's
// capabilities.bulkProducts). Fault that trips it: the bulk product hard-coded in a step or the model
// (norwegian-domestic: the variant refuses it with PRODUCT_INVALID, the scenarios fail).
describe("the variant dialect's bulk product", () => {
  const BULK = [
    'A bulk payment is created',
    'offered only as single payments names PRODUCT_INVALID',
    'A bulk payment cannot be put in a signing basket',
  ];
  const variant = YAML.parse(readFileSync(join(ROOT, 'profiles', 'variant.yaml'), 'utf8')) as Record<string, any>;

  it('its shipped profile: the bulk scenarios take its product and pass', async () => {
    expect(variant.capabilities.bulkProducts).toEqual(['sepa-credit-transfers']);
    const results = await run(YAML.stringify(variant), BULK, ['--dialect', 'variant']);
    expect(
      results.map((x) => x.outcome),
      JSON.stringify(results),
    ).toEqual(['passed', 'passed', 'passed']);
  }, 130_000);

  it("its profile saying norwegian-domestic instead: the bulk payment is refused PRODUCT_INVALID, so the product is the profile's", async () => {
    const wrong = {
      ...variant,
      capabilities: { ...variant.capabilities, bulkProducts: ['norwegian-domestic-credit-transfers'] },
    };
    const results = await run(YAML.stringify(wrong), ['A bulk payment is created'], ['--dialect', 'variant']);
    expect(results.map((x) => x.outcome)).toEqual(['warning']);
    expect(JSON.stringify(results[0])).toMatch(
      /PRODUCT_INVALID|norwegian-domestic-credit-transfers is not offered as bulk-payments/,
    );
  }, 130_000);
});

// Keys the profile lacked: the list of a payment's authorisations is an operation of the
// profile (the spec names none), and may be null. Fault that trips it: the path hard-coded in the
// step (the scenario fails against a bank without the list instead of being not applicable).
describe("the list of a payment's authorisations", () => {
  it('null in the profile: its scenario is not applicable and names the key; the 201 scenario still runs', async () => {
    const results = await run('operations:\n  list-payment-authorisations: null\n', [
      'A started authorisation is listed',
      'A started authorisation is answered with 201',
    ]);
    const by = new Map(results.map((x) => [x.name, x]));
    expect(by.get("A started authorisation is listed with the payment's authorisations")?.outcome).toBe(
      'not-applicable',
    );
    expect(JSON.stringify(by.get("A started authorisation is listed with the payment's authorisations"))).toMatch(
      /operations\.list-payment-authorisations/,
    );
    expect(by.get('A started authorisation is answered with 201 and leaves the payment ACTC')?.outcome).toBe('passed');
  }, 130_000);
});
