// Allure HTML from reports/allure-results, with the Allure command line (needs Java).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';

export function hasJava(): boolean {
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

export interface ReportOutcome {
  ok: boolean;
  message: string;
}

export function generateAllureReport(reportDir: string): ReportOutcome {
  const results = join(reportDir, 'allure-results');
  const out = join(reportDir, 'allure-report');
  if (!existsSync(results)) return { ok: false, message: `no Allure results in ${results}: run the suite first` };
  if (!hasJava()) return { ok: false, message: `Java was not found, so the Allure HTML report was not built; the results (${results}), the JUnit XML and the summary are in place` };
  let bin: string;
  try {
    bin = join(createRequire(import.meta.url).resolve('allure-commandline/package.json'), '..', 'dist', 'bin', 'allure');
  } catch {
    return { ok: false, message: 'allure-commandline is not installed; the results, the JUnit XML and the summary are in place' };
  }
  // ALLURE_NO_ANALYTICS: otherwise it tries an analytics call (a 10 s wait on a closed network).
  const r = spawnSync(bin, ['generate', '--clean', '-o', out, results], { encoding: 'utf8', env: { ...process.env, ALLURE_NO_ANALYTICS: 'true' }, timeout: 120_000 });
  if (r.status !== 0) return { ok: false, message: `allure generate failed: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n')[0]}` };
  return { ok: true, message: `Allure report: ${join(out, 'index.html')}` };
}
