// The layering check (`npm run deps`, .dependency-cruiser.cjs) can fail: the project's own rules run
// on a throwaway tree that breaks them, one fault each (an upward import, a cycle through a type-only
// import, src importing test/), and on the same tree without the faults.
import { execFileSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const ROOT = join(import.meta.dirname, '..', '..');
const dirs: string[] = [];
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

/** Runs the project's dependency-cruiser config on a tree of files; the rule names it reports. */
function cruise(files: Record<string, string>): string[] {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-deps-'));
  dirs.push(dir);
  cpSync(join(ROOT, '.dependency-cruiser.cjs'), join(dir, '.dependency-cruiser.cjs'));
  writeFileSync(
    join(dir, 'tsconfig.json'),
    JSON.stringify({ compilerOptions: { module: 'nodenext', allowImportingTsExtensions: true, noEmit: true } }),
  );
  symlinkSync(join(ROOT, 'node_modules'), join(dir, 'node_modules'));
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(dir, path)), { recursive: true });
    writeFileSync(join(dir, path), text);
  }
  let out: string;
  try {
    out = execFileSync(
      process.execPath,
      [
        join(ROOT, 'node_modules/dependency-cruiser/bin/dependency-cruise.mjs'),
        'src',
        'test',
        '--config',
        '.dependency-cruiser.cjs',
        '--output-type',
        'json',
      ],
      { cwd: dir, encoding: 'utf8' },
    );
  } catch (e) {
    out = (e as { stdout: string }).stdout;
  }
  const r = JSON.parse(out) as { summary: { violations: Array<{ rule: { name: string } }> } };
  return [...new Set(r.summary.violations.map((v) => v.rule.name))].sort();
}

const CLEAN = {
  'src/spec/a.ts': 'export const A = 1;\n',
  'src/tpp/b.ts': "import { A } from '../spec/a.ts';\nexport const B = A;\n",
  'src/session/c.ts': "import { B } from '../tpp/b.ts';\nexport const C = B;\n",
  'test/t.ts': "import { C } from '../src/session/c.ts';\nexport const T = C;\n",
};

describe('the layering rules', () => {
  // Fault: a sender that opens its own connections (undici or node:tls imported outside src/transport).
  it('fail undici imported outside the one transport, and the transport importing the project', () => {
    expect(
      cruise({
        ...CLEAN,
        'src/transport/index.ts': "import { Agent } from 'undici';\nexport const D = new Agent();\n",
      }),
    ).toEqual([]);
    expect(
      cruise({
        ...CLEAN,
        'src/transport/index.ts': "import { A } from '../spec/a.ts';\nexport const D = A;\n",
        'src/tpp/b.ts':
          "import { A } from '../spec/a.ts';\nimport { request } from 'undici';\nexport const B = A;\nexport const R = request;\n",
        'src/session/d.ts': "import { connect } from 'node:tls';\nexport const D = connect;\n",
      }),
    ).toEqual(['one-transport', 'sockets-only-in-transport', 'transport-is-the-bottom']);
  }, 30_000);

  // The global fetch needs no import: no project source outside src/transport calls it.
  it('no fetch() outside the transport', () => {
    const hits = execFileSync(
      'sh',
      [
        '-c',
        "grep -rlE '(^|[^.a-zA-Z_])fetch\\(' src steps properties bench bin --include=*.ts --include=*.mjs || true",
      ],
      { cwd: ROOT, encoding: 'utf8' },
    )
      .split('\n')
      .filter((f) => f && !f.startsWith('src/transport/'));
    expect(hits).toEqual([]);
  });

  it('pass a tree that keeps them', () => {
    expect(cruise(CLEAN)).toEqual([]);
  }, 30_000);

  it('fail an upward import, a type-only cycle and src importing test/', () => {
    expect(
      cruise({
        ...CLEAN,
        'src/spec/a.ts': "import type { B } from '../tpp/b.ts';\nexport const A = 1;\nexport type X = typeof B;\n",
        'src/session/c.ts':
          "import { B } from '../tpp/b.ts';\nimport { T } from '../../test/t.ts';\nexport const C = B + T;\n",
      }),
    ).toEqual(['no-circular', 'session-only-from-spec-and-tpp', 'spec-is-the-bottom', 'src-not-from-tests']);
  }, 30_000);
});
