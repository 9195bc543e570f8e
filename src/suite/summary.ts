// The console summary: per area and level, then the failures with their clauses.
import { CLAUSES } from '../spec/clauses.ts';
import type { Verdict } from './verdict.ts';

const titleOf = new Map(CLAUSES.map((c) => [c.id, c.title]));

export function formatSummary(v: Verdict, wallMs: number, target: string): string {
  const out: string[] = [];
  const areas = [...new Set(v.results.map((r) => r.area))].sort();
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const padL = (s: string | number, n: number) => String(s).padStart(n);
  out.push('', `Conformance summary for ${target}`, '');
  out.push(`${pad('area', 28)}${pad('level', 8)}${padL('pass', 6)}${padL('fail', 6)}${padL('n/a', 6)}${padL('waived', 8)}`);
  for (const a of areas) {
    for (const level of ['must', 'should'] as const) {
      const rs = v.results.filter((r) => r.area === a && r.level === level);
      if (!rs.length) continue;
      const n = (o: string) => rs.filter((r) => r.outcome === o || (o === 'failed' && r.outcome === 'undefined')).length;
      out.push(`${pad(a, 28)}${pad(level, 8)}${padL(n('passed'), 6)}${padL(n('failed'), 6)}${padL(n('not-applicable'), 6)}${padL(n('waived'), 8)}`);
    }
  }
  const failed = v.results.filter((r) => r.outcome === 'failed' || r.outcome === 'undefined');
  if (failed.length) {
    out.push('', 'Failures:');
    for (const r of failed.sort((a, b) => (a.level === b.level ? 0 : a.level === 'must' ? -1 : 1))) {
      out.push(`  ${r.level === 'must' ? 'MUST  ' : 'SHOULD'} ${r.name}  (${r.uri}:${r.line})`);
      for (const c of r.clauses) out.push(`         clause ${c}: ${titleOf.get(c) ?? '(unknown clause)'}`);
      const first = (r.message ?? '').split('\n').find((l) => l.trim() && !/^\s+at /.test(l));
      if (first) out.push(`         ${first.trim().slice(0, 240)}`);
    }
  }
  for (const p of v.waiverProblems) {
    const what = p.waiver.scenario ?? `clause ${p.waiver.clause}`;
    if (p.problem === 'expired') out.push(`WAIVER EXPIRED (${p.waiver.expires}): ${what}: ${p.waiver.reason}`);
    if (p.problem === 'passes-now') out.push(`WAIVER NO LONGER NEEDED: ${what} passes now (${p.scenarios.join('; ')}): remove the waiver`);
    if (p.problem === 'matches-nothing') out.push(`waiver matches no scenario: ${what}`);
  }
  const c = v.counts;
  out.push('', `${v.results.length} scenarios: ${c.passed} passed, ${c.failed + c.undefined} failed, ${c['not-applicable']} not applicable, ${c.waived} waived, ${c.skipped} skipped in ${(wallMs / 1000).toFixed(1)} s`);
  out.push(v.exitCode === 0 ? 'VERDICT: every applicable MUST passes' : 'VERDICT: FAIL');
  return out.join('\n') + '\n';
}
