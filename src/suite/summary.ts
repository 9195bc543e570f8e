// The console summary: per area and level, then the failures with their clauses, then the
// inconclusive scenarios grouped by the set-up that could not be made.
import { CLAUSES } from '../spec/clauses.ts';
import type { Verdict } from './verdict.ts';

const titleOf = new Map(CLAUSES.map((c) => [c.id, c.title]));

export function formatSummary(v: Verdict, wallMs: number, target: string): string {
  const out: string[] = [];
  const areas = [...new Set(v.results.map((r) => r.area))].sort();
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const padL = (s: string | number, n: number) => String(s).padStart(n);
  out.push('', `Conformance summary for ${target}`, '');
  out.push(`${pad('area', 28)}${pad('level', 8)}${padL('pass', 6)}${padL('fail', 6)}${padL('inc.', 6)}${padL('n/a', 6)}${padL('waived', 8)}`);
  for (const a of areas) {
    for (const level of ['must', 'should'] as const) {
      const rs = v.results.filter((r) => r.area === a && r.level === level);
      if (!rs.length) continue;
      const n = (o: string) => rs.filter((r) => r.outcome === o || (o === 'failed' && r.outcome === 'undefined')).length;
      out.push(`${pad(a, 28)}${pad(level, 8)}${padL(n('passed'), 6)}${padL(n('failed'), 6)}${padL(n('inconclusive'), 6)}${padL(n('not-applicable'), 6)}${padL(n('waived'), 8)}`);
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
  const inconclusive = v.results.filter((r) => r.outcome === 'inconclusive');
  if (inconclusive.length) {
    out.push('', 'Inconclusive (a set-up could not be made on the target; their clauses were not tested):');
    // One line per root cause: the same set-up failing in many scenarios differs only in ids and bodies.
    const byCause = new Map<string, typeof inconclusive>();
    for (const r of inconclusive) {
      const cause = `${r.setupOperation ?? ''}|${(r.reason ?? '').split('\n')[0].replace(/[{[][\s\S]*$/, '').replace(/[0-9a-f-]{8,}|\d+/gi, '#')}`;
      byCause.set(cause, [...(byCause.get(cause) ?? []), r]);
    }
    for (const rs of [...byCause.values()].sort((a, b) => b.length - a.length)) {
      const musts = rs.filter((r) => r.level === 'must').length;
      const op = rs[0].setupOperation ? ` set-up @op:${rs[0].setupOperation}` : '';
      out.push(`  ${rs.length} scenario${rs.length === 1 ? '' : 's'} (${musts} MUST)${op}: ${(rs[0].reason ?? '(no reason given)').split('\n')[0].trim().slice(0, 240)}`);
      const where = rs.map((r) => `${r.uri.replace(/^.*\//, '')}:${r.line}`);
      out.push(`         ${where.slice(0, 8).join(', ')}${where.length > 8 ? `, … ${where.length - 8} more` : ''}`);
    }
  }
  for (const p of v.waiverProblems) {
    const what = p.waiver.scenario ?? `clause ${p.waiver.clause}`;
    if (p.problem === 'expired') out.push(`WAIVER EXPIRED (${p.waiver.expires}): ${what}: ${p.waiver.reason}`);
    if (p.problem === 'passes-now') out.push(`WAIVER NO LONGER NEEDED: ${what} passes now (${p.scenarios.join('; ')}): remove the waiver`);
    if (p.problem === 'matches-nothing') out.push(`waiver matches no scenario: ${what}`);
  }
  const c = v.counts;
  out.push('', `${v.results.length} scenarios: ${c.passed} passed, ${c.failed + c.undefined} failed, ${c.inconclusive} inconclusive, ${c['not-applicable']} not applicable, ${c.waived} waived, ${c.skipped} skipped in ${(wallMs / 1000).toFixed(1)} s`);
  const mustInconclusive = inconclusive.filter((r) => r.level === 'must').length;
  const note = mustInconclusive ? ` (${mustInconclusive} MUST inconclusive: set-up not made, not tested)` : '';
  out.push(v.exitCode === 0 ? `VERDICT: every applicable MUST passes${note}` : `VERDICT: FAIL${note}`);
  return out.join('\n') + '\n';
}
