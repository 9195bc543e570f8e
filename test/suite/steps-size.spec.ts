// Steps are bindings: a sentence to a call of the session, a suite function or a named check
// (src/suite/checks/). The World is glue. The bounds: steps average at most 2 statements (counted on
// the syntax tree: no formatting changes it; a step is 1.4 on average), the World stays under 60
// lines. A step that grows logic trips the first; logic moved back into the World trips the second.
import { readdirSync, readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

const STEPS = new URL('../../steps/', import.meta.url);

/**
 * The size of every step definition, in statements (a `Given`/`When`/`Then`/`defineStep` call at the
 * top of a step file: its function's statements, an expression body counting as one), parsed with
 * the TypeScript compiler so that no formatting changes the count.
 */
export function stepLengths(source: string): number[] {
  const file = ts.createSourceFile('steps.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const out: number[] = [];
  for (const st of file.statements) {
    if (!ts.isExpressionStatement(st) || !ts.isCallExpression(st.expression)) continue;
    const call = st.expression;
    if (!ts.isIdentifier(call.expression) || !/^(Given|When|Then|defineStep)$/.test(call.expression.text)) continue;
    const fn = call.arguments.find((a) => ts.isFunctionExpression(a) || ts.isArrowFunction(a)) as
      ts.FunctionExpression | ts.ArrowFunction | undefined;
    if (!fn) continue;
    const body = fn.body;
    out.push(ts.isBlock(body) ? Math.max(1, countStatements(body)) : 1);
  }
  return out;
}

/** Statements of a block, nested blocks (if, for, try) counted with their statements. */
function countStatements(block: ts.Block): number {
  let n = 0;
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node)) return;
    if (ts.isBlock(node)) {
      for (const s of node.statements) {
        n++;
        ts.forEachChild(s, visit);
      }
      return;
    }
    ts.forEachChild(node, visit);
  };
  visit(block);
  return n;
}

describe('steps stay bindings', () => {
  it("counts a step's statements, nested ones included, whatever its layout", () => {
    expect(stepLengths("Then('a', function () {\n  x();\n});\nWhen('b', () => y());\n")).toEqual([1, 1]);
    expect(
      stepLengths("Then(\n  'c',\n  function () {\n    if (a) {\n      x();\n      y();\n    }\n  },\n);\n"),
    ).toEqual([3]);
  });

  it('the steps average at most 2 statements', () => {
    const all = readdirSync(STEPS)
      .filter((f) => f.endsWith('.ts'))
      .flatMap((f) => stepLengths(readFileSync(new URL(f, STEPS), 'utf8')));
    expect(all.length).toBeGreaterThan(200);
    const avg = all.reduce((a, b) => a + b, 0) / all.length;
    expect(avg).toBeLessThanOrEqual(2);
  });

  it('no step writes its own check: no step file calls fail( (checks are named units in src/suite/checks/)', () => {
    const calling = readdirSync(STEPS).filter(
      (f) => f.endsWith('.ts') && /(^|[^.\w])fail\(/.test(readFileSync(new URL(f, STEPS), 'utf8')),
    );
    expect(calling).toEqual([]);
  });

  it('the World is under 60 lines', () => {
    expect(readFileSync(new URL('support/world.ts', STEPS), 'utf8').trimEnd().split('\n').length).toBeLessThan(60);
  });
});
