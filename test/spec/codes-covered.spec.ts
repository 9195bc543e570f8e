// Every code of spec § Errors is checked: each status/code pair's code and
// each value of the tppMessages code list is named in a scenario that provokes it (in a step's text,
// a step's data table, or a tag such as `@clause:errors.<CODE>`; a comment does not count), or is in
// UNCHECKABLE (src/report/uncheckable.ts) under `codes.<CODE>` with the reason it cannot be provoked
// from outside on a bank that keeps to the spec. The codes are read from src/spec, never copied.
import { AstBuilder, compile, GherkinClassicTokenMatcher, Parser } from '@cucumber/gherkin';
import { IdGenerator } from '@cucumber/messages';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { TPP_MESSAGE_CODES } from '../../src/spec/codes.ts';
import { ERROR_CODES } from '../../src/spec/errors.ts';
import { UNCHECKABLE, uncheckableCodeKey } from '../../src/report/uncheckable.ts';

const ROOT = join(import.meta.dirname, '../..');

/** Every code the spec lists: the pairs table's codes, then the tppMessages list, without repeats. */
const SPEC_CODES: readonly string[] = [...new Set([...ERROR_CODES, ...TPP_MESSAGE_CODES])];

/** Per scenario (pickle): where it is and the text that can name a code (steps, their tables and doc strings, tags). */
function scenarioTexts(): Array<{ where: string; text: string }> {
  const out: Array<{ where: string; text: string }> = [];
  const dir = join(ROOT, 'features');
  for (const file of readdirSync(dir)
    .filter((f) => f.endsWith('.feature'))
    .sort()) {
    const doc = new Parser(new AstBuilder(IdGenerator.incrementing()), new GherkinClassicTokenMatcher()).parse(
      readFileSync(join(dir, file), 'utf8'),
    );
    for (const pickle of compile(doc, `features/${file}`, IdGenerator.incrementing())) {
      const parts = [...pickle.tags.map((t) => t.name)];
      for (const step of pickle.steps) {
        parts.push(step.text);
        for (const row of step.argument?.dataTable?.rows ?? []) parts.push(row.cells.map((c) => c.value).join(' | '));
        if (step.argument?.docString) parts.push(step.argument.docString.content);
      }
      out.push({ where: `features/${file}: ${pickle.name}`, text: parts.join('\n') });
    }
  }
  return out;
}

const names = (text: string, code: string): boolean => new RegExp(`(^|[^A-Z_])${code}($|[^A-Z_])`).test(text);

describe('every code of spec § Errors is checked by a scenario or listed as uncheckable', () => {
  const scenarios = scenarioTexts();

  it('the spec lists the codes (data of src/spec)', () => {
    expect(SPEC_CODES.length).toBeGreaterThanOrEqual(25);
    for (const code of SPEC_CODES) expect(code).toMatch(/^[A-Z][A-Z_]+$/);
  });

  it('each code is named in a scenario, or is a codes.<CODE> key of UNCHECKABLE with a reason', () => {
    const missing = SPEC_CODES.filter(
      (code) => !UNCHECKABLE[uncheckableCodeKey(code)] && !scenarios.some((s) => names(s.text, code)),
    );
    expect(
      missing,
      `codes neither named in a scenario of features/*.feature nor listed in src/report/uncheckable.ts as ${uncheckableCodeKey('<CODE>')}`,
    ).toEqual([]);
  });

  it("a code listed as uncheckable is one of the spec's, and no scenario names it (else the listing is stale)", () => {
    const keys = Object.keys(UNCHECKABLE).filter((k) => k.startsWith(uncheckableCodeKey('')));
    for (const key of keys) {
      const code = key.slice(uncheckableCodeKey('').length);
      expect(SPEC_CODES, `${key}: not a code of spec § Errors`).toContain(code);
      expect(UNCHECKABLE[key].length, `${key}: give the reason`).toBeGreaterThan(20);
      const naming = scenarios.filter((s) => names(s.text, code)).map((s) => s.where);
      expect(naming, `${key} is listed as uncheckable, yet these scenarios name it`).toEqual([]);
    }
  });
});
