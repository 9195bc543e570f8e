// The console summary: per area and level, then the failures, the inconclusive and the not-run
// scenarios, each grouped by root cause (the same message pattern: one line with a count, the
// first example and where), with the clauses and a link to their page.
import { CLAUSES } from '../spec/clauses.ts';
import { clausePageLink } from '../suite/outcomes.ts';
import { causeOfFailure } from './causes.ts';
import type { ScenarioResult, Verdict } from './verdict.ts';

const titleOf = new Map(CLAUSES.map((c) => [c.id, c.title]));

/** The first line of a message that is not a stack frame. */
const firstLine = (m: string | undefined) =>
  (m ?? '')
    .split('\n')
    .find((l) => l.trim() && !/^\s+at /.test(l))
    ?.trim() ?? '';

/** `text` cut to at most `n` characters at a word's end, with … where it was cut (never mid-word). */
export function clip(text: string, n = 240): string {
  if (text.length <= n) return text;
  const cut = text.slice(0, n - 1);
  const end = cut.search(/\s\S*$/);
  return `${(end > n / 2 ? cut.slice(0, end) : cut).trimEnd()}…`;
}

/**
 * A failure's cause (causes.ts: its kind, the clause its check names, its first line without ids):
 * the summary groups by it as Allure's categories do, so a cause is one group here and one row there.
 */
export function causeOf(r: Pick<ScenarioResult, 'message' | 'clauses'>): string {
  return causeOfFailure(r.message ?? '', r.clauses[0]).line;
}

/** Groups results by key, biggest group first. */
function groups(rs: ScenarioResult[], key: (r: ScenarioResult) => string): ScenarioResult[][] {
  const m = new Map<string, ScenarioResult[]>();
  for (const r of rs) m.set(key(r), [...(m.get(key(r)) ?? []), r]);
  return [...m.values()].sort((a, b) => b.length - a.length);
}

const whereOf = (rs: ScenarioResult[]) => {
  const where = rs.map((r) => `${r.uri.replace(/^.*\//, '')}:${r.line}`);
  return `${where.slice(0, 8).join(', ')}${where.length > 8 ? `, … ${where.length - 8} more` : ''}`;
};

/** The console's form of the summary: at most this many causes per section, each cause's clauses on one line. */
export const CONSOLE_CAUSES = 20;

/**
 * The summary. `console`: the form the console shows (bounded: CONSOLE_CAUSES causes per section, a
 * cause's clauses on one line; summary.txt has them all).
 */
