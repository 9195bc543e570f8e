// The command line starts lean: its bundle (one module of every command) loads no package that only
// some commands need. cucumber, the Gherkin parser, undici, Ajv and YAML load with the first command
// that uses them (a run, a connection, a validation, a profile), so `--version`, `sign` and `verify`
// start in about half the time. Trips on: a static import of one of them anywhere in the command
// line's module graph (esbuild hoists a bundled module's package imports to the bundle's top, even
// for a module the code imports lazily: scenario-host.ts imported cucumber so).
import { execFileSync } from 'node:child_process';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cliBundle } from '../../src/run/bundler.mjs';
import { ROOT } from '../helpers/cli.ts';

const LATER = ['@cucumber/cucumber', '@cucumber/gherkin', 'undici', 'ajv', 'yaml'];

describe('the command line at its start', () => {
  it(`loads none of ${LATER.join(', ')}`, async () => {
    const bundle = await cliBundle(ROOT);
    expect(bundle).toBeDefined();
    const loaded = execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { createRequire } from 'node:module';
await import(${JSON.stringify(pathToFileURL(bundle!).href)});
const names = Object.keys(createRequire(import.meta.url).cache)
  .map((k) => k.match(/node_modules\\/((?:@[^/]+\\/)?[^/]+)/)?.[1]).filter(Boolean);
console.log(JSON.stringify([...new Set(names)]));`,
      ],
      { cwd: ROOT, encoding: 'utf8' },
    );
    const packages = JSON.parse(loaded) as string[];
    expect(packages).toContain('commander');
    expect(packages.filter((p) => LATER.includes(p))).toEqual([]);
  }, 60_000);
});
