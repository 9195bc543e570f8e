// The console's summary is for a person: bounded, and never cut mid-word. Faults that trip it: the
// console form printing every cause (a bank where every answer is wrong gave thousands of lines), a
// cause's clauses one per line on the console, a message cut inside a word, the console form losing
// the counts or the verdict.
import { describe, expect, it } from 'vitest';
import { clip, CONSOLE_CAUSES, formatSummary } from '../../src/report/summary.ts';
import { applyWaivers } from '../../src/report/verdict.ts';
import type { ScenarioResult } from '../../src/report/verdict.ts';

/** A failed MUST scenario whose message names its own cause (`n` distinct causes, none alike). */
const failed = (n: number): ScenarioResult => ({
  id: `features/f.feature:${n}`,
  name: `scenario ${n}`,
  uri: 'features/f.feature',
  line: n,
  tags: ['@must'],
  clauses: ['signing.digest', 'signing.date', 'errors.FORMAT_ERROR', 'headers.x-request-id'],
  level: 'must',
  area: `area-${n % 30}`,
  outcome: 'failed',
  message: `ConformanceAssertionError: cause ${'abcdefghijklmnopqrstuvwxyz'[n % 26]}${'xyz'[n % 3]} ${'word '.repeat(n % 7)}${'q'.repeat(n % 5)} went wrong in the ${['first', 'second', 'third', 'fourth'][n % 4]} request of ${'z'.repeat(n % 11)} answer`,
  durationMs: 1,
});

describe('the summary', () => {
  it('on the console: at most CONSOLE_CAUSES causes a section, clauses on one line, the rest left to summary.txt', () => {
    const v = applyWaivers(
      Array.from({ length: 400 }, (_, i) => failed(i + 1)),
      [],
      '2026-01-01',
    );
    const full = formatSummary(v, 1000, 'bank');
    const shown = formatSummary(v, 1000, 'bank', { console: true });
    expect(shown.split('\n').length).toBeLessThan(200);
    expect(full.split('\n').length).toBeGreaterThan(shown.split('\n').length);
    expect(shown).toMatch(/… \d+ more failure causes: summary\.txt/);
    expect(shown.match(/^ {2}MUST /gm)?.length).toBe(CONSOLE_CAUSES);
    expect(shown).toContain('clauses: signing.digest, signing.date, errors.FORMAT_ERROR, headers.x-request-id');
    expect(shown).toContain('400 scenarios: 0 passed, 400 failed');
    expect(shown).toContain('VERDICT: FAIL');
  });

  it('cuts a long message at a word, never inside one', () => {
    const text = `${'alpha beta gamma '.repeat(20)}delta`;
    const cut = clip(text, 50);
    expect(cut.length).toBeLessThanOrEqual(50);
    expect(cut.endsWith('…')).toBe(true);
    expect(text.startsWith(cut.slice(0, -1))).toBe(true);
    expect(['alpha', 'beta', 'gamma']).toContain(cut.slice(0, -1).split(' ').at(-1));
    expect(clip('short', 50)).toBe('short');
  });
});
