// Benchmark of the reference bank: signed requests per second verified and answered, beside raw
// node:crypto RSA-2048 verifies per second, in the same run. The bank runs in a child process so
// client and server do not share a thread. Bounded to about 20 s. Last line: `bank signed req/s: <n>`.
//   npm run bench:bank            (node --import tsx bench/bank.ts)
import { forkBank } from './child-bank.ts';
import { createPrivateKey, createPublicKey, sign, verify, X509Certificate } from 'node:crypto';
import { newDispatcher, send } from '../src/transport/index.ts';
import { seedState } from '../src/bank/seed.ts';

const LOAD_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const IN_FLIGHT = 64;

await main();

function rawVerifiesPerSecond(certPem: string, keyPem: string): number {
  const key = createPrivateKey(keyPem);
  const pub = createPublicKey(new X509Certificate(certPem).publicKey.export({ type: 'spki', format: 'pem' }));
  const data = Buffer.from(
    'date: Mon, 02 Mar 2026 10:00:00 GMT\ndigest: SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NM=\nx-request-id: 1',
  );
  const sig = sign('sha256', data, key);
  let n = 0;
  const end = performance.now() + 1500;
  while (performance.now() < end) {
    for (let i = 0; i < 100; i++) verify('sha256', data, pub, sig);
    n += 100;
  }
  return Math.round(n / 1.5);
}

/** The sandbox's known state (seedState: 32 private and 2 corporate customers with their histories), median ms. */
function seedMs(): string {
  const took: number[] = [];
  for (let i = 0; i < 30; i++) {
    const t0 = performance.now();
    seedState(1, Date.now() + i * 1000);
    took.push(performance.now() - t0);
  }
  return took.sort((a, b) => a - b)[15].toFixed(1);
}

async function main(): Promise<void> {
  const { testCredentials } = await import('../src/tpp/fixtures.ts');
  const { TppClient } = await import('../src/tpp/client.ts');
  const creds = testCredentials();
  const verifies = rawVerifiesPerSecond(creds.qsealc.certPem, creds.qsealc.keyPem);
  console.log(`raw node:crypto RSA-2048 verify/s (one core): ${verifies}`);
  console.log(`known state seeded (each initialise, and its spare) in ms, median of 30: ${seedMs()}`);

  const bank = await forkBank();
  const url = bank.url;
  const client = new TppClient({
    baseUrl: url,
    identity: creds.qsealc,
    record: false,
    transport: { proxy: false },
    psu: { tppSessionId: 'bench', psuIpAddress: '192.0.2.10' },
  });

  // One SCA through the bank's own pages, then a consent to read balances with the PSU present.
  const offer = await client.request({ method: 'POST', path: '/v1/bank-offered-consents', body: {} });
  const href = (offer.response!.json as { _links: { scaRedirect: { href: string } } })._links.scaRedirect.href;
  const customers = await client.request({ method: 'GET', path: '/v1/sandbox/customers' });
  const nid = (customers.response!.json as Array<{ customerNumber: string; type: string }>).find(
    (c) => c.type === 'private',
  )!.customerNumber;
  const page = (await send(href, { transport: { proxy: false } })).body.toString('utf8');
  const origin = new URL(url).origin;
  const formPost = (path: string, body: URLSearchParams) =>
    send(origin + path, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: body.toString(),
      transport: { proxy: false },
    });
  const step2 = (
    await formPost(/action="([^"]+)"/.exec(page)![1], new URLSearchParams({ 'psu-identity': nid, action: 'continue' }))
  ).body.toString('utf8');
  const form = new URLSearchParams({ context: 'PRIVATE', action: 'continue' });
  const accounts = [...step2.split('(PRIVATE)')[1].matchAll(/name="account" value="([^"]+)"/g)].map((m) => m[1]);
  for (const a of accounts) form.append('account', a);
  const done = await formPost(/action="([^"]+)"/.exec(step2)![1], form);
  const psuId = new URL(String(done.headers.location)).searchParams.get('psu-id')!;
  const path = `/v1/accounts/${encodeURIComponent(accounts[0])}/balances`;
  const check = await client.request({ method: 'GET', path, psu: { psuId } });
  if (check.response?.status !== 200)
    throw new Error(`warm-up answered ${check.response?.status}: ${check.response?.text}`);

  // Pre-sign distinct requests (each with its own X-Request-ID); the Date stays valid for 60 s.
  const signStart = performance.now();
  const pool: Array<{ path: string; headers: string[] }> = [];
  for (let i = 0; i < 2000; i++) {
    const { request } = client.build({ method: 'GET', path, psu: { psuId } });
    const flat: string[] = [];
    for (const [k, v] of request.headers) if (k.toLowerCase() !== 'host') flat.push(k, v);
    pool.push({ path: request.target, headers: flat });
  }
  console.log(`pre-signed ${pool.length} requests in ${Math.round(performance.now() - signStart)} ms`);

  const http = newDispatcher({ proxy: false }, 16);
  let ok = 0;
  let bad = 0;
  let i = 0;
  const end = performance.now() + LOAD_SECONDS * 1000;
  const started = performance.now();
  async function worker(): Promise<void> {
    while (performance.now() < end) {
      const r = pool[i++ % pool.length];
      const res = await http.request({ origin, path: r.path, method: 'GET', headers: r.headers });
      await res.body.dump();
      if (res.statusCode === 200) ok++;
      else bad++;
    }
  }
  await Promise.all(Array.from({ length: IN_FLIGHT }, worker));
  const secs = (performance.now() - started) / 1000;
  await http.close();
  await client.close();
  await bank.stop();
  const rate = Math.round(ok / secs);
  console.log(
    `${ok} signed requests verified and answered 200 in ${secs.toFixed(1)} s (${bad} other answers), ${IN_FLIGHT} in flight over 16 connections`,
  );
  console.log(`raw verifies per second vs bank requests per second: ${verifies} vs ${rate}`);
  console.log(`bank signed req/s: ${rate}`);
  if (bad) process.exitCode = 1;
}
