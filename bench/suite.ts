// bench:suite — the full conformance run's wall time against the embedded reference bank
// (start-up, every scenario, reports; no Allure HTML). Last line: `suite wall s: <n>`.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runSuite } from '../src/run/run.ts';

async function main(): Promise<void> {
  const parallel = Number(process.env.BENCH_PARALLEL ?? 2);
  const t0 = performance.now();
  const r = await runSuite({
    quiet: true,
    report: false,
    parallel,
    reportDir: mkdtempSync(join(tmpdir(), 'xs2a-bench-')),
  });
  const s = (performance.now() - t0) / 1000;
  const c = r.verdict?.counts;
  console.log(
    `scenarios: ${r.verdict?.results.length ?? 0} (${c?.passed ?? 0} passed, ${(c?.failed ?? 0) + (c?.undefined ?? 0)} failed), parallel ${parallel}, exit ${r.exitCode}`,
  );
  console.log(`suite wall s: ${s.toFixed(2)}`);
  if (r.exitCode !== 0) process.exitCode = 1;
}
void main();
