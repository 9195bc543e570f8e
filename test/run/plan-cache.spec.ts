// The run's plan kept between runs (plan-cache.ts). Faults that trip it: no cache (nothing kept: the
// second run finds no plan), a key that ignores the feature files (a changed feature keeps the old
// plan) or the filters (another tag expression gets the first one's plan), a random order kept (its
// plan is a new one each run), and a configuration that does not survive being kept (cucumber's
// configuration as JSON is no longer the configuration: the run would start from another), and a run
// that loads cucumber to make a plan it finds kept.
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfiguration, type IConfiguration } from '@cucumber/cucumber/api';
import { describe, expect, it } from 'vitest';
import { keepPlan, keptPlan, planFile, type PlanOptions } from '../../src/run/plan-cache.ts';
import { ROOT } from '../helpers/cli.ts';

const options = (over: Partial<PlanOptions> = {}): PlanOptions => ({
  paths: ['features/**/*.feature'],
  import: ['steps/x.mjs'],
  tags: '',
  name: [],
  strict: true,
  ...over,
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'xs2a-plan-'));
  mkdirSync(join(root, 'features'));
  writeFileSync(join(root, 'features', 'a.feature'), 'Feature: a\n  Scenario: one\n    Given a step\n');
  return root;
}

describe('the plan kept between runs', () => {
  it('is found for the same features and filters, and not when either changes', () => {
    const root = project();
    expect(keptPlan(root, options())).toBeUndefined();
    keepPlan(root, options(), { planned: ['features/a.feature:2'] });
    expect(keptPlan(root, options())).toEqual({ planned: ['features/a.feature:2'] });
    // Another tag expression, or other step files: a plan of its own.
    expect(keptPlan(root, options({ tags: '@must' }))).toBeUndefined();
    expect(keptPlan(root, options({ import: ['steps/y.mjs'] }))).toBeUndefined();
    // A feature file changed: none kept for it.
    writeFileSync(join(root, 'features', 'a.feature'), 'Feature: a\n  Scenario: the second\n    Given a step\n');
    expect(keptPlan(root, options())).toBeUndefined();
    keepPlan(root, options(), { planned: ['features/a.feature:2', 'changed'] });
    expect(keptPlan(root, options())).toEqual({ planned: ['features/a.feature:2', 'changed'] });
    expect(
      readdirSync(join(root, 'node_modules', '.cache', 'xs2a-conformance')).filter((f) => f.startsWith('plan-')),
    ).toHaveLength(2);
  });

  // Fault that trips it: a failure to keep the plan thrown out of keepPlan (removing the temporary file
  // under a cache folder that could not be made throws too); the run would stop instead of making it again.
  it('is made again, not thrown, where the cache folder cannot be made', () => {
    const root = project();
    // node_modules is a file here: the cache folder cannot be made under it.
    writeFileSync(join(root, 'node_modules'), '');
    expect(() => keepPlan(root, options(), { planned: [] })).not.toThrow();
    expect(keptPlan(root, options())).toBeUndefined();
  });

  it('is not kept for a random order, nor for paths outside features/', () => {
    const root = project();
    expect(planFile(root, options())).toMatch(/plan-[0-9a-f]{16}\.json$/);
    expect(planFile(root, options({ order: 'random' }))).toBeUndefined();
    expect(planFile(root, options({ order: 'random:42' }))).toBeUndefined();
    expect(planFile(root, options({ paths: ['other/x.feature'] }))).toBeUndefined();
    keepPlan(root, options({ order: 'random' }), { planned: [] });
    expect(keptPlan(root, options({ order: 'random' }))).toBeUndefined();
  });

  it("keeps cucumber's resolved configuration as it is (a run with a kept plan does not load cucumber to make it)", async () => {
    const root = project();
    const provided: Partial<IConfiguration> & PlanOptions = {
      paths: ['features/**/*.feature'],
      import: [],
      tags: '@must and not @slow',
      name: ['one'],
      strict: true,
    };
    const { runConfiguration } = await loadConfiguration({ file: false, provided }, { cwd: root });
    keepPlan(root, provided, { runConfiguration });
    expect(keptPlan<{ runConfiguration: unknown }>(root, provided)?.runConfiguration).toStrictEqual(runConfiguration);
  });
});

describe("a run's plan", () => {
  it("loads no cucumber into the run's process when it is found kept", () => {
    // A process of its own: cucumber is a CommonJS package, seen in the module cache once loaded.
    const planIn = () =>
      JSON.parse(
        execFileSync(
          process.execPath,
          [
            '--import',
            'tsx',
            '--input-type=module',
            '-e',
            `import { createRequire } from 'node:module';
const { plan } = await import(${JSON.stringify(join(ROOT, 'src/run/run.ts'))});
const { buildBundles } = await import(${JSON.stringify(join(ROOT, 'src/run/steps-bundle.ts'))});
const made = plan({ tags: '@must and @clock' }, buildBundles(process.cwd(), false));
const [{ planned }] = await Promise.all([made.planning, made.configuration]);
const cucumber = Object.keys(createRequire(import.meta.url).cache).some((k) => k.includes('/@cucumber/cucumber/'));
console.log(JSON.stringify({ scenarios: planned.length, cucumber }));`,
          ],
          { cwd: ROOT, encoding: 'utf8' },
        ),
      ) as { scenarios: number; cucumber: boolean };
    const first = planIn();
    expect(first.scenarios).toBeGreaterThan(0);
    expect(planIn()).toEqual({ scenarios: first.scenarios, cucumber: false });
  }, 60_000);
});
