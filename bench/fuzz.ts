// Benchmark of the signature fuzzer: signed fuzz cases per second against the embedded reference
// bank, beside raw node:crypto RSA-2048 signs per second, in the same run. The bank runs in a child
// process so fuzzer and bank do not share a thread. Bounded to about 20 s. Last line:
// `fuzz ratio: <fuzz cases per second / raw signs per second>` (target ≥ 0.5).
//   npm run bench:fuzz            (node --import tsx bench/fuzz.ts)
import { forkBank } from './child-bank.ts';
import { createPrivateKey, sign } from 'node:crypto';

const FUZZ_SECONDS = Number(process.env.BENCH_SECONDS ?? 8);

await main();

function rawSignsPerSecond(keyPem: string): number {
  const key = createPrivateKey(keyPem);
  const data = Buffer.from(
    'date: Mon, 02 Mar 2026 10:00:00 GMT\ndigest: SHA-256=47DEQpj8HBSa+/TImW+5JCeuQeRkm5NMpJWZG3hSuFU=\nx-request-id: 1\ntpp-redirect-uri: https://tpp.example/callback',
  );
  for (let i = 0; i < 50; i++) sign('sha256', data, key);
  let n = 0;
  const started = performance.now();
  const end = started + 2000;
  while (performance.now() < end) {
    for (let i = 0; i < 20; i++) sign('sha256', data, key);
    n += 20;
  }
  return n / ((performance.now() - started) / 1000);
}

async function main(): Promise<void> {
  const { testCredentials } = await import('../src/tpp/fixtures.ts');
  const { openTarget } = await import('../src/fuzz/target.ts');
  const { runFuzz } = await import('../src/fuzz/runner.ts');
  const raw = rawSignsPerSecond(testCredentials().qsealc.keyPem);
  console.log(`raw node:crypto RSA-2048 signs/s (one core): ${Math.round(raw)}`);

  const bank = await forkBank();
  const url = bank.url;
  const target = await openTarget({ target: url, env: false });
  const report = await runFuzz({ target, seed: 20260302, seconds: FUZZ_SECONDS, concurrency: 64 });
  await target.close();
  await bank.stop();
  const rate = report.cases / (report.elapsedMs / 1000);
  const resigned = report.stats.filter((s) => s.cases).length;
  console.log(
    `${report.cases} signed fuzz cases (${resigned} operators, ${report.findings.length} unexpected) in ${(report.elapsedMs / 1000).toFixed(1)} s against the bank in a child process`,
  );
  console.log(`fuzz cases per second vs raw signs per second: ${Math.round(rate)} vs ${Math.round(raw)}`);
  console.log(`fuzz ratio: ${(rate / raw).toFixed(2)}`);
  if (report.findings.length) process.exitCode = 1;
}