export function formatSummary(v: Verdict, wallMs: number, target: string, opts: { console?: boolean } = {}): string {
  const out: string[] = [];
  let later: string[] = [];
  /** The groups a section shows, and a line for those it leaves to summary.txt. */
  const shown = <T>(gs: T[], what: string): T[] => {
    if (!opts.console || gs.length <= CONSOLE_CAUSES) return gs;
    const rest = gs.length - CONSOLE_CAUSES;
    later.push(`  … ${rest} more ${what} cause${rest === 1 ? '' : 's'}: summary.txt`);
    return gs.slice(0, CONSOLE_CAUSES);
  };
  const clauseLines = (ids: string[]): string[] =>
    opts.console
      ? [`         clauses: ${ids.join(', ')}`]
      : ids.map((c) => `         clause ${c}: ${titleOf.get(c) ?? '(unknown clause)'}  ${clausePageLink(c)}`);
  const areas = [...new Set(v.results.map((r) => r.area))].sort();
  const pad = (s: string | number, n: number) => String(s).padEnd(n);
  const padL = (s: string | number, n: number) => String(s).padStart(n);
  out.push('', `Conformance summary for ${target}`, '');
  out.push(
    `${pad('area', 28)}${pad('level', 8)}${padL('pass', 6)}${padL('fail', 6)}${padL('warn', 6)}${padL('inc.', 6)}${padL('n/a', 6)}${padL('waived', 8)}`,
  );
  for (const a of areas) {
    for (const level of ['must', 'should'] as const) {
      const rs = v.results.filter((r) => r.area === a && r.level === level);
      if (!rs.length) continue;
      const n = (o: string) =>
        rs.filter((r) => r.outcome === o || (o === 'failed' && r.outcome === 'undefined')).length;
      out.push(
        `${pad(a, 28)}${pad(level, 8)}${padL(n('passed'), 6)}${padL(n('failed'), 6)}${padL(n('warning'), 6)}${padL(n('inconclusive'), 6)}${padL(n('not-applicable'), 6)}${padL(n('waived'), 8)}`,
      );
    }
  }
  const failed = v.results.filter((r) => r.outcome === 'failed' || r.outcome === 'undefined');
  if (failed.length) {
    out.push('', 'Failures (grouped by root cause, MUST first):');
    const byCause = groups(failed, (r) => `${r.level}|${causeOf(r)}`).sort((a, b) =>
      a[0].level === b[0].level ? b.length - a.length : a[0].level === 'must' ? -1 : 1,
    );
    later = [];
    for (const rs of shown(byCause, 'failure')) {
      const r = rs[0];
      const head = rs.length > 1 ? `${rs.length} scenarios, e.g. ${r.name}` : r.name;
      out.push(
        `  ${r.level === 'must' ? 'MUST  ' : 'SHOULD'} ${head}  (${rs.length > 1 ? whereOf(rs) : `${r.uri}:${r.line}`})`,
      );
      out.push(...clauseLines([...new Set(rs.flatMap((x) => x.clauses))].slice(0, 6)));
      const first = firstLine(r.message);
      if (first) out.push(`         ${clip(first)}`);
    }
    out.push(...later);
  }
  const warnings = v.results.filter((r) => r.outcome === 'warning');
  if (warnings.length) {
    out.push('', 'Warnings (SHOULD: advice where the spec is silent, not failures; grouped by root cause):');
    later = [];
    for (const rs of shown(
      groups(warnings, (r) => causeOf(r)),
      'warning',
    )) {
      const r = rs[0];
      out.push(
        `  WARN   ${rs.length > 1 ? `${rs.length} scenarios, e.g. ${r.name}` : r.name}  (${rs.length > 1 ? whereOf(rs) : `${r.uri}:${r.line}`})`,
      );
      out.push(...clauseLines([...new Set(rs.flatMap((x) => x.clauses))].slice(0, 6)));
      const first = firstLine(r.message);
      if (first) out.push(`         ${clip(first)}`);
    }
    out.push(...later);
  }
  const inconclusive = v.results.filter((r) => r.outcome === 'inconclusive');
  if (inconclusive.length) {
    out.push('', 'Inconclusive (a set-up could not be made on the target; their clauses were not tested):');
    // One line per root cause: the same set-up failing in many scenarios differs only in ids and bodies.
    const byCause = new Map<string, typeof inconclusive>();
    for (const r of inconclusive) {
      const cause = `${r.setupOperation ?? ''}|${(r.reason ?? '')
        .split('\n')[0]
        .replace(/[{[][\s\S]*$/, '')
        .replace(/[0-9a-f-]{8,}|\d+/gi, '#')}`;
      byCause.set(cause, [...(byCause.get(cause) ?? []), r]);
    }
    later = [];
    for (const rs of shown(
      [...byCause.values()].sort((a, b) => b.length - a.length),
      'inconclusive',
    )) {
      const musts = rs.filter((r) => r.level === 'must').length;
      const op = rs[0].setupOperation ? ` set-up @op:${rs[0].setupOperation}` : '';
      out.push(
        `  ${rs.length} scenario${rs.length === 1 ? '' : 's'} (${musts} MUST)${op}: ${clip((rs[0].reason ?? '(no reason given)').split('\n')[0].trim())}`,
      );
      const where = rs.map((r) => `${r.uri.replace(/^.*\//, '')}:${r.line}`);
      out.push(`         ${where.slice(0, 8).join(', ')}${where.length > 8 ? `, … ${where.length - 8} more` : ''}`);
    }
    out.push(...later);
  }
  const notRun = v.results.filter((r) => r.outcome === 'not-run');
  if (notRun.length) {
    out.push('', `Not run (${notRun.length}; never passed):`);
    for (const rs of groups(notRun, (r) => r.reason ?? ''))
      out.push(
        `  ${rs.length} scenario${rs.length === 1 ? '' : 's'}: ${clip(rs[0].reason ?? '')}`,
        `         ${whereOf(rs)}`,
      );
  }
  for (const p of v.waiverProblems) {
    const what = p.waiver.scenario ?? `clause ${p.waiver.clause}`;
    if (p.problem === 'expired') out.push(`WAIVER EXPIRED (${p.waiver.expires}): ${what}: ${p.waiver.reason}`);
    if (p.problem === 'passes-now')
      out.push(`WAIVER NO LONGER NEEDED: ${what} passes now (${p.scenarios.join('; ')}): remove the waiver`);
    if (p.problem === 'matches-nothing') out.push(`waiver matches no scenario: ${what}`);
  }
  const c = v.counts;
  out.push(
    '',
    `${v.results.length} scenarios: ${c.passed} passed, ${c.failed + c.undefined} failed, ${c.warning} warnings, ${c.inconclusive} inconclusive, ${c['not-applicable']} not applicable, ${c['not-run'] ? `${c['not-run']} not run, ` : ''}${c.waived} waived, ${c.skipped} skipped in ${(wallMs / 1000).toFixed(1)} s`,
  );
  const mustInconclusive = inconclusive.filter((r) => r.level === 'must').length;
  const note = mustInconclusive ? ` (${mustInconclusive} MUST inconclusive: set-up not made, not tested)` : '';
  const incomplete =
    v.exitCode === 3
      ? 'INCOMPLETE: the target stopped answering'
      : v.exitCode === 4
        ? 'INCOMPLETE: the deadline passed'
        : undefined;
  out.push(
    incomplete
      ? `VERDICT: ${incomplete} (${c['not-run']} scenarios not run)${note}`
      : v.exitCode === 0
        ? `VERDICT: every applicable MUST passes${note}`
        : `VERDICT: FAIL${note}`,
  );
  return out.join('\n') + '\n';
}
