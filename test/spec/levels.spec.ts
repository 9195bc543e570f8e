// Levels as data, enforced. Every clause is *stated* (it carries the spec
// sentence it quotes) or a *default* (Berlin Group or platform choice, with its source); a @must
// scenario rests on stated clauses; the same check never has two levels; docs/levels.md names the
// sentence behind every @must scenario. The spec itself is not read here (the project never reads
// ../shared): the quotes are data, checked for their form.
import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator, type Pickle } from '@cucumber/messages';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { CLAUSES, clauseById } from '../../src/spec/clauses.ts';
import { SPEC_QUOTES } from '../../src/spec/quotes.ts';

const ROOT = join(import.meta.dirname, '../..');

interface Check {
  /** `features/x.feature:12` (the Examples row for outline rows). */
  where: string;
  name: string;
  /** The scenario's own name (an outline's with its <parameters>). */
  title: string;
  level: 'must' | 'should' | undefined;
  levels: string[];
  clauses: string[];
  /** What the scenario does: its When steps in order; a data table's rows are one stimulus each. */
  stimuli: string[];
  /** What it expects: the Then steps. */
  outcome: string;
}

function loadChecks(): Check[] {
  const out: Check[] = [];
  const dir = join(ROOT, 'features');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.feature'))
    .sort()) {
    const doc = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher()).parse(
      readFileSync(join(dir, file), 'utf8'),
    );
    const lines = new Map<string, number>();
    const titles = new Map<string, string>();
    for (const child of doc.feature?.children ?? []) {
      const s = child.scenario;
      if (!s) continue;
      lines.set(s.id, s.location.line);
      titles.set(s.id, s.name);
      for (const ex of s.examples) for (const row of ex.tableBody) lines.set(row.id, row.location.line);
    }
    for (const pickle of compile(doc, `features/${file}`, IdGenerator.incrementing()))
      out.push(toCheck(pickle, file, lines, titles));
  }
  return out;
}

function toCheck(pickle: Pickle, file: string, lines: Map<string, number>, titles: Map<string, string>): Check {
  const tags = pickle.tags.map((t) => t.name);
  const levels = tags.filter((t) => t === '@must' || t === '@should');
  const line = lines.get(pickle.astNodeIds[pickle.astNodeIds.length - 1]) ?? lines.get(pickle.astNodeIds[0]);
  let phase: 'context' | 'action' | 'outcome' = 'context';
  let stimuli: string[] = [''];
  const outcome: string[] = [];
  for (const step of pickle.steps) {
    if (step.type === 'Action') phase = 'action';
    else if (step.type === 'Outcome') phase = 'outcome';
    if (phase === 'action') {
      const rows = step.argument?.dataTable?.rows.slice(1) ?? [];
      const parts = rows.length
        ? rows.map((row) => `${stimulus(step.text)} | ${row.cells.map((c) => c.value.trim()).join(' | ')}`)
        : [stimulus(step.text)];
      stimuli = stimuli.flatMap((before) => parts.map((part) => (before ? `${before} / ${part}` : part)));
    }
    if (phase === 'outcome') outcome.push(step.text.replace(/ and code [A-Z_]+/g, '').toLowerCase());
  }
  return {
    where: `features/${file}:${line}`,
    name: pickle.name,
    title: titles.get(pickle.astNodeIds[0]) ?? pickle.name,
    level: levels.length === 1 ? (levels[0].slice(1) as 'must' | 'should') : undefined,
    levels,
    clauses: tags.filter((t) => t.startsWith('@clause:')).map((t) => t.slice('@clause:'.length)),
    stimuli,
    outcome: outcome.join(' / '),
  };
}

/**
 * What a When step does to the request, the operation it goes to and the concrete value aside:
 * `the TPP reads the details of that booked transaction with the header PSU-Device-ID set to "device"`
 * and `the TPP reads the account list with the header "PSU-Device-ID" set to "device-123"` are both
 * `the header psu-device-id set to <value>`.
 */
