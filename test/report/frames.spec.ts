// A suite error (not the target's failure) keeps its stack frames, but in the TypeScript sources:
// the scenarios run from esbuild bundles, and each bundle's source map beside it names the source
// line of each frame. Trips on: no map written beside a bundle (the frame stays in the bundle), the
// map's 0-based lines or columns taken as 1-based (one line off), a frame of no bundle rewritten.
import { randomUUID } from 'node:crypto';
import { rmSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';
import { bundleDir, bundleTo } from '../../src/run/bundler.mjs';
import { framesInSources } from '../../src/report/frames.ts';

const ROOT = join(import.meta.dirname, '..', '..');

describe('a suite error names its TypeScript source', () => {
  it("maps each frame of a bundle to the source's file, line and column", async () => {
    const file = join(bundleDir(ROOT), `frames-test-${randomUUID()}.mjs`);
    const source = [
      '// a suite bug, two lines down',
      'export function boom(): never {',
      "  throw new TypeError('a suite bug');",
      '}',
    ].join('\n');
    expect(await bundleTo(ROOT, { contents: source, sourcefile: 'test/report/frames-fixture.ts' }, file)).toBe(file);
    try {
      const { boom } = (await import(pathToFileURL(file).href)) as { boom: () => never };
      let stack = '';
      try {
        boom();
      } catch (e) {
        stack = (e as Error).stack ?? '';
      }
      expect(stack).toMatch(/frames-test-[\w-]+\.mjs:\d+:\d+/);
      const mapped = framesInSources(stack, ROOT);
      expect(mapped).toMatch(/at boom \(test\/report\/frames-fixture\.ts:3:9\)/);
      expect(mapped).not.toMatch(/\.cache\/xs2a-conformance/);
    } finally {
      rmSync(file, { force: true });
      rmSync(`${file}.map`, { force: true });
    }
  });

  it('leaves a frame outside the bundles, and a bundle without a map, as they are', () => {
    const other = `    at f (${ROOT}/src/x.ts:1:1)\n    at g (${bundleDir(ROOT)}/steps-none.mjs:10:3)`;
    expect(framesInSources(other, ROOT)).toBe(other);
  });
});
