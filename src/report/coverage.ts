// Clause coverage: spec clause → scenarios (and properties) → faults that proved them. Clauses come
// from src/spec; scenarios from the feature files' @clause tags; faults from reports/mutation.json.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative } from 'node:path';
import { CLAUSES } from '../spec/clauses.ts';
import type { Level } from '../spec/level.ts';
import { lineOf, scenarioLines } from '../suite/outcomes.ts';
import { readTags } from '../suite/tags.ts';
import { UNCHECKABLE } from './uncheckable.ts';

export interface CheckRef {
  kind: 'scenario' | 'property';
  name: string;
  where: string;
  level: Level;
}

export interface CoverageRow {
  clause: string;
  title: string;
  kind: string;
  level: Level;
  checks: CheckRef[];
  faults: string[];
  uncheckable?: string;
}

export interface Coverage {
  rows: CoverageRow[];
  uncovered: CoverageRow[];
  unknownClauseTags: Array<{ tag: string; where: string }>;
  /** Checks no fault has made fail (needs reports/mutation.json). */
  unprovenChecks: string[];
  percent: number;
  /** The mutation run the fault column comes from. */
  mutation?: { score?: number; faults?: number; killed?: number; generatedAt?: string; scope?: string };
}

interface MutationFile {
  perFault?: Array<{ id: string; killedBy: string[] }>;
  score?: number;
  faults?: number;
  killed?: number;
  generatedAt?: string;
  scope?: string;
}

/** reports/mutation.json, or undefined when absent or unreadable. */
function readMutation(file: string): MutationFile | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const m = JSON.parse(readFileSync(file, 'utf8')) as MutationFile;
    if (!Array.isArray(m.perFault)) return undefined;
    return { ...m, perFault: m.perFault.filter((f) => f && typeof f.id === 'string' && Array.isArray(f.killedBy)) };
  } catch {
    return undefined;
  }
}

function files(dir: string, ext: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p, ext) : p.endsWith(ext) ? [p] : [];
  });
}

/**
 * A step of a scenario as cucumber runs it: its kind, its text (outline values filled in) and the rows of its data
 * table.
 */
export interface ScenarioStep {
  type: 'Context' | 'Action' | 'Outcome' | 'Unknown';
  text: string;
  table?: string[][];
}

/** A scenario (an outline row counts as one) with its tags and steps. */
export interface ScenarioRef {
  name: string;
  where: string;
  tags: string[];
  steps: ScenarioStep[];
}

/**
 * The Gherkin parser, loaded when first needed: the command line's bundle would otherwise load it
 * (and what it loads) at every start, for commands that read no feature file.
 */
const gherkin = () => {
  const load = createRequire(import.meta.url);
  return {
    ...(load('@cucumber/gherkin') as typeof import('@cucumber/gherkin')),
    IdGenerator: (load('@cucumber/messages') as typeof import('@cucumber/messages')).IdGenerator,
  };
};

/** Every scenario (outline rows expanded) with its tags and steps. */
export function scenarios(root: string): ScenarioRef[] {
  const { AstBuilder, compile, GherkinClassicTokenMatcher, Parser, IdGenerator } = gherkin();
  const out: ScenarioRef[] = [];
  for (const file of files(join(root, 'features'), '.feature')) {
    const uri = relative(root, file);
    const newId = IdGenerator.uuid();
    const doc = new Parser(new AstBuilder(newId), new GherkinClassicTokenMatcher()).parse(readFileSync(file, 'utf8'));
    const lines = scenarioLines(doc);
    for (const p of compile({ ...doc, uri }, uri, newId)) {
      const line = lineOf(lines, p.astNodeIds);
      const steps = p.steps.map((st): ScenarioStep => ({
        type: (st.type ?? 'Unknown') as ScenarioStep['type'],
        text: st.text,
        ...(st.argument?.dataTable
          ? { table: st.argument.dataTable.rows.map((r) => r.cells.map((c) => c.value)) }
          : {}),
      }));
      out.push({ name: p.name, where: `${uri}:${line}`, tags: p.tags.map((t) => t.name), steps });
    }
  }
  return out;
}

