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
