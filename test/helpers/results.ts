// Reading a run's results.json (its shape: src/report/verdict.ts ResultsFile) as a test checks it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResultsFile, ScenarioResult } from '../../src/report/verdict.ts';

/** The whole results.json of the report folder `dir`. */
export function readResultsFile(dir: string): ResultsFile {
  return JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsFile;
}

/** The scenarios' results of the report folder `dir`. */
export function readResults(dir: string): ScenarioResult[] {
  return readResultsFile(dir).results;
}

/**
 * Why a run did not exit 0, for an assertion's message: its exit code, the failed scenarios of its
 * results.json (name and message) when it wrote one, and the end of its standard error.
 */
export function whyRunFailed(r: { code: number; stderr: string }, dir: string): string {
  let failed: string;
  try {
    failed = readResults(dir)
      .filter((x) => x.outcome === 'failed')
      .map((x) => `${x.name} (${x.uri}:${x.line}): ${(x.message ?? '').slice(0, 600)}`)
      .join('\n');
  } catch {
    failed = '(no results.json)';
  }
  return `exit ${r.code}\n${failed}\n${r.stderr.slice(-500)}`;
}
