// The conformance run itself, end to end through the CLI against the embedded reference bank:
// every applicable MUST passes (exit 0) and the reports are written.
import { existsSync, mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cli } from '../helpers/cli.ts';
import { readResults, readResultsFile } from '../helpers/results.ts';

describe('xs2a-conformance run (embedded reference bank)', () => {
  it('passes every scenario and writes JUnit, summary and Allure results', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-run-'));
    const r = cli(['run', '--no-report', '--report-dir', dir], '', 590_000);
    const results = readResultsFile(dir);
    const failed = results.results.filter(
      (x: { outcome: string }) => x.outcome !== 'passed' && x.outcome !== 'not-applicable',
    );
    expect(failed.map((x: { name: string; message?: string }) => `${x.name}: ${x.message?.split('\n')[0]}`)).toEqual(
      [],
    );
    expect(r.code).toBe(0);
    expect(results.results.length).toBeGreaterThan(20);
    expect(readFileSync(join(dir, 'junit.xml'), 'utf8')).toMatch(
      /<testsuites name="xs2a-conformance" tests="\d+" failures="0"/,
    );
    expect(readFileSync(join(dir, 'summary.txt'), 'utf8')).toContain('VERDICT: every applicable MUST passes');
    expect(existsSync(join(dir, 'allure-results'))).toBe(true);
  }, 600_000);
});

// The second dialect of the reference bank takes the other legitimate reading wherever the spec is
// silent (docs/reference-bank.md); with its shipped profile (profiles/variant.yaml) the suite must
// certify it: no MUST fails and none is inconclusive.
describe('xs2a-conformance run --dialect variant', () => {
  it('certifies the variant dialect: ≥ 300 scenarios pass, no MUST fails or is inconclusive', () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-run-variant-'));
    // Two workers (the other dialect's run is sequential): the verdict is the same either way.
    const r = cli(['run', '--no-report', '--dialect', 'variant', '--parallel', '2', '--report-dir', dir], '', 590_000);
    const results = readResults(dir);
    const badMust = results.filter(
      (x) =>
        x.level === 'must' && (x.outcome === 'failed' || x.outcome === 'inconclusive' || x.outcome === 'undefined'),
    );
    expect(badMust.map((x) => `${x.outcome}: ${x.name}: ${x.message?.split('\n')[0]}`)).toEqual([]);
    expect(r.code).toBe(0);
    expect(results.filter((x) => x.outcome === 'passed').length).toBeGreaterThanOrEqual(300);
  }, 600_000);
});
