// The Allure results made readable (labels, categories, the clause page beside them) and the Allure
// HTML from them, with the Allure command line (needs Java).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { CLAUSE_PAGE } from '../suite/outcomes.ts';
import { parseFailureMessage } from '../session/failure.ts';
import { causeOfFailure, TARGET_FAILURE, withoutFrames, type CauseKind } from './causes.ts';
import { framesInSources } from './frames.ts';
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

type Node = { status?: string; statusDetails?: { message?: string; trace?: string }; steps?: unknown[] };

/**
 * A failed result or step as a reader sees it: the message is its cause's line (kind, clause, no ids:
 * causes.ts), the trace the whole message; a check's failure is the target's, so neither shows the
 * suite's stack frames (a suite error keeps them in its trace, named in the TypeScript sources:
 * frames.ts). Returns the clause the failure names.
 */
function tidyFailure(node: Node, primaryClause?: string): string | undefined {
  const d = node.statusDetails;
  let named: string | undefined;
  if (d?.message && (node.status === 'failed' || node.status === 'broken')) {
    const original = d.message;
    const target = TARGET_FAILURE.test(original);
    const cause = causeOfFailure(target ? withoutFrames(original) : original, primaryClause);
    named = parseFailureMessage(original).clauses[0];
    d.message = target ? cause.line : withoutFrames(original).split('\n')[0];
    d.trace = target ? withoutFrames(original) : framesInSources(d.trace ?? original);
  } else if (d?.trace && d.message && TARGET_FAILURE.test(d.trace)) d.trace = withoutFrames(d.trace);
  for (const s of (node.steps ?? []) as Node[]) named = tidyFailure(s, primaryClause) ?? named;
  return named;
}

/**
 * Tidies what the Allure reporter wrote, so that Behaviors counts each test once: one `feature` label
 * (the operation the hooks set; the Gherkin feature's name goes to `parentSuite`), one `story` (the
 * primary clause); a check's failure is the target's, so the suite's own stack frames leave its trace;
 * adds categories.json and the clause page the clause links point to. Results tidied before (merge tidies
 * the shards' results again) stay as they are.
 */
export function finishAllureResults(resultsDir: string, clausePage?: string): void {
  if (!existsSync(resultsDir)) return;
  for (const f of readdirSync(resultsDir)) {
    if (!f.endsWith('-result.json')) continue;
    const file = join(resultsDir, f);
    const r = JSON.parse(readFileSync(file, 'utf8')) as {
      status?: string;
      labels?: Array<{ name: string; value: string }>;
      statusDetails?: { message?: string; trace?: string };
      steps?: unknown[];
    };
    const labels = r.labels ?? [];
    // The story is the clause the failing check names, else the scenario's primary one.
    const primary = labels.find((l) => l.name === 'story');
    const named = tidyFailure(r, primary?.value);
    if (primary && named) primary.value = named;
    // A SHOULD scenario's finding is advice, not a failure: its own status (Allure's "unknown", a colour
    // of its own) and category (verdict.ts: outcome warning).
    if (r.status === 'failed' && labels.some((l) => l.name === 'tag' && l.value === '@should')) r.status = 'unknown';
    const features = labels.filter((l) => l.name === 'feature');
    const gherkin = features[0];
    const own = features[features.length - 1];
    const story = labels.find((l) => l.name === 'story');
    // Tidied once already (a shard's results, merged: run merge): its one feature label is the operation.
    const tidied = labels.some((l) => l.name === 'parentSuite');
    if (gherkin && own && !tidied)
      r.labels = [
        ...labels.filter((l) => l.name !== 'feature' && l.name !== 'story' && l.name !== 'parentSuite'),
        { name: 'parentSuite', value: gherkin.value },
        own,
        ...(story ? [story] : []),
      ];
    writeFileSync(file, JSON.stringify(r));
  }
  writeFileSync(join(resultsDir, 'categories.json'), JSON.stringify(CATEGORIES, null, 2));
  if (clausePage && existsSync(clausePage)) copyFileSync(clausePage, join(resultsDir, CLAUSE_PAGE));
}