export function stimulus(text: string): string {
  const i = text.indexOf(' with ');
  return (i < 0 ? text : text.slice(i + ' with '.length))
    .replace(/"/g, '')
    .toLowerCase()
    .replace(/ set to .*$/, ' set to <value>')
    .trim();
}

/** Clauses that name an outcome or an operation rather than the rule a check is about. */
const OUTCOME_CLAUSE =
  /^errors\.|^fields\.error-body|^endpoints\.[^.]+\.status\.|^endpoints\.[^.]+$|^signing\.(missing|invalid)-rejected$/;

interface Conflict {
  key: string;
  rule: string[];
  must: string;
  should: string;
}

/**
 * The same check at two levels: a @must and a @should scenario that share a rule clause (one that is
 * not only an outcome or an operation), a stimulus (a When step, or one row of its data table, the
 * operation and concrete value aside) and their expected outcome (the Then steps, error code aside).
 */
export function levelConflicts(checks: readonly Check[]): Conflict[] {
  const byKey = new Map<string, Check[]>();
  for (const c of checks) {
    for (const s of c.stimuli) {
      const key = `${s} => ${c.outcome}`;
      byKey.set(key, [...(byKey.get(key) ?? []), c]);
    }
  }
  const out: Conflict[] = [];
  for (const [key, group] of byKey) {
    for (const must of group.filter((c) => c.level === 'must')) {
      for (const should of group.filter((c) => c.level === 'should')) {
        const rule = must.clauses.filter((id) => !OUTCOME_CLAUSE.test(id) && should.clauses.includes(id));
        if (rule.length)
          out.push({ key, rule, must: `${must.where} ${must.name}`, should: `${should.where} ${should.name}` });
      }
    }
  }
  return out;
}

describe('clauses: stated or default', () => {
  it('gives every clause a basis: stated with a quote, or default with a source', () => {
    for (const clause of CLAUSES) {
      expect(['stated', 'default'], clause.id).toContain(clause.basis);
      if (clause.basis === 'stated') {
        expect(typeof clause.quote, clause.id).toBe('string');
        expect(clause.quote!.trim().length, clause.id).toBeGreaterThan(0);
      } else {
        expect(clause.quote, clause.id).toBeUndefined();
        expect(clause.source?.trim(), clause.id).toBeTruthy();
      }
    }
  });

  it('holds a clause at MUST iff the spec states it; a stated SHOULD quotes a "should" or "may" of the spec', () => {
    for (const clause of CLAUSES) {
      if (clause.level === 'must')
        expect(clause.basis, `${clause.id} is MUST, so it must be stated (quote it in src/spec/quotes.ts)`).toBe(
          'stated',
        );
      if (clause.basis === 'default') expect(clause.level, clause.id).toBe('should');
      if (clause.basis === 'stated' && clause.level === 'should')
        expect(clause.quote, clause.id).toMatch(/\b(should|may)\b/);
    }
    expect(clauseById('endpoints.create-signing-basket').basis).toBe('default');
    expect(clauseById('signing.response-signature')).toMatchObject({ basis: 'stated', level: 'should' });
  });

  it('keeps the quotes as the spec writes them: one line, no suite wording, every quote for a known clause', () => {
    const ids = new Set(CLAUSES.map((c) => c.id));
    for (const [id, quote] of Object.entries(SPEC_QUOTES)) {
      expect(ids.has(id), `quotes.ts names unknown clause ${id}`).toBe(true);
      expect(quote, id).toBe(quote.trim());
      // The suite's own wording of a clause ("name (required): rule", "§ Errors") is not a quote.
      expect(quote, id).not.toMatch(/\n|§|\((required|optional)\): |src\/spec|Berlin Group/);
    }
    expect(clauseById('fields.transaction-details.ultimateCreditor').quote).toContain(
      'not offered by the current implementation',
    );
    expect(clauseById('limits.pending-all-returned').quote).toContain('(sandbox and card accounts unaffected)');
  });
});

describe('scenario levels', () => {
  const checks = loadChecks();

  it('tags every scenario (and outline row) with exactly one level and at least one known clause', () => {
    const known = new Set(CLAUSES.map((c) => c.id));
    for (const c of checks) {
      expect(c.levels, `${c.where} ${c.name}`).toHaveLength(1);
      expect(c.clauses.length, `${c.where} ${c.name}`).toBeGreaterThan(0);
      for (const id of c.clauses) expect(known.has(id), `${c.where}: unknown clause ${id}`).toBe(true);
    }
  });

  it('rests every @must scenario on at least one stated clause', () => {
    const onDefaults = checks.filter(
      (c) => c.level === 'must' && c.clauses.every((id) => clauseById(id).basis === 'default'),
    );
    expect(onDefaults.map((c) => `${c.where} ${c.name}: ${c.clauses.join(', ')}`)).toEqual([]);
  });

  it('gives the same check one level everywhere', () => {
    expect(levelConflicts(checks)).toEqual([]);
  });

  it('sees the example of docs/levels.md: a malformed PSU-Device-ID at MUST on the details and SHOULD on the account list', () => {
    const check = (where: string, level: 'must' | 'should', when: string, clauses: string[]): Check => ({
      where,
      name: where,
      title: where,
      level,
      levels: [`@${level}`],
      clauses,
      stimuli: [stimulus(when)],
      outcome: 'the request is refused with status 400',
    });
    const conflicts = levelConflicts([
      check(
        'details',
        'must',
        'the TPP reads the details of that booked transaction with the header PSU-Device-ID set to "device"',
        ['endpoints.get-transaction-details.status.400', 'errors.FORMAT_ERROR', 'headers.psu-device-id'],
      ),
      check('list', 'should', 'the TPP reads the account list with the header "PSU-Device-ID" set to "device-123"', [
        'headers.psu-device-id',
      ]),
      check('other', 'should', 'the TPP reads the account list with the header "PSU-ID" set to "x"', [
        'headers.psu-id',
      ]),
    ]);
    expect(conflicts).toEqual([
      {
        key: 'the header psu-device-id set to <value> => the request is refused with status 400',
        rule: ['headers.psu-device-id'],
        must: 'details details',
        should: 'list list',
      },
    ]);
  });

  it('names, in docs/levels.md, every @must scenario with the clause it rests on', () => {
    const doc = readFileSync(join(ROOT, 'docs/levels.md'), 'utf8');
    const missing = [...new Set(checks.filter((c) => c.level === 'must').map((c) => c.title))].filter(
      (title) => !doc.includes(title),
    );
    expect(missing).toEqual([]);
  });
});
