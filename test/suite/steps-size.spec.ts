// Steps are bindings: a sentence to a call of the session, a suite function or a named check
// (src/suite/checks/). The World is glue. Issue 13's bounds: steps average at most 6 lines, the
// World stays under 60 lines. A step that grows logic trips the first; logic moved back into the
// World trips the second.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const STEPS = new URL('../../steps/', import.meta.url);

/** The line count of every step definition (from `Given(`/`When(`/`Then(` to its closing `});`). */
export function stepLengths(source: string): number[] {
  const lines = source.split('\n');
  const out: number[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (!/^(Given|When|Then|defineStep)\(/.test(lines[i])) continue;
    let j = i;
    if (!/\);\s*$/.test(lines[i])) while (j < lines.length - 1 && !/^\}\);?\s*$/.test(lines[j])) j++;
    out.push(j - i + 1);
    i = j;
  }
  return out;
}

describe('steps stay bindings', () => {
  it('counts a step from its keyword to its close', () => {
    expect(stepLengths("Then('a', function () {\n  x();\n});\nWhen('b', () => y());\n")).toEqual([3, 1]);
  });

  it('the steps average at most 6 lines', () => {
    const all = readdirSync(STEPS).filter((f) => f.endsWith('.ts')).flatMap((f) => stepLengths(readFileSync(new URL(f, STEPS), 'utf8')));
    expect(all.length).toBeGreaterThan(200);
    const avg = all.reduce((a, b) => a + b, 0) / all.length;
    expect(avg).toBeLessThanOrEqual(6);
  });

  it('no step writes its own check: no step file calls fail( (checks are named units in src/suite/checks/)', () => {
    const calling = readdirSync(STEPS).filter((f) => f.endsWith('.ts') && /(^|[^.\w])fail\(/.test(readFileSync(new URL(f, STEPS), 'utf8')));
    expect(calling).toEqual([]);
  });

  it('the World is under 60 lines', () => {
    expect(readFileSync(new URL('support/world.ts', STEPS), 'utf8').trimEnd().split('\n').length).toBeLessThan(60);
  });
});
