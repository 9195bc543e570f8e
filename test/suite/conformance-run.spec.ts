// The conformance run itself, end to end through the CLI against the embedded reference bank:
// every applicable MUST passes (exit 0) and the reports are written.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
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
    // The Allure results as the worker processes wrote them (allure-writer.ts tidies each one) with the
    // labels and links the Before hook gives. Faults that trip it: a result written untidied (two feature
    // labels, no parentSuite, a SHOULD finding "failed"), a label or the clause links left out.
    const allure = join(dir, 'allure-results');
    const written = readdirSync(allure)
      .filter((f) => f.endsWith('-result.json'))
      .map(
        (f) =>
          JSON.parse(readFileSync(join(allure, f), 'utf8')) as {
            status: string;
            labels: Array<{ name: string; value: string }>;
            links?: Array<{ url: string }>;
          },
      );
    expect(written).toHaveLength(results.length);
    for (const r of written) {
      const count = (name: string) => r.labels.filter((l) => l.name === name).length;
      expect([count('feature'), count('parentSuite'), count('epic'), count('severity')]).toEqual([1, 1, 1, 1]);
      const clauses = r.labels.filter((l) => l.name === 'tag' && l.value.startsWith('@clause:'));
      expect(r.links?.map((l) => l.url)).toEqual(clauses.map((l) => `clauses.html#${l.value.slice(8)}`));
    }
    expect(written.filter((r) => r.status === 'unknown')).toHaveLength(
      results.filter((x) => x.outcome === 'warning').length,
    );
    for (const f of ['categories.json', 'clauses.html']) expect(existsSync(join(allure, f)), f).toBe(true);
  }, 600_000);
});