/** Properties declare their clauses in their test names: `… [clause:<id>]`. */
export function properties(root: string): Array<{ name: string; where: string; clauses: string[]; level: Level }> {
  const out: Array<{ name: string; where: string; clauses: string[]; level: Level }> = [];
  for (const file of files(join(root, 'properties'), '.ts')) {
    const text = readFileSync(file, 'utf8');
    const re = /(?:test|it)(?:\.prop\([^)]*\)[^(]*)?\(\s*(['`"])((?:(?!\1).)*\[clause:[^\]]+\](?:(?!\1).)*)\1/g;
    for (const m of text.matchAll(re)) {
      const name = m[2];
      const clauses = [...name.matchAll(/\[clause:([^\]]+)\]/g)].flatMap((x) => x[1].split(/[ ,]+/));
      out.push({ name, where: relative(root, file), clauses, level: /\[should\]/.test(name) ? 'should' : 'must' });
    }
  }
  return out;
}

export function computeCoverage(root: string, mutationFile = join(root, 'reports', 'mutation.json')): Coverage {
  const known = new Set(CLAUSES.map((c) => c.id));
  const byClause = new Map<string, CheckRef[]>(CLAUSES.map((c) => [c.id, []]));
  const unknownClauseTags: Coverage['unknownClauseTags'] = [];
  for (const s of scenarios(root)) {
    const t = readTags(s.tags);
    for (const c of t.clauses) {
      if (!known.has(c)) unknownClauseTags.push({ tag: `@clause:${c}`, where: s.where });
      else byClause.get(c)!.push({ kind: 'scenario', name: s.name, where: s.where, level: t.level ?? 'must' });
    }
  }
  for (const p of properties(root)) {
    for (const c of p.clauses) {
      if (!known.has(c)) unknownClauseTags.push({ tag: `[clause:${c}]`, where: p.where });
      else byClause.get(c)!.push({ kind: 'property', name: p.name, where: p.where, level: p.level });
    }
  }
  // Faults: which checks each fault made fail (`xs2a-conformance mutants` writes reports/mutation.json:
  // perFault[].killedBy holds scenario locations `features/x.feature:12` or property names).
  const faultsByCheck = new Map<string, string[]>();
  const mutation = readMutation(mutationFile);
  for (const f of mutation?.perFault ?? [])
    for (const check of f.killedBy) faultsByCheck.set(check, [...(faultsByCheck.get(check) ?? []), f.id]);
  const rows: CoverageRow[] = CLAUSES.map((c) => {
    const checks = byClause.get(c.id)!;
    const faults = [
      ...new Set(checks.flatMap((ch) => faultsByCheck.get(ch.where) ?? faultsByCheck.get(ch.name) ?? [])),
    ];
    return {
      clause: c.id,
      title: c.title,
      kind: c.kind,
      level: c.level,
      checks,
      faults,
      uncheckable: UNCHECKABLE[c.id],
    };
  });
  const uncovered = rows.filter((r) => !r.checks.length && !r.uncheckable);
  const allChecks = [...new Set(rows.flatMap((r) => r.checks.map((c) => c.where)))];
  const unprovenChecks = mutation ? allChecks.filter((w) => !faultsByCheck.has(w)) : [];
  const percent = Math.round((1000 * rows.filter((r) => r.checks.length || r.uncheckable).length) / rows.length) / 10;
  const summary = mutation && {
    score: mutation.score,
    faults: mutation.faults,
    killed: mutation.killed,
    generatedAt: mutation.generatedAt,
    scope: mutation.scope,
  };
  return { rows, uncovered, unknownClauseTags, unprovenChecks, percent, ...(summary ? { mutation: summary } : {}) };
}

export function coverageMarkdown(cov: Coverage): string {
  const out = [
    '# Clause coverage',
    '',
    `${cov.rows.length} clauses; ${cov.percent} % have a check or a stated reason why none can exist.`,
    '',
  ];
  if (cov.mutation)
    out.push(
      `Faults from the mutation run of ${cov.mutation.generatedAt ?? '?'} (${cov.mutation.scope ?? ''}): score ${cov.mutation.score} %, ${cov.mutation.killed} of ${cov.mutation.faults} faults killed; ${cov.unprovenChecks.length} checks no fault has made fail.`,
      '',
    );
  else out.push('No reports/mutation.json: run `npm run mutants` for the fault column.', '');
  out.push('| clause | level | checks | faults that prove them |', '|---|---|---|---|');
  for (const r of cov.rows) {
    const checks = r.checks.length
      ? `${r.checks.length}: ${[...new Set(r.checks.map((c) => c.where))].slice(0, 4).join(', ')}${r.checks.length > 4 ? ', …' : ''}`
      : r.uncheckable
        ? `none: ${r.uncheckable}`
        : '**none**';
    out.push(
      `| \`${r.clause}\` ${r.title.replace(/\|/g, '\\|')} | ${r.level} | ${checks} | ${r.faults.join(', ') || '–'} |`,
    );
  }
  out.push('', '## Clauses with no check', '');
  out.push(...(cov.uncovered.length ? cov.uncovered.map((r) => `- \`${r.clause}\` ${r.title}`) : ['none']));
  out.push('', '## Clauses that cannot be checked from outside', '');
  out.push(...cov.rows.filter((r) => r.uncheckable).map((r) => `- \`${r.clause}\`: ${r.uncheckable}`));
  if (cov.unknownClauseTags.length)
    out.push('', '## Unknown clause tags', '', ...cov.unknownClauseTags.map((u) => `- ${u.tag} at ${u.where}`));
  if (cov.mutation)
    out.push(
      '',
      '## Checks no fault has made fail',
      '',
      ...(cov.unprovenChecks.length ? cov.unprovenChecks.map((w) => `- ${w}`) : ['none']),
    );
  return out.join('\n') + '\n';
}
