// bench:latency — the full conformance run through a loopback proxy that delays every chunk by
// BENCH_DELAY_MS (default 25) each way, about 50 ms per round trip: a nearby cloud region. The bank
// runs in a child process; the suite reaches it as a remote target would (the proxy's URL), with the
// test-mode clock control and the bank's own origin for the SCA pages declared in a profile.
// It runs at --parallel 2 and at --parallel auto (workers from the cores and the measured round trip,
// at most one per PSU: the best setting; BENCH_PARALLEL="2,6,auto" compares others) and fails when any
// run has a failure. Bounded to 10 minutes. Last line: `latency wall s: <n>` for the best setting.
// BENCH_RECORD_DURATIONS=1: the first setting's run also writes the durations table
// (fixtures/durations.json: the plan's long ones, its batches, the shards' balance) as a target across
// the internet takes them, where a scenario's time is mostly its round trips.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { forkBank } from './child-bank.ts';
import { delayProxy } from './delay-proxy.ts';
import { runSuite } from '../src/run/run.ts';
import { testCredentials } from '../src/tpp/fixtures.ts';
import { formatTimeline, timeline } from '../src/run/timeline.ts';

const DELAY = Number(process.env.BENCH_DELAY_MS ?? 25);
/** The settings compared: BENCH_PARALLEL="2,4,auto" for others. */
const SETTINGS = (process.env.BENCH_PARALLEL ?? '2,auto')
  .split(',')
  .map((x) => (x.trim() === 'auto' ? ('auto' as const) : Number(x)));

async function main(): Promise<void> {
  const bank = await forkBank(600_000);
  const p = await delayProxy(new URL(bank.url), DELAY);
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-latency-'));
  const creds = testCredentials().qsealc;
  writeFileSync(join(dir, 'qsealc.cert.pem'), creds.certPem);
  writeFileSync(join(dir, 'qsealc.key.pem'), creds.keyPem);
  writeFileSync(
    join(dir, 'profile.yaml'),
    [
      'tpp: { signing: { cert: qsealc.cert.pem, key: qsealc.key.pem } }',
      `sca: { origins: ["${new URL(bank.url).origin}"] }`,
      'clockControl: { method: POST, path: /__control/clock, body: \'{"advanceSeconds": {{seconds}}}\' }',
    ].join('\n'),
  );
  const walls: number[] = [];
  let record = process.env.BENCH_RECORD_DURATIONS === '1';
  for (const parallel of SETTINGS) {
    const scasBefore = await bank.scas();
    const t0 = performance.now();
    const r = await runSuite({
      quiet: true,
      report: false,
      parallel,
      target: p.url,
      profile: join(dir, 'profile.yaml'),
      reportDir: join(dir, `reports-${parallel}`),
      recordDurations: record,
    });
    record = false;
    const s = (performance.now() - t0) / 1000;
    const c = r.verdict?.counts;
    console.log(
      `${DELAY} ms each way, parallel ${parallel}: ${s.toFixed(1)} s, ${r.verdict?.results.length ?? 0} scenarios (${c?.passed ?? 0} passed, ${c?.failed ?? 0} failed), exit ${r.exitCode}${r.message ? `: ${r.message}` : ''}`,
    );
    console.log(`  SCAs: ${(await bank.scas()) - scasBefore}`);
    const t = r.verdict && timeline(r.verdict.results);
    if (t) console.log(`  ${formatTimeline(t)}`);
    if (r.exitCode !== 0 || c?.failed) process.exitCode = 1;
    walls.push(s);
  }
  p.close();
  await bank.stop();
  console.log(`latency wall s: ${Math.min(...walls).toFixed(1)}`);
}
void main();
