// The Allure results made readable (labels, categories, the clause page beside them) and the Allure
// HTML from them, with the Allure command line (needs Java).
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { CLAUSE_PAGE } from '../suite/outcomes.ts';
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

/** Allure categories: failures sorted by cause (signature, headers, SCA, set-up, body schema, status, transport, inconclusive). */
export const CATEGORIES = [
  { name: 'Warnings: SHOULD-level advice where the spec is silent (not failures)', matchedStatuses: ['unknown'] },
  {
    name: 'Inconclusive: a set-up could not be made (not a failure of the clause)',
    matchedStatuses: ['broken'],
    messageRegex: '[\\s\\S]*set-up[\\s\\S]*could not be made[\\s\\S]*',
  },
  {
    name: 'Timeouts and transport (no answer, reset, refused)',
    matchedStatuses: ['failed', 'broken'],
    messageRegex: '[\\s\\S]*(TIMEOUT|CONNECTION_RESET|CONNECTION_REFUSED|no answer in time|got no response)[\\s\\S]*',
  },
  {
    name: 'Server errors and answers that are not JSON (5xx, HTML pages)',
    matchedStatuses: ['failed'],
    messageRegex: '[\\s\\S]*(answered 5\\d\\d|is not JSON|not JSON)[\\s\\S]*',
  },
  {
    name: 'Signature',
    matchedStatuses: ['failed'],
    messageRegex: '[\\s\\S]*clause (signing\\.|errors\\.signature|tpp\\.)[\\s\\S]*',
  },
  { name: 'Headers', matchedStatuses: ['failed'], messageRegex: '[\\s\\S]*clause headers\\.[\\s\\S]*' },
  {
    name: 'SCA and sessions',
    matchedStatuses: ['failed'],
    messageRegex: '[\\s\\S]*clause (sca\\.|events\\.|states\\.sca)[\\s\\S]*',
  },
  {
    name: 'Sandbox set-up',
    matchedStatuses: ['failed'],
    messageRegex: '[\\s\\S]*clause endpoints\\.[\\w-]*sandbox[\\s\\S]*',
  },
  {
    name: 'Body schema',
    matchedStatuses: ['failed'],
    messageRegex: '[\\s\\S]*(does not match the spec|clause fields\\.)[\\s\\S]*',
  },
  {
    name: 'Status code',
    matchedStatuses: ['failed'],
    messageRegex: '[\\s\\S]*(expected status|expected error code|clause errors\\.)[\\s\\S]*',
  },
  { name: 'Other conformance failures', matchedStatuses: ['failed'] },
  { name: 'Suite errors (report them to the suite, not the bank)', matchedStatuses: ['broken'] },
];

/** A failed check or set-up: the target's failure, whose trace should not show the suite's frames. */
const TARGET_FAILURE = /^(ConformanceAssertionError|AssertionError|SetupFailure)\b/;

/** Leaves the suite's stack frames out of the traces of failed checks (the result and its steps). */
function stripSuiteFrames(node: { statusDetails?: { message?: string; trace?: string }; steps?: unknown[] }): void {
  const d = node.statusDetails;
  if (d?.trace && TARGET_FAILURE.test(d.trace))
    d.trace = d.trace
      .split('\n')
      .filter((l) => !/^\s+at /.test(l))
      .join('\n');
  for (const s of (node.steps ?? []) as Array<typeof node>) stripSuiteFrames(s);
}

/**
 * Tidies what the Allure reporter wrote, so that Behaviors counts each test once: one `feature` label
 * (the operation the hooks set; the Gherkin feature's name goes to `parentSuite`), one `story` (the
 * primary clause); a check's failure is the target's, so the suite's own stack frames leave its trace;
 * adds categories.json and the clause page the clause links point to.
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
    stripSuiteFrames(r);
    const labels = r.labels ?? [];
    // A SHOULD scenario's finding is advice, not a failure: its own status (Allure's "unknown", a colour
    // of its own) and category (verdict.ts: outcome warning).
    if (r.status === 'failed' && labels.some((l) => l.name === 'tag' && l.value === '@should')) r.status = 'unknown';
    const features = labels.filter((l) => l.name === 'feature');
    const gherkin = features[0];
    const own = features[features.length - 1];
    const story = labels.find((l) => l.name === 'story');
    if (gherkin && own)
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
