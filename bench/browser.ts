// bench:browser — the full conformance run against the embedded reference bank with the browser SCA
// driver, against the same run with the form driver, in BENCH_ROUNDS rounds (default 3; each round a
// form run then a browser run) after one form run that is not counted (the first run of a process
// builds the steps bundle and loads the suite: counted, it flattered the ratio by a fifth). One
// machine's load comes and goes, so the last line is the median of the rounds' ratios.
// Last line: `browser/form wall ratio: <n>`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuite } from '../src/run/run.ts';

async function wall(scaDriver: 'form' | 'browser'): Promise<number> {
  const t0 = performance.now();
  const r = await runSuite({
    quiet: true,
    report: false,
    parallel: 2,
    scaDriver,
    reportDir: mkdtempSync(join(tmpdir(), 'xs2a-bench-')),
  });
  const s = (performance.now() - t0) / 1000;
  const c = r.verdict?.counts;
  console.log(
    `${scaDriver}: ${s.toFixed(1)} s, ${r.verdict?.results.length ?? 0} scenarios (${c?.passed ?? 0} passed, ${c?.failed ?? 0} failed), exit ${r.exitCode}`,
  );
  if (r.exitCode !== 0) process.exitCode = 1;
  return s;
}

async function main(): Promise<void> {
  const rounds = Math.max(1, Number(process.env.BENCH_ROUNDS ?? 3));
  const ratios: number[] = [];
  console.log('warm-up (not counted):');
  await wall('form');
  for (let i = 0; i < rounds; i++) {
    const form = await wall('form');
    const browser = await wall('browser');
    ratios.push(browser / form);
    console.log(`round ${i + 1}: ${(browser / form).toFixed(2)}`);
  }
  ratios.sort((a, b) => a - b);
  console.log(`browser/form wall ratio: ${ratios[Math.floor(ratios.length / 2)].toFixed(2)}`);
}
void main();
