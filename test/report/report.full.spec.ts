// The report of a run with injected faults: Allure's Behaviors count each failed scenario once,
// failures fall into categories by cause, every clause link resolves to an anchor of the clause page
// shipped beside the report, and the evidence hangs under the failing step.
import { existsSync, mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { hasJava } from '../../src/report/report.ts';
import { cli } from '../helpers/cli.ts';
import { readResults } from '../helpers/results.ts';

const FAULTS = [
  'basket-size-11',
  'html-500-details',
  'signature-unchecked',
  'resource-unknown-as-403',
  'period-invalid-as-format-error',
  'psu-id-format-unchecked',
  'query-parameter-required-as-format-error',
  'digest-unchecked',
  'key-id-unchecked',
  'algorithm-unchecked',
];

interface Leaf {
  status: string;
  uid: string;
}
const leaves = (n: any, out: Leaf[] = []): Leaf[] => {
  if (n.children) for (const c of n.children) leaves(c, out);
  else out.push({ status: n.status, uid: n.uid });
  return out;
};

describe.skipIf(!hasJava())('the Allure report of a run with 10 injected faults', () => {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-report-'));
  const tags =
    '@area:signing-baskets or @area:transaction-details or @area:request-signing or @area:error-bodies or @area:accounts';

  it('counts each failed scenario once in Behaviors, sorts failures by cause, and every clause link resolves', () => {
    const r = cli(['run', '--faults', FAULTS.join(','), '--tags', tags, '--report-dir', dir], '', 300_000);
    expect(r.code).toBe(1);
    const results = readResults(dir);
    const failed = results.filter((x) => x.outcome === 'failed').length;
    expect(failed).toBeGreaterThan(10);
    const report = join(dir, 'allure-report');
    const behaviors = leaves(JSON.parse(readFileSync(join(report, 'data', 'behaviors.json'), 'utf8')));
    expect(behaviors.filter((l) => l.status === 'failed' || l.status === 'broken').length).toBe(failed);
    expect(new Set(behaviors.map((l) => l.uid)).size).toBe(behaviors.length);
    const categories = JSON.parse(readFileSync(join(report, 'data', 'categories.json'), 'utf8')).children as Array<{
      name: string;
      children: unknown[];
    }>;
    expect(categories.length).toBeGreaterThan(1);
    // Every clause link of every test case points into the clause page beside index.html.
    const page = readFileSync(join(report, 'clauses.html'), 'utf8');
    const anchors = new Set([...page.matchAll(/<section id="([^"]+)"/g)].map((m) => m[1]));
    const cases = readdirSync(join(report, 'data', 'test-cases')).map((f) =>
      JSON.parse(readFileSync(join(report, 'data', 'test-cases', f), 'utf8')),
    );
    const links = cases.flatMap((c) => (c.links ?? []) as Array<{ url: string }>);
    expect(links.length).toBeGreaterThan(0);
    for (const l of links) {
      expect(l.url).toMatch(/^clauses\.html#/);
      expect(anchors.has(decodeURIComponent(l.url.split('#')[1])), l.url).toBe(true);
    }
    // The evidence hangs under the failing step, as HTTP text, with the replay command.
    const failedCase = cases.find(
      (c) => c.status === 'failed' && (c.testStage?.steps ?? []).some((s: any) => s.status === 'failed'),
    );
    const step = failedCase.testStage.steps.find((s: any) => s.status === 'failed');
    // The Allure reporter files a step's attachments as its sub-steps.
    const attachmentsOf = (s: any): string[] => [
      ...(s.attachments ?? []).map((a: { name: string }) => a.name),
      ...(s.steps ?? []).flatMap(attachmentsOf),
    ];
    const names = attachmentsOf(step);
    expect(names.some((n: string) => n.endsWith('.http'))).toBe(true);
    expect(names).toContain('reproduce.txt');
    // The message names the target's failure, not the suite's stack.
    expect(step.statusTrace ?? '').not.toMatch(/\n\s+at .*src\/suite/);
    expect(existsSync(join(dir, 'clauses.html'))).toBe(true);
  }, 300_000);
});
