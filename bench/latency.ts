// bench:latency — the full conformance run through a loopback proxy that delays every chunk by
// BENCH_DELAY_MS (default 25) each way, about 50 ms per round trip: a nearby cloud region. The bank
// runs in a child process; the suite reaches it as a remote target would (the proxy's URL), with the
// test-mode clock control and the bank's own origin for the SCA pages declared in a profile.
// It runs at --parallel 2 and at --parallel auto (two workers per core, at most one per PSU: the best
// setting) and fails when either run has a failure. Bounded to 10 minutes. Last line:
// `latency wall s: <n>` for the best setting.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { createServer, connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkBank } from './child-bank.ts';
import { runSuite } from '../src/suite/run.ts';
import { testCredentials } from '../src/tpp/fixtures.ts';

const DELAY = Number(process.env.BENCH_DELAY_MS ?? 25);

/** Pipes `from` into `to`, each chunk after `ms`, in order. */
function delayedPipe(from: Socket, to: Socket, ms: number): void {
  from.on('data', (chunk) => setTimeout(() => to.writable && to.write(chunk), ms));
  from.on('end', () => setTimeout(() => to.end(), ms));
  from.on('error', () => to.destroy());
}

async function proxy(target: URL, ms: number): Promise<{ url: string; close(): void }> {
  const server = createServer((client) => {
    const upstream = connect(Number(target.port), target.hostname);
    delayedPipe(client, upstream, ms);
    delayedPipe(upstream, client, ms);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.address() as { port: number };
  return { url: `http://127.0.0.1:${port}`, close: () => server.close() };
}

async function main(): Promise<void> {
  const bank = await forkBank(600_000);
  const p = await proxy(new URL(bank.url), DELAY);
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-latency-'));
  const creds = testCredentials().qsealc;
  writeFileSync(join(dir, 'qsealc.cert.pem'), creds.certPem);
  writeFileSync(join(dir, 'qsealc.key.pem'), creds.keyPem);
  writeFileSync(join(dir, 'profile.yaml'), [
    'tpp: { signing: { cert: qsealc.cert.pem, key: qsealc.key.pem } }',
    `sca: { origins: ["${new URL(bank.url).origin}"] }`,
    'clockControl: { method: POST, path: /__control/clock, body: \'{"advanceSeconds": {{seconds}}}\' }',
  ].join('\n'));
  const walls: number[] = [];
  for (const parallel of [2, 'auto'] as const) {
    const t0 = performance.now();
    const r = await runSuite({ quiet: true, report: false, parallel, target: p.url, profile: join(dir, 'profile.yaml'), reportDir: join(dir, `reports-${parallel}`) });
    const s = (performance.now() - t0) / 1000;
    const c = r.verdict?.counts;
    console.log(`${DELAY} ms each way, parallel ${parallel}: ${s.toFixed(1)} s, ${r.verdict?.results.length ?? 0} scenarios (${c?.passed ?? 0} passed, ${c?.failed ?? 0} failed), exit ${r.exitCode}${r.message ? `: ${r.message}` : ''}`);
    if (r.exitCode !== 0 || c?.failed) process.exitCode = 1;
    walls.push(s);
  }
  p.close();
  await bank.stop();
  console.log(`latency wall s: ${Math.min(...walls).toFixed(1)}`);
}
void main();
