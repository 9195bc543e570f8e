// The steps bundled for the worker processes (steps-bundle.ts). Faults that trip it: a step file left
// out of the bundle (its steps would be undefined in every worker), an import.meta.url left to the
// bundle's location (FIXTURES_DIR and the dialect profiles would resolve under node_modules/.cache),
// a new bundle per run (a second run in one process would import anew the steps but not the packages,
// and allure-cucumberjs's hooks, missing from the coordinator's definitions, would shift every hook
// the workers run), and tsx kept in the workers' Node options (each would start in tsx's hooks again).
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { getGlobalTestRuntime, setGlobalTestRuntime } from 'allure-js-commons/sdk/runtime';
import { describe, expect, it } from 'vitest';
import { ROOT, runSuite } from '../../src/run/run.ts';
import { bundleDir, sourcesKey } from '../../src/run/bundler.mjs';
import { buildStepsBundle, stepFiles, withoutTsx } from '../../src/run/steps-bundle.ts';
import { testCredentials } from '../../src/tpp/fixtures.ts';

describe('steps bundle', () => {
  it('bundles every step file, keeps each import.meta.url, and is the same file for the same steps', async () => {
    const file = await buildStepsBundle(ROOT);
    expect(file).toBeDefined();
    const text = readFileSync(file!, 'utf8');
    const files = stepFiles(ROOT);
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((f) => f.endsWith(join('steps', 'support', 'hooks.ts')))).toBe(true);
    // esbuild marks each file it bundled with a comment naming it.
    for (const f of files) expect(text, f).toContain(`// ${f.slice(ROOT.length).split('\\').join('/')}`);
    expect(text).not.toContain('import.meta.url');
    expect(text).toContain(JSON.stringify(pathToFileURL(join(ROOT, 'src', 'tpp', 'fixtures.ts')).href));
    // allure-cucumberjs is inside: its hooks register with every first import of the bundle.
    expect(text).toContain('node_modules/allure-cucumberjs/');
    expect(await buildStepsBundle(ROOT)).toBe(file);
  });

  // Fault that trips it: the index of the bundle made from these sources not read (esbuild again in
  // every process: about 0.5 s before a run's first scenario). The bundle and its index have a name of
  // their own here: the runs of the other test files read the steps' index meanwhile, and one that found
  // it naming this test's empty file would run no step at all.
  it('is taken, in a new process, from the index of the bundle made from the same sources', async () => {
    const name = 'steps-index-test';
    await buildStepsBundle(ROOT, name);
    const key = sourcesKey(ROOT, ['src', 'steps', 'package.json', 'package-lock.json']);
    const index = join(bundleDir(ROOT), `${name}-of-${key}.txt`);
    expect(existsSync(readFileSync(index, 'utf8'))).toBe(true);
    // A new process takes what the index names, without building.
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-index-'));
    const named = join(dir, 'steps-named.mjs');
    writeFileSync(named, '');
    writeFileSync(`${named}.map`, '{}');
    const real = readFileSync(index, 'utf8');
    writeFileSync(index, named);
    try {
      const script = `import { buildStepsBundle } from ${JSON.stringify(pathToFileURL(join(ROOT, 'src', 'run', 'steps-bundle.ts')).href)}; console.log(await buildStepsBundle(${JSON.stringify(ROOT)}, ${JSON.stringify(name)}));`;
      const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        cwd: ROOT,
        encoding: 'utf8',
      });
      expect(out.trim()).toBe(named);
    } finally {
      writeFileSync(index, real);
    }
  });

  it('is not made where it cannot be written (the run then loads the TypeScript steps)', async () => {
    const root = mkdtempSync(join(tmpdir(), 'xs2a-ro-'));
    // node_modules is a file here: the cache folder cannot be made under it.
    writeFileSync(join(root, 'node_modules'), '');
    expect(await buildStepsBundle(root)).toBeUndefined();
  });

  it('drops the tsx loader from the Node options, in every spelling, and keeps the rest', () => {
    expect(withoutTsx(['--import', 'tsx', '--max-old-space-size=512'])).toEqual(['--max-old-space-size=512']);
    expect(withoutTsx(['--import=tsx', '--require', 'tsx/cjs', '--loader', 'tsx/esm', '--enable-source-maps'])).toEqual(
      ['--enable-source-maps'],
    );
    expect(withoutTsx(['--import', 'other', '--inspect'])).toEqual(['--import', 'other', '--inspect']);
  });

  it('runs in one process give the same verdict, whichever way the steps were loaded before', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-bundle-runs-'));
    const c = testCredentials().qsealc;
    writeFileSync(join(dir, 'c.pem'), c.certPem);
    writeFileSync(join(dir, 'k.pem'), c.keyPem);
    // A TPP of its own and no other identities: the @identity:second scenarios are not applicable.
    writeFileSync(join(dir, 'profile.yaml'), 'tpp: { signing: { cert: c.pem, key: k.pem } }\n');
    const counts = [];
    // The in-process run (parallel 0) sets Allure's runtime to cucumber's; this test's own is put back.
    const vitestRuntime = getGlobalTestRuntime();
    try {
      for (const parallel of [0, 2, 2]) {
        const r = await runSuite({
          quiet: true,
          report: false,
          parallel,
          tags: '@identity:second',
          profile: join(dir, 'profile.yaml'),
          reportDir: join(dir, `r${parallel}-${counts.length}`),
        });
        counts.push(r.verdict?.counts);
      }
    } finally {
      setGlobalTestRuntime(vitestRuntime);
    }
    expect(counts[0]?.['not-applicable']).toBeGreaterThan(2);
    expect(counts[1]).toEqual(counts[0]);
    expect(counts[2]).toEqual(counts[0]);
  }, 120_000);
});
