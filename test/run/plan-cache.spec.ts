// The run's plan kept between runs (plan-cache.ts). Faults that trip it: no cache (the plan made
// again by every run: the second make is called), a key that ignores the feature files (a changed
// feature keeps the old plan) or the filters (another tag expression gets the first one's plan), and
// a random order kept (its plan is a new one each run).
import { mkdirSync, mkdtempSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { ISourcesCoordinates } from '@cucumber/cucumber/api';
import { describe, expect, it } from 'vitest';
import { cachedPlan, planFile } from '../../src/run/plan-cache.ts';

const sources = (over: Partial<ISourcesCoordinates> = {}): ISourcesCoordinates => ({
  defaultDialect: 'en',
  paths: ['features/**/*.feature'],
  names: [],
  tagExpression: '',
  order: 'defined',
  ...over,
});

function project(): string {
  const root = mkdtempSync(join(tmpdir(), 'xs2a-plan-'));
  mkdirSync(join(root, 'features'));
  writeFileSync(join(root, 'features', 'a.feature'), 'Feature: a\n  Scenario: one\n    Given a step\n');
  return root;
}

describe('the plan kept between runs', () => {
  it('is made once for the same features and filters, and again when either changes', async () => {
    const root = project();
    let made = 0;
    const make = async () => [{ id: `features/a.feature:${++made}` }];
    expect(await cachedPlan(root, sources(), make)).toEqual([{ id: 'features/a.feature:1' }]);
    expect(await cachedPlan(root, sources(), make)).toEqual([{ id: 'features/a.feature:1' }]);
    expect(made).toBe(1);
    // Another tag expression: a plan of its own.
    expect(await cachedPlan(root, sources({ tagExpression: '@must' }), make)).toEqual([{ id: 'features/a.feature:2' }]);
    // A feature file changed: made again.
    writeFileSync(join(root, 'features', 'a.feature'), 'Feature: a\n  Scenario: the second\n    Given a step\n');
    expect(await cachedPlan(root, sources(), make)).toEqual([{ id: 'features/a.feature:3' }]);
    expect(made).toBe(3);
    expect(
      readdirSync(join(root, 'node_modules', '.cache', 'xs2a-conformance')).filter((f) => f.startsWith('plan-')),
    ).toHaveLength(3);
  });

  it('is not kept for a random order, nor for paths outside features/', () => {
    const root = project();
    expect(planFile(root, sources())).toMatch(/plan-[0-9a-f]{16}\.json$/);
    expect(planFile(root, sources({ order: 'random' }))).toBeUndefined();
    expect(planFile(root, sources({ order: 'random:42' }))).toBeUndefined();
    expect(planFile(root, sources({ paths: ['other/x.feature'] }))).toBeUndefined();
  });
});
