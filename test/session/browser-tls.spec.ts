// The browser SCA driver over HTTPS with a private CA: the browser trusts the
// target's server certificate because the run's transport does (the profile's tpp.tls.ca), by that
// server's key (Chromium's SPKI list), never by ignoring certificate errors at large; a target the
// transport does not trust is refused by the browser too. Skipped without a Chromium (CI installs it).
//
// Faults that trip it: the keys not passed to the browser (the trusted case fails with
// ERR_CERT_AUTHORITY_INVALID); certificate errors ignored for every server (the untrusted case
// completes).
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { DEFAULT_BROWSER } from '../../src/session/profile.ts';
import { closeBrowser, findChromium, runBrowserSca } from '../../src/session/sca/browser-driver.ts';
import { FIXTURES_DIR, testCredentials } from '../../src/tpp/fixtures.ts';
import { TppClient } from '../../src/tpp/client.ts';
import { closeTransports, type TransportConfig } from '../../src/transport/index.ts';

const chromium = findChromium();
const SERVER_CA = readFileSync(`${FIXTURES_DIR}certs/server-ca.cert.pem`, 'utf8');
const TRUSTED: TransportConfig = { tls: { ca: SERVER_CA }, proxy: false };

let bank: RunningBank;
let nationalId: string;
const redirectUri = 'http://127.0.0.1:9/callback';

beforeAll(async () => {
  bank = await startBank({ mode: 'test', tls: true });
  const c = new TppClient({
    baseUrl: bank.url,
    identity: testCredentials().qsealc,
    redirectUri,
    transport: TRUSTED,
    psu: { psuIpAddress: '192.0.2.1', tppSessionId: 'browser-tls' },
  });
  const customers = (await c.request({ method: 'GET', path: '/v1/sandbox/customers', psu: false })).response!
    .json as Array<{ customerNumber: string; type: string }>;
  nationalId = customers.find((x) => x.type === 'private')!.customerNumber;
});
afterAll(async () => {
  await closeBrowser();
  await closeTransports();
  await bank?.close();
});

async function scaHref(): Promise<string> {
  const c = new TppClient({
    baseUrl: bank.url,
    identity: testCredentials().qsealc,
    redirectUri,
    transport: TRUSTED,
    psu: { psuIpAddress: '192.0.2.1', tppSessionId: 'browser-tls' },
  });
  return ((await c.request({ method: 'GET', path: '/v1/accounts' })).response!.json as any)._links.scaRedirect.href;
}

describe.skipIf(!chromium)('the browser driver over HTTPS with a private CA', () => {
  it('completes the SCA on a server the run trusts through tpp.tls.ca', async () => {
    const r = await runBrowserSca({
      href: await scaHref(),
      redirectUri,
      origins: [bank.url],
      vars: { 'psu.nationalId': nationalId, context: 'PRIVATE' },
      steps: DEFAULT_BROWSER.steps,
      timeoutMs: 10_000,
      transport: TRUSTED,
    });
    expect(r.problem).toBeUndefined();
    expect(r.completed).toBe(true);
    expect(r.params['psu-id']).toBeTruthy();
  }, 60_000);

  it('refuses the same server when the run does not trust it (no tpp.tls.ca): a certificate error, not the page', async () => {
    const href = await scaHref();
    await closeBrowser();
    const r = await runBrowserSca({
      href,
      redirectUri,
      origins: [bank.url],
      vars: { 'psu.nationalId': nationalId, context: 'PRIVATE' },
      steps: DEFAULT_BROWSER.steps,
      timeoutMs: 5_000,
      transport: { tls: {}, proxy: false },
    });
    expect(r.completed).toBe(false);
    expect(r.problem).toMatch(/ERR_CERT_AUTHORITY_INVALID/);
  }, 60_000);
});
