// Reading a run's results.json (src/run/run.ts writes it) as a test checks it.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Outcome, ScenarioResult } from '../../src/report/verdict.ts';

/** The whole results.json of the report folder `dir`. */
export interface ResultsFile {
  target: string;
  faults: string[];
  wallMs: number;
  exitCode: number;
  counts: Record<Outcome, number>;
  results: ScenarioResult[];
  waiverProblems: unknown[];
}

export function readResultsFile(dir: string): ResultsFile {
  return JSON.parse(readFileSync(join(dir, 'results.json'), 'utf8')) as ResultsFile;
}

/** The scenarios' results of the report folder `dir`. */
export function readResults(dir: string): ScenarioResult[] {
  return readResultsFile(dir).results;
}
