// JUnit XML from the verdict (not cucumber's own formatter, so that not-applicable, waived and
// inconclusive scenarios say why, and testsuites group by area).
import { clausePageLink } from '../suite/outcomes.ts';
import type { Verdict } from './verdict.ts';

const SKIPPED = new Set(['not-applicable', 'waived', 'skipped', 'inconclusive', 'not-run']);

const esc = (s: string) =>
  s
    .replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!)
    .replace(/[\x00-\x08\x0b\x0c\x0e-\x1f]/g, '');

export function toJUnit(v: Verdict, suiteName = 'xs2a-conformance'): string {
  const byArea = new Map<string, typeof v.results>();
  for (const r of v.results) byArea.set(r.area, [...(byArea.get(r.area) ?? []), r]);
  const out = ['<?xml version="1.0" encoding="UTF-8"?>'];
  const failures = v.results.filter((r) => r.outcome === 'failed' || r.outcome === 'undefined').length;
  const skipped = v.results.filter((r) => SKIPPED.has(r.outcome)).length;
  const time = v.results.reduce((s, r) => s + r.durationMs, 0) / 1000;
  out.push(
    `<testsuites name="${esc(suiteName)}" tests="${v.results.length}" failures="${failures}" skipped="${skipped}" time="${time.toFixed(3)}">`,
  );
  for (const [area, rs] of byArea) {
    const f = rs.filter((r) => r.outcome === 'failed' || r.outcome === 'undefined').length;
    const s = rs.filter((r) => SKIPPED.has(r.outcome)).length;
    out.push(
      `  <testsuite name="${esc(area)}" tests="${rs.length}" failures="${f}" skipped="${s}" time="${(rs.reduce((a, r) => a + r.durationMs, 0) / 1000).toFixed(3)}">`,
    );
    for (const r of rs) {
      const name = `${r.name} [${r.level}]`;
      out.push(
        `    <testcase classname="${esc(`${area}.${r.uri}`)}" name="${esc(name)}" time="${(r.durationMs / 1000).toFixed(3)}">`,
      );
      out.push(
        `      <properties>${r.clauses.map((c) => `<property name="clause" value="${esc(c)}"/><property name="clause-page" value="${esc(clausePageLink(c))}"/>`).join('')}<property name="level" value="${r.level}"/></properties>`,
      );
      if (r.outcome === 'failed' || r.outcome === 'undefined') {
        const kind = r.level === 'should' ? 'should-level (not gating)' : 'must';
        out.push(
          `      <failure message="${esc((r.message ?? r.outcome).split('\n')[0].slice(0, 300))}" type="${kind}">${esc(r.message ?? '')}</failure>`,
        );
      } else if (r.outcome === 'warning')
        out.push(
          `      <system-out>${esc(`warning (SHOULD, advice: not a failure): ${r.message ?? ''}`)}</system-out>`,
        );
      else if (r.outcome === 'not-applicable')
        out.push(`      <skipped message="${esc(`not applicable: ${r.reason ?? ''}`)}"/>`);
      else if (r.outcome === 'inconclusive')
        out.push(`      <skipped message="${esc(`inconclusive: ${r.reason ?? ''}`)}"/>`);
      else if (r.outcome === 'not-run') out.push(`      <skipped message="${esc(`not run: ${r.reason ?? ''}`)}"/>`);
      else if (r.outcome === 'waived') out.push(`      <skipped message="${esc(r.reason ?? 'waived')}"/>`);
      else if (r.outcome === 'skipped') out.push(`      <skipped message="${esc(r.message ?? 'skipped')}"/>`);
      out.push('    </testcase>');
    }
    out.push('  </testsuite>');
  }
  for (const p of v.waiverProblems.filter((x) => x.problem !== 'matches-nothing')) {
    out.push(
      `  <testsuite name="waivers" tests="1" failures="1"><testcase classname="waivers" name="${esc(p.waiver.scenario ?? p.waiver.clause ?? '')}"><failure message="${esc(`waiver ${p.problem}`)}">${esc(p.waiver.reason)}</failure></testcase></testsuite>`,
    );
  }
  out.push('</testsuites>');
  return out.join('\n') + '\n';
}
