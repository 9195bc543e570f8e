// The steps bundled for the worker processes (steps-bundle.ts). Faults that trip it: a step file left
// out of the bundle (its steps would be undefined in every worker), an import.meta.url left to the
// bundle's location (FIXTURES_DIR and the dialect profiles would resolve under node_modules/.cache),
// the bundle left behind after the run, and tsx kept in the workers' Node options (each would spend
// its start-up in tsx's loader hooks again).
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../src/suite/run.ts';
import { buildStepsBundle, stepFiles, withoutTsx } from '../../src/suite/steps-bundle.ts';

describe('steps bundle', () => {
  it('bundles every step file, keeps each import.meta.url, and is removed after use', async () => {
    const b = await buildStepsBundle(ROOT, 'test-' + process.pid);
    expect(b).toBeDefined();
    let text: string;
    try {
      text = readFileSync(b!.file, 'utf8');
    } finally {
      b!.remove();
    }
    const files = stepFiles(ROOT);
    expect(files.length).toBeGreaterThan(10);
    expect(files.some((f) => f.endsWith(join('steps', 'support', 'hooks.ts')))).toBe(true);
    // esbuild marks each file it bundled with a comment naming it.
    for (const f of files) expect(text, f).toContain(`// ${f.slice(ROOT.length).split('\\').join('/')}`);
    expect(text).not.toContain('import.meta.url');
    expect(text).toContain(JSON.stringify(pathToFileURL(join(ROOT, 'src', 'tpp', 'fixtures.ts')).href));
    expect(existsSync(b!.file)).toBe(false);
  });

  it('drops the tsx loader from the Node options, in every spelling, and keeps the rest', () => {
    expect(withoutTsx(['--import', 'tsx', '--max-old-space-size=512'])).toEqual(['--max-old-space-size=512']);
    expect(withoutTsx(['--import=tsx', '--require', 'tsx/cjs', '--loader', 'tsx/esm', '--enable-source-maps'])).toEqual(['--enable-source-maps']);
    expect(withoutTsx(['--import', 'other', '--inspect'])).toEqual(['--import', 'other', '--inspect']);
  });
});
