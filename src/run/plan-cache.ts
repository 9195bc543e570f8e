// The run's plan (cucumber's resolved configuration, and the scenarios it selects with their tags and
// steps) kept for the next run of the same features and filters. Making it loads cucumber into the
// coordinator and parses every feature file twice (cucumber's loadSources, for the scenarios the
// filters select; coverage.ts scenarios, for their tags and steps): 0.5-0.9 s of the coordinator's CPU
// before the first scenario can start, while the first worker process loads and the target is probed.
// It is written beside the bundles (bundler.mjs), named by the options cucumber's configuration is
// made from (its `provided` options: paths, filters, step files) and the sizes and times of the
// feature files and of the code that makes it, as the bundles are; a random order is never kept.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
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

/** The options cucumber's configuration is made from (loadConfiguration's `provided`), as far as the key reads them. */
export interface PlanOptions {
  paths: string[];
  order?: string;
  [option: string]: unknown;
}

/** The file the plan of `options` is kept in; undefined when not kept (a random order, paths outside features/). */
export function planFile(root: string, options: PlanOptions): string | undefined {
  if (options.order && options.order !== 'defined') return undefined;
  if (!options.paths.every((p) => p.startsWith('features/'))) return undefined;
  const key = createHash('sha256')
    .update(JSON.stringify(options))
    .update(sourcesKey(root, ['features', ...MAKERS]))
    .digest('hex')
    .slice(0, 16);
  return join(bundleDir(root), `plan-${key}.json`);
}

/** The plan kept for `options`; undefined when there is none (not kept yet, not to be kept, unreadable). */
export function keptPlan<T>(root: string, options: PlanOptions): T | undefined {
  const file = planFile(root, options);
  if (!file) return undefined;
  try {
    return JSON.parse(readFileSync(file, 'utf8')) as T;
  } catch {
    return undefined;
  }
}

/** Keeps `plan` for `options` where it may be (a read-only install makes it again each run). */
export function keepPlan(root: string, options: PlanOptions, plan: unknown): void {
  const file = planFile(root, options);
  if (!file) return;
  const temp = `${file}.${process.pid}-${randomUUID()}.tmp`;
  let written = false;
  try {
    mkdirSync(bundleDir(root), { recursive: true });
    writeFileSync(temp, JSON.stringify(plan));
    written = true;
    renameSync(temp, file);
    pruneBundles(root, file, 'plan');
  } catch {
    // Removed only once written: where the folder could not be made, removing it would throw too.
    if (written) rmSync(temp, { force: true });
  }
}
