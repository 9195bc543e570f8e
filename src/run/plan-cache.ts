// The run's plan (its scenarios, with their tags and steps) kept for the next run of the same
// features and filters. Making it parses every feature file twice (cucumber's loadSources, for the
// scenarios the filters select; coverage.ts scenarios, for their tags and steps): 0.3-0.6 s of the
// coordinator's CPU before the first scenario can start, while the first worker process loads. It is
// written beside the bundles (bundler.mjs), named by the filters and the sizes and times of the
// feature files and of the code that makes it, as the bundles are; a random order is never kept.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ISourcesCoordinates } from '@cucumber/cucumber/api';
import { bundleDir, pruneBundles, sourcesKey } from './bundler.mjs';

/** What the plan is made from besides the feature files: the code that reads them, and cucumber's version. */
const MAKERS = [
  'src/run/run.ts',
  'src/run/plan-cache.ts',
  'src/report/coverage.ts',
  'src/suite/tags.ts',
  'node_modules/@cucumber/cucumber/package.json',
  'node_modules/@cucumber/gherkin/package.json',
];

/** The file the plan of `sources` is kept in; undefined when not kept (a random order, paths outside features/). */
export function planFile(root: string, sources: ISourcesCoordinates): string | undefined {
  if (sources.order && sources.order !== 'defined') return undefined;
  if (!sources.paths.every((p) => p.startsWith('features/'))) return undefined;
  const key = createHash('sha256')
    .update(JSON.stringify(sources))
    .update(sourcesKey(root, ['features', ...MAKERS]))
    .digest('hex')
    .slice(0, 16);
  return join(bundleDir(root), `plan-${key}.json`);
}

/** The plan of `sources`: the one kept for them, else made by `make` (and kept where it can be written). */
export async function cachedPlan<T>(root: string, sources: ISourcesCoordinates, make: () => Promise<T>): Promise<T> {
  const file = planFile(root, sources);
  if (!file) return make();
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    /* not kept yet for these sources, or unreadable: made again */
  }
  const plan = await make();
  const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
  try {
    mkdirSync(bundleDir(root), { recursive: true });
    writeFileSync(temp, JSON.stringify(plan));
    renameSync(temp, file);
    pruneBundles(root, file, 'plan');
  } catch {
    // A read-only install: the next run makes it again.
    rmSync(temp, { force: true });
  }
  return plan;
}
