// The browser SCA driver: playwright-core with Debian's chromium through the reference bank's
// pages. Skipped (and says so) where no chromium is installed; CI installs it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { findChromium, runBrowserSca } from '../../src/suite/sca/browser-driver.ts';
import { testCredentials, TppClient } from '../../src/tpp/index.ts';

const chromium = findChromium();
let bank: RunningBank;
let client: TppClient;

beforeAll(async () => {
  bank = await startBank({ mode: 'test' });
  client = new TppClient({ baseUrl: bank.url, identity: testCredentials().qsealc, psu: { psuIpAddress: '192.0.2.1', tppSessionId: 'browser-1' } });
});
afterAll(async () => {
  await client.close();
  await bank.close();
});

describe.skipIf(!chromium)(`browser SCA driver (${chromium ?? 'no chromium: install Debian\'s chromium'})`, () => {
  it('runs the scripted steps, screenshots each, and reads the redirect to the TPP', async () => {
    const customers = (await client.request({ method: 'GET', path: '/v1/sandbox/customers', psu: false })).response!.json as Array<{ customerNumber: string; type: string }>;
    const nid = customers.find((c) => c.type === 'private')!.customerNumber;
    const ex = await client.request({ method: 'GET', path: '/v1/accounts' });
    const href = (ex.response!.json as any)._links.scaRedirect.href;
    const r = await runBrowserSca({
      href,
      redirectUri: 'https://tpp.example/callback',
      vars: { 'psu.nationalId': nid },
      steps: [
        { fill: 'input[name="psu-identity"]', value: '{{psu.nationalId}}' },
        { click: 'button[value="continue"]' },
        { check: 'input[name="context"][value="PRIVATE"]' },
        { click: 'button[value="continue"]' },
        { waitForRedirect: true },
      ],
      timeoutMs: 20_000,
    });
    expect(r.problem).toBeUndefined();
    expect(r.completed).toBe(true);
    expect(r.params['psu-id']).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(r.params.context).toBe('PRIVATE');
    expect(r.screenshots.length).toBeGreaterThanOrEqual(3);
    expect(r.screenshots[0].png.subarray(1, 4).toString()).toBe('PNG');
  }, 60_000);
});
