// One errors.ts per package holds its error classes: every class is an Error with a stable code
// `<PACKAGE>_ERR_<WHAT>` (unique across the project, the package its file's) and its class name as
// `name`, and no error class is declared anywhere else under src/. A class declared outside an
// errors.ts, a code shared by two classes, or one without the package's prefix trips this.
// (src/spec/errors.ts is the spec's error codes as data: the spec package has no error class.)
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import * as bank from '../../src/bank/errors.ts';
import * as cli from '../../src/cli/errors.ts';
import * as fuzz from '../../src/fuzz/errors.ts';
import * as mutants from '../../src/mutants/errors.ts';
import * as session from '../../src/session/errors.ts';
import * as run from '../../src/run/errors.ts';
import * as suite from '../../src/suite/errors.ts';
import * as tpp from '../../src/tpp/errors.ts';

const ROOT = new URL('../../', import.meta.url).pathname;

const PACKAGES: Record<string, Record<string, unknown>> = { tpp, bank, session, suite, run, fuzz, mutants, cli };

/** The package folders whose errors.ts the rule allows error classes in. */
const HOMES = new Set(Object.keys(PACKAGES).map((p) => `src/${p}/errors.ts`));

/**
 * Error classes not yet in their package's errors.ts (in files their owners are changing); their codes
 * still count for uniqueness. Remove an entry once its class has moved (the last test says when).
 */
const PENDING: Array<{ file: string; name: string }> = [];

/** One of each class whose constructor takes more than a message; every other class is made with `new C(message)`. */
const SAMPLES: Record<string, () => Error> = {
  BankError: () => new bank.BankError('FORMAT_ERROR', 'a sample'),
  ScaNeeded: () => new bank.ScaNeeded('https://bank.example/sca/1'),
  ModelViolation: () => new fuzz.ModelViolation('must', ['endpoints.list-accounts'], 'a sample'),
  SetupFailure: () => new session.SetupFailure('a sample', undefined),
};

/** Bases never made themselves: a Failure's code is its subclass's (each subclass is checked). */
const BASES = new Set<unknown>([session.Failure]);

type ErrorClass = abstract new (...args: never[]) => Error;

const isClass = (v: unknown): v is ErrorClass =>
  typeof v === 'function' && /^class\b/.test(Function.prototype.toString.call(v));

/** Each package's classes, once each (an alias such as CheckFailure is the same class). */
const CLASSES = Object.entries(PACKAGES).flatMap(([pkg, mod]) =>
  [...new Set(Object.values(mod).filter(isClass))].map((cls) => ({ pkg, cls })),
);

function sample(cls: ErrorClass): Error {
  const make = SAMPLES[cls.name];
  return make ? make() : new (cls as unknown as new (message: string) => Error)('a sample');
}

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((f) => {
    const p = join(dir, f);
    return statSync(join(ROOT, p)).isDirectory() ? files(p) : /\.[cm]?[jt]s$/.test(p) ? [p] : [];
  });
}

const CLASS_DECL = /\bclass\s+([A-Za-z_$][\w$]*)\s+extends\s+([A-Za-z_$][\w$.]*)/g;

/**
 * `class X extends Error` (or any …Error, or one of the project's error classes) declared outside the errors.ts files.
 */
function strayErrorClasses(sources: { file: string; text: string }[], known: ReadonlySet<string>): string[] {
  const out: string[] = [];
  for (const { file, text } of sources) {
    if (HOMES.has(file)) continue;
    for (const m of text.matchAll(CLASS_DECL)) {
      const base = m[2].split('.').at(-1)!;
      if (/Error$/.test(base) || known.has(base)) out.push(`${file}: class ${m[1]} extends ${m[2]}`);
    }
  }
  return out;
}

/** The code of a class found by text (the pending ones: `readonly code = '…'` in its body). */
function codeInText(text: string, name: string): string | undefined {
  return new RegExp(`class ${name}\\b[^{]*\\{[^}]*?\\bcode = '([^']+)'`).exec(text)?.[1];
}

