// The signing facts are defined once, in src/spec/signing.ts: the signed header
// list, the algorithm name and the Date window. Every other file in src/ imports them. This test
// reads src/ with the TypeScript parser, so comments and prose in longer strings (the spec quotes in
// quotes.ts, rule texts, messages) do not count; only a value that restates a fact does.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { DATE_WINDOW_SECONDS, SIGNATURE_ALGORITHM, SIGNED_HEADERS } from '../../src/spec/signing.ts';

const ROOT = join(import.meta.dirname, '..', '..');
const SRC = join(ROOT, 'src');
const HOME = 'src/spec/signing.ts';

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = join(dir, e.name);
    return e.isDirectory() ? tsFiles(p) : e.name.endsWith('.ts') ? [p] : [];
  });
}

interface Hit {
  file: string;
  line: number;
  text: string;
}

/** Every node of every src/ file that `match` accepts, with its place. */
function findInSrc(match: (node: ts.Node, file: string) => boolean): Hit[] {
  const hits: Hit[] = [];
  for (const path of tsFiles(SRC)) {
    const file = relative(ROOT, path).split('\\').join('/');
    const sf = ts.createSourceFile(path, readFileSync(path, 'utf8'), ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node): void => {
      if (match(node, file))
        hits.push({
          file,
          line: sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1,
          text: node.getText(sf).slice(0, 80),
        });
      ts.forEachChild(node, visit);
    };
    visit(sf);
  }
  return hits;
}

const stringValue = (node: ts.Node): string | undefined =>
  ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : undefined;

/** The literal 'rsa-sha256' (any case, any quotes) as a whole value. */
const isAlgorithmLiteral = (node: ts.Node): boolean => stringValue(node)?.toLowerCase() === SIGNATURE_ALGORITHM;

/**
 * The signed header names, all six in the spec's order: as an array of strings, or one string joined by spaces or
 * commas.
 */
function isSignedList(node: ts.Node): boolean {
  const want = SIGNED_HEADERS.join(' ');
  if (ts.isArrayLiteralExpression(node)) {
    const names = node.elements.map(stringValue);
    return (
      names.every((n) => n !== undefined) &&
      names
        .map((n) => n!.toLowerCase())
        .join(' ')
        .includes(want)
    );
  }
  const s = stringValue(node) ?? (ts.isTemplateExpression(node) ? node.getText() : undefined);
  return (
    s !== undefined &&
    s
      .toLowerCase()
      .replace(/[\s,]+/g, ' ')
      .includes(want)
  );
}

/**
 * The Date window as a number: 60 (seconds), 60000 (ms) or '60' (an option default). Other 60s in src
 * are not the window and are told apart by where they stand: a truncation length (`.slice(0, 60)`), a
 * minutes/hours conversion (`h * 60`, `minutes * 60_000`), and the leap second of RFC 7231 (`s > 60` in http-date.ts).
 */
function isWindowNumber(node: ts.Node, file: string): boolean {
  const seconds = DATE_WINDOW_SECONDS;
  const ms = seconds * 1000;
  const value = ts.isNumericLiteral(node)
    ? Number(node.text.replace(/_/g, ''))
    : ts.isStringLiteral(node) && /^\d+$/.test(node.text)
      ? Number(node.text)
      : undefined;
  if (value !== seconds && value !== ms) return false;
  const parent = node.parent;
  if (
    ts.isNumericLiteral(node) &&
    ts.isBinaryExpression(parent) &&
    parent.operatorToken.kind === ts.SyntaxKind.AsteriskToken
  ) {
    const other = parent.left === node ? parent.right : parent.left;
    if (!ts.isNumericLiteral(other)) return false; // h * 60, minutes * 60_000: a unit conversion; 60 * 1000 stays a hit
  }
  if (value === seconds && ts.isNumericLiteral(node)) {
    if (
      ts.isCallExpression(parent) &&
      ts.isPropertyAccessExpression(parent.expression) &&
      parent.expression.name.text === 'slice'
    )
      return false;
    if (
      file === 'src/tpp/http-date.ts' &&
      ts.isBinaryExpression(parent) &&
      parent.operatorToken.kind === ts.SyntaxKind.GreaterThanToken
    )
      return false;
  }
  return true;
}

const where = (hits: Hit[]) => hits.map((h) => `${h.file}:${h.line} ${h.text}`);

describe('the signing facts are defined once, in src/spec/signing.ts', () => {
  it(`the algorithm name '${SIGNATURE_ALGORITHM}' is a literal only there`, () => {
    const hits = findInSrc(isAlgorithmLiteral);
    expect(where(hits.filter((h) => h.file !== HOME))).toEqual([]);
    expect(hits.filter((h) => h.file === HOME)).toHaveLength(1);
  });

  it('the signed header list is written only there', () => {
    const hits = findInSrc(isSignedList);
    expect(where(hits.filter((h) => h.file !== HOME))).toEqual([]);
    expect(hits.filter((h) => h.file === HOME)).toHaveLength(1);
  });

  it(`the Date window (${DATE_WINDOW_SECONDS} s) is a number only there`, () => {
    const hits = findInSrc(isWindowNumber);
    expect(where(hits.filter((h) => h.file !== HOME))).toEqual([]);
    expect(hits.filter((h) => h.file === HOME)).toHaveLength(1);
  });

  it('sees a copy re-added elsewhere (the test itself is not blind)', () => {
    const parse = (code: string) => {
      const sf = ts.createSourceFile('x.ts', code, ts.ScriptTarget.Latest, true);
      const found: string[] = [];
      const visit = (n: ts.Node): void => {
        if (isAlgorithmLiteral(n)) found.push('algorithm');
        if (isSignedList(n)) found.push('signed');
        if (isWindowNumber(n, 'src/x.ts')) found.push('window');
        ts.forEachChild(n, visit);
      };
      visit(sf);
      return found;
    };
    expect(parse(`const a = "RSA-SHA256";`)).toEqual(['algorithm']);
    expect(
      parse(`const h = ['date', 'digest', 'x-request-id', 'psu-id', 'psu-corporate-id', 'tpp-redirect-uri'];`),
    ).toEqual(['signed']);
    expect(parse(`const help = 'Default: date digest x-request-id psu-id psu-corporate-id tpp-redirect-uri';`)).toEqual(
      ['signed'],
    );
    expect(parse(`const w = opts.max ?? 60; const m = 60_000; const d = '60'; const k = 60 * 1000;`)).toEqual([
      'window',
      'window',
      'window',
      'window',
    ]);
    expect(parse(`const t = s.slice(0, 60); const n = (h * 60 + m) * 60; const x = "within 60 seconds";`)).toEqual([]);
    // A tampered list (one name left out or repeated) is not the spec's list.
    expect(parse(`const t = ['date', 'date', 'digest', 'x-request-id', 'psu-id', 'tpp-redirect-uri'];`)).toEqual([]);
  });
});
