// cucumber-expressions matches every step text through regexp-match-indices, a polyfill that on Node
// never takes the platform's own match indices and parses each step definition's RegExp with
// regexp-tree instead (bench:latency: about a second of a run's CPU). The project's npm overrides
// install packages/regexp-match-indices in its place: the same documented API on the d flag.
// Faults that trip it: the override or the dependency gone (cucumber-expressions gets the polyfill
// again), indices left off the match, indices of the wrong group or offset, a global or sticky
// RegExp's lastIndex not read or not advanced, and a shim that replaces RegExp.prototype.exec.
import {
  CucumberExpression,
  type Group,
  ParameterTypeRegistry,
  RegularExpression,
} from '@cucumber/cucumber-expressions';
import { fc, test } from '@fast-check/vitest';
import { readFileSync, realpathSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const PACKAGE = join(ROOT, 'packages', 'regexp-match-indices');
const requireHere = createRequire(join(ROOT, 'package.json'));
const execWithIndices = requireHere('regexp-match-indices') as typeof import('regexp-match-indices');

describe("cucumber-expressions on the platform's match indices", () => {
  it('is what cucumber-expressions loads, installed by the overrides', () => {
    const expressions = requireHere.resolve('@cucumber/cucumber-expressions');
    const resolved = createRequire(expressions).resolve('regexp-match-indices');
    expect(realpathSync(resolved)).toBe(join(PACKAGE, 'index.cjs'));
    const pkg = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8'));
    expect(pkg.dependencies['regexp-match-indices']).toBe('file:packages/regexp-match-indices');
    expect(pkg.overrides['regexp-match-indices']).toBe('$regexp-match-indices');
  });

  it("gives the polyfill's documented example", () => {
    const m = execWithIndices(new RegExp('ab*(cd(?<Z>ef)?)'), 'zabbcdef');
    expect(m?.indices && [...m.indices]).toEqual([
      [1, 8],
      [4, 8],
      [6, 8],
    ]);
    expect(m?.indices?.groups?.Z).toEqual([6, 8]);
    expect(execWithIndices(/x(y)/, 'abc')).toBeNull();
  });

  it('reads and advances the lastIndex of a global or sticky RegExp as exec does', () => {
    for (const flags of ['g', 'y', 'gy']) {
      const re = new RegExp('a(b)?', flags);
      const twin = new RegExp('a(b)?', flags);
      const text = flags === 'g' ? 'xabaab' : 'abaab';
      for (let i = 0; i < 5; i++) {
        const m = execWithIndices(re, text);
        const n = twin.exec(text);
        expect(m?.index).toBe(n?.index);
        expect(m?.[0]).toBe(n?.[0]);
        expect(re.lastIndex).toBe(twin.lastIndex);
      }
    }
  });

  it('leaves RegExp.prototype.exec alone', () => {
    const before = RegExp.prototype.exec;
    execWithIndices.shim();
    expect(RegExp.prototype.exec).toBe(before);
    expect(execWithIndices.getPolyfill().call(/(b)/, 'ab')?.indices?.[1]).toEqual([1, 2]);
  });

  // Every capture group's indices frame its own text in the step: the positions cucumber reports for a
  // step's arguments (a mismatch is underlined at the wrong place) and the values it passes.
  test.prop([
    fc.string({ unit: fc.constantFrom('a', 'b', ' ', 'ø', '"', '\\', "'", 'x') }),
    fc.integer({ min: -1_000_000, max: 1_000_000 }),
    fc.stringMatching(/^[A-Za-z0-9_]{1,12}$/),
    fc.string({ maxLength: 8 }),
  ])('frames each argument of a step in its text', (s, n, word, prefix) => {
    const registry = new ParameterTypeRegistry();
    const quoted = `"${s.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
    const step = `the TPP sends ${quoted} and ${n} items to ${word}`;
    // A Cucumber Expression is anchored; a RegularExpression need not be: its groups start after the prefix.
    for (const [expression, text] of [
      [new CucumberExpression('the TPP sends {string} and {int} item(s) to {word}', registry), step],
      [
        new RegularExpression(/the TPP sends ("(?:[^"\\]|\\.)*") and (-?\d+) items? to (\w+)$/, registry),
        prefix + step,
      ],
    ] as const) {
      const args = expression.match(text);
      expect(args).not.toBeNull();
      // Each group and each group within it ({string}'s quotes and its escapes).
      const groups = (g: Group): Group[] => [g, ...(g.children ?? []).flatMap(groups)];
      for (const g of args!.flatMap((a) => groups(a.group)))
        if (g.value !== undefined) expect(text.slice(g.start!, g.end!)).toBe(g.value);
      const values = args!.map((a) => a.getValue(null));
      expect(values[1]).toBe(n);
      expect(values[2]).toBe(word);
    }
  });
});