/** Codes used by more than one class. */
function duplicateCodes(codes: { code: string; who: string }[]): string[] {
  const by = new Map<string, string[]>();
  for (const { code, who } of codes) by.set(code, [...(by.get(code) ?? []), who]);
  return [...by].filter(([, who]) => who.length > 1).map(([code, who]) => `${code}: ${who.join(', ')}`);
}

describe('error classes', () => {
  const sources = files('src').map((file) => ({ file, text: readFileSync(join(ROOT, file), 'utf8') }));
  const known = new Set(CLASSES.map(({ cls }) => cls.name));

  it('every package with an errors.ts of classes is checked here (src/spec/errors.ts is data)', () => {
    const found = readdirSync(join(ROOT, 'src'))
      .filter((d) => d !== 'spec' && statSync(join(ROOT, 'src', d)).isDirectory())
      .filter((d) => statSync(join(ROOT, 'src', d, 'errors.ts'), { throwIfNoEntry: false })?.isFile())
      .sort();
    expect(found).toEqual(Object.keys(PACKAGES).sort());
    expect(CLASSES.length).toBeGreaterThan(Object.keys(PACKAGES).length);
  });

  it.each(CLASSES.map(({ pkg, cls }) => [`${pkg}/${cls.name}`, pkg, cls] as const))(
    '%s is an Error with its name and a <PACKAGE>_ERR_<WHAT> code of its package',
    (_, pkg, cls) => {
      expect(cls.prototype).toBeInstanceOf(Error);
      if (BASES.has(cls)) {
        expect(
          CLASSES.some((c) => c.cls.prototype instanceof cls),
          `${cls.name} has subclasses`,
        ).toBe(true);
        return;
      }
      const e = sample(cls) as Error & { code?: unknown };
      expect(e).toBeInstanceOf(cls);
      expect(e.name).toBe(cls.name);
      expect(e.code).toMatch(/^[A-Z]+_ERR_[A-Z_]+$/);
      expect(e.code).toMatch(new RegExp(`^${pkg.toUpperCase()}_ERR_`));
    },
  );

  it('codes are unique across the project', () => {
    const codes = [
      ...CLASSES.filter(({ cls }) => !BASES.has(cls)).map(({ pkg, cls }) => ({
        code: String((sample(cls) as Error & { code?: unknown }).code),
        who: `${pkg}/${cls.name}`,
      })),
      ...PENDING.map(({ file, name }) => ({
        code: codeInText(sources.find((s) => s.file === file)?.text ?? '', name) ?? `(no code: ${name})`,
        who: `${file} ${name}`,
      })),
    ];
    expect(duplicateCodes(codes)).toEqual([]);
  });

  it('no error class is declared outside the errors.ts files', () => {
    const pending = new Set(PENDING.map(({ file, name }) => `${file}: class ${name} extends Error`));
    expect(strayErrorClasses(sources, known).filter((s) => !pending.has(s))).toEqual([]);
  });

  it('the checks find what they look for (faults: a class outside errors.ts, a shared code)', () => {
    const stray = [
      { file: 'src/bank/http.ts', text: 'export class Oops extends Error {}' },
      { file: 'src/session/expect.ts', text: 'class Late extends Failure {\n}' },
      { file: 'src/fuzz/x.ts', text: 'class Odd extends node.AssertionError {}' },
      { file: 'src/bank/errors.ts', text: 'export class Fine extends Error {}' },
    ];
    expect(strayErrorClasses(stray, known)).toEqual([
      'src/bank/http.ts: class Oops extends Error',
      'src/session/expect.ts: class Late extends Failure',
      'src/fuzz/x.ts: class Odd extends node.AssertionError',
    ]);
    expect(
      duplicateCodes([
        { code: 'TPP_ERR_SIGNING', who: 'a' },
        { code: 'TPP_ERR_SIGNING', who: 'b' },
      ]),
    ).toEqual(['TPP_ERR_SIGNING: a, b']);
  });

  it('the pending classes are still where PENDING says (else remove them from it)', () => {
    for (const { file, name } of PENDING)
      expect(
        strayErrorClasses(
          sources.filter((s) => s.file === file),
          known,
        ),
      ).toContain(`${file}: class ${name} extends Error`);
  });
});
