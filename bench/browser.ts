// bench:browser — the full conformance run against the embedded reference bank with the browser SCA
// driver, against the same run with the form driver. Last line: `browser/form wall ratio: <n>`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuite } from '../src/suite/run.ts';

async function wall(scaDriver: 'form' | 'browser'): Promise<number> {
  const t0 = performance.now();
  const r = await runSuite({ quiet: true, report: false, parallel: 2, scaDriver, reportDir: mkdtempSync(join(tmpdir(), 'xs2a-bench-')) });
  const s = (performance.now() - t0) / 1000;
  const c = r.verdict?.counts;
  console.log(`${scaDriver}: ${s.toFixed(1)} s, ${r.verdict?.results.length ?? 0} scenarios (${c?.passed ?? 0} passed, ${c?.failed ?? 0} failed), exit ${r.exitCode}`);
  if (r.exitCode !== 0) process.exitCode = 1;
  return s;
}

async function main(): Promise<void> {
  const form = await wall('form');
  const browser = await wall('browser');
  console.log(`browser/form wall ratio: ${(browser / form).toFixed(2)}`);
}
void main();
