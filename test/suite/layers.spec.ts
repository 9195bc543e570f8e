// Dependencies run downward: spec → tpp → session → bank | suite | fuzz →
// steps | properties | cli. Nothing under src/ imports the cucumber glue in steps/, src/suite imports
// neither the fuzzer nor the CLI, and the fuzzer and the steps use the scenario session of
// src/session, which imports none of them. `npm run deps` (.dependency-cruiser.cjs) checks the whole
// order, cycles included; these are the rules vitest keeps too.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    if (statSync(p).isDirectory()) return sources(p);
    return /\.(ts|mts|js|mjs)$/.test(name) ? [p] : [];
  });
}

/**
 * Every relative module a file imports (static, type-only, re-exports and dynamic import()), resolved to a path from
 * the project root.
 */
export function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(/\b(?:import|export)\s[^'";]*?\bfrom\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\s*['"]([^'"]+)['"]/g),
    ...text.matchAll(/\bimport\(\s*['"]([^'"]+)['"]\s*\)/g),
  ].map((m) => m[1]);
  return specs
    .filter((s) => s.startsWith('.'))
    .map((s) =>
      relative(ROOT, resolve(dirname(file), s))
        .split('\\')
        .join('/'),
    );
}

const violations = (files: string[], forbidden: RegExp): string[] =>
  files.flatMap((f) =>
    importsOf(f)
      .filter((i) => forbidden.test(i))
      .map((i) => `${relative(ROOT, f)} → ${i}`),
  );

describe('layers', () => {
  it('finds the imports it judges (static, type-only, re-export, dynamic)', () => {
    const got = importsOf(join(ROOT, 'src/session/session.ts'));
    expect(got).toContain('src/session/expect.ts');
    expect(got).toContain('src/tpp/client.ts');
    expect(importsOf(join(ROOT, 'steps/support/world.ts'))).toContain('src/session/session.ts');
  });

  it('no file under src/ imports from steps/', () => {
    expect(violations(sources(join(ROOT, 'src')), /^steps\//)).toEqual([]);
  });

  it('src/suite imports neither src/fuzz nor src/cli', () => {
    expect(violations(sources(join(ROOT, 'src/suite')), /^src\/(fuzz|cli)\//)).toEqual([]);
  });

  it('src/fuzz imports nothing from src/suite', () => {
    expect(violations(sources(join(ROOT, 'src/fuzz')), /^src\/suite\//)).toEqual([]);
  });

  it('src/session imports only src/spec, src/tpp, the transport and itself', () => {
    expect(violations(sources(join(ROOT, 'src/session')), /^(?!src\/(spec|tpp|session|transport)\/)/)).toEqual([]);
  });

  it('src/transport imports nothing else of the project', () => {
    expect(violations(sources(join(ROOT, 'src/transport')), /^(?!src\/transport\/)/)).toEqual([]);
  });
});
