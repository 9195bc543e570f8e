// The run stands on cucumber's public API only (@cucumber/cucumber and @cucumber/cucumber/api), so a
// minor release of cucumber-js cannot break it or silently undo its scheduling. Faults that trip it:
// an import from @cucumber/cucumber/lib/ anywhere in the run's code, a patched coordinator method
// (giveWork), a replaced child_process.fork or a mutated process.execArgv, cucumber pinned to one
// version again, or an installed cucumber outside the range.
import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = process.cwd();
const CODE = ['src', 'steps', 'bin', 'bench', 'properties'];

function files(dir: string): string[] {
  return readdirSync(join(ROOT, dir), { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? files(join(dir, e.name)) : /\.(ts|mjs|cjs|js)$/.test(e.name) ? [join(dir, e.name)] : [],
  );
}

/** The places in `text` that reach past cucumber's public API or patch the process. */
export function privateUses(text: string): string[] {
  const rules: Array<[string, RegExp]> = [
    ['an import of cucumber internals', /@cucumber\/cucumber\/lib\//],
    ['a cucumber internal class', /\b(ChildProcessAdapter|ChildProcessWorker|InProcessAdapter)\b/],
    ["a patch of cucumber's coordinator", /\bgiveWork\b/],
    ['a replaced fork', /\.fork\s*=[^=]/],
    ['a mutated execArgv', /execArgv\s*=[^=]/],
  ];
  return rules.filter(([, re]) => re.test(text)).map(([what]) => what);
}

describe("cucumber's public API only", () => {
  it('no file of the run reaches into cucumber or patches the process', () => {
    const found = CODE.flatMap(files).flatMap((f) =>
      privateUses(readFileSync(join(ROOT, f), 'utf8')).map((what) => `${f}: ${what}`),
    );
    expect(found).toEqual([]);
  });

  it('the rules find what they look for', () => {
    expect(privateUses("require('@cucumber/cucumber/lib/runtime/parallel/adapter')")).toEqual([
      'an import of cucumber internals',
    ]);
    expect(privateUses('proto.giveWork = function () {}')).toEqual(["a patch of cucumber's coordinator"]);
    expect(privateUses('cp.fork = fork;')).toEqual(['a replaced fork']);
    expect(privateUses('process.execArgv = withoutTsx(execArgv);')).toEqual(['a mutated execArgv']);
    expect(privateUses("fork(file, [], { execArgv, serialization: 'advanced' })")).toEqual([]);
  });

  it('takes any cucumber 12 from 12.9 on, and runs on the one installed', () => {
    const range = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).dependencies['@cucumber/cucumber'];
    expect(range).toBe('^12.9.0');
    const installed = createRequire(join(ROOT, 'package.json'))('@cucumber/cucumber/package.json').version as string;
    const [major, minor] = installed.split('.').map(Number);
    expect(major).toBe(12);
    expect(minor).toBeGreaterThanOrEqual(9);
  });
});
