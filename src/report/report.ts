// The Allure results made readable (labels, categories, the clause page beside them) and the Allure
// HTML from them, with the Allure command line (needs Java).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { CLAUSE_PAGE } from '../suite/outcomes.ts';
import { type CauseKind } from './causes.ts';
import { tidyResult, type AllureResult } from './allure-tidy.ts';
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
  if (!hasJava())
    return {
      ok: false,
      message: `Java was not found, so the Allure HTML report was not built; the results (${results}), the JUnit XML and the summary are in place`,
    };
  let bin: string;
  try {
    bin = join(
      createRequire(import.meta.url).resolve('allure-commandline/package.json'),
      '..',
      'dist',
      'bin',
      'allure',
    );
  } catch {
    return {
      ok: false,
      message: 'allure-commandline is not installed; the results, the JUnit XML and the summary are in place',
    };
  }
  // ALLURE_NO_ANALYTICS: otherwise it tries an analytics call (a 10 s wait on a closed network).
  const r = spawnSync(bin, ['generate', '--clean', '-o', out, results], {
    encoding: 'utf8',
    env: { ...process.env, ALLURE_NO_ANALYTICS: 'true' },
    timeout: 120_000,
  });
  if (r.status !== 0)
    return {
      ok: false,
      message: `allure generate failed: ${(r.stderr || r.stdout || String(r.error)).trim().split('\n')[0]}`,
    };
  // The clause links of the report are relative (clauses.html#<id>): the page sits beside index.html.
  const page = join(reportDir, CLAUSE_PAGE);
  if (existsSync(page)) copyFileSync(page, join(out, CLAUSE_PAGE));
  return { ok: true, message: `Allure report: ${join(out, 'index.html')}` };
}

/** A category of failures of one kind (causes.ts): the message starts with `[<kind>`. */
const kind = (name: string, k: CauseKind, statuses: string[] = ['failed']) => ({
  name,
  matchedStatuses: statuses,
  messageRegex: `\\[${k}[ \\]][\\s\\S]*`,
});

/**
 * Allure categories by the kind of cause (causes.ts); within one, Allure groups the scenarios by the
 * cause's line (ids left out), so one cause is one row with its scenarios.
 */
export const CATEGORIES = [
  { name: 'Warnings: SHOULD-level advice where the spec is silent (not failures)', matchedStatuses: ['unknown'] },
  kind('Inconclusive: a set-up could not be made (not a failure of the clause)', 'set-up', ['broken']),
  kind("Set-up of the scenario's own operation", 'set-up'),
  kind('Timeouts and transport (no answer, reset, refused)', 'transport', ['failed', 'broken']),
  kind('Signature', 'signature'),
  kind('Headers', 'headers'),
  kind('SCA and sessions', 'sca'),
  kind('Body schema', 'schema'),
  kind('Error code', 'code'),
  kind('Status code', 'status'),
  kind('Other checks', 'check'),
  { name: 'Suite errors (report them to the suite, not the bank)', matchedStatuses: ['broken'] },
];

/**
 * Tidies the results a run wrote before (tidyResult; merge gathers the shards' results, tidied as their
 * runs wrote them: tidying twice is tidying once), and finishes the folder (finishAllureFolder).
 */
export function finishAllureResults(resultsDir: string, clausePage?: string): void {
  if (!existsSync(resultsDir)) return;
  for (const f of readdirSync(resultsDir)) {
    if (!f.endsWith('-result.json')) continue;
    const file = join(resultsDir, f);
    const r = JSON.parse(readFileSync(file, 'utf8')) as AllureResult;
    tidyResult(r);
    writeFileSync(file, JSON.stringify(r));
  }
  finishAllureFolder(resultsDir, clausePage);
}

/**
 * What the results folder gets once a run has written its results (each tidied as it was written:
 * allure-writer.ts): categories.json, and the clause page the clause links point to.
 */
export function finishAllureFolder(resultsDir: string, clausePage?: string): void {
  if (!existsSync(resultsDir)) return;
  writeFileSync(join(resultsDir, 'categories.json'), JSON.stringify(CATEGORIES, null, 2));
  if (clausePage && existsSync(clausePage)) copyFileSync(clausePage, join(resultsDir, CLAUSE_PAGE));
}
