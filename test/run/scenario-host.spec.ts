// A host's cucumber run (scenario-host.ts): cucumber announces every pickle of the feature file, and
// the host passes on only those of the scenarios it runs, each with its test case. Fault that trips
// it: every announced pickle forwarded (the worker processes sent the whole file's pickles with every
// run: about 4,300 of them, 8 MB, in a full run of 398 scenarios).
import type { Envelope } from '@cucumber/messages';
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ScenarioHost, type HostSetup } from '../../src/run/scenario-host.ts';
import type { Profile } from '../../src/session/profile.ts';

const CWD = join(import.meta.dirname, 'fixtures', 'host');

function setup(allureResults: string): HostSetup {
  return {
    cwd: CWD,
    sources: {
      paths: ['features/three.feature'],
      defaultDialect: 'en',
      names: [],
      tagExpression: '',
      order: 'defined',
    },
    support: { requireModules: [], requirePaths: [], importPaths: ['steps/steps.mjs'], loaders: [] },
    runtime: {
      dryRun: false,
      failFast: false,
      filterStacktraces: true,
      parallel: 0,
      retry: 0,
      retryTagFilter: '',
      strict: true,
      worldParameters: {},
    },
    allureResults,
    run: {
      ctx: { targetUrl: 'http://127.0.0.1:9', allowPayments: false, embedded: false },
      profile: {} as Profile,
    },
  };
}

describe('a scenario host', () => {
  it('passes on the pickles of the scenarios it runs, each before its test case, and no other', async () => {
    const allure = mkdtempSync(join(tmpdir(), 'xs2a-host-'));
    const seen: Envelope[] = [];
    const host = new ScenarioHost(setup(allure), (_slot, e) => seen.push(e));
    await host.load();
    // The second scenario and the outline's second row, of the file's four pickles.
    expect(await host.run(0, ['features/three.feature:6', 'features/three.feature:14'])).toBe(2);
    await host.end();
    const pickles = seen.filter((e) => e.pickle).map((e) => e.pickle!);
    expect(pickles.map((p) => p.name)).toEqual(['two', 'row 4']);
    for (const p of pickles) {
      const at = seen.findIndex((e) => e.pickle?.id === p.id);
      const tc = seen.findIndex((e) => e.testCase?.pickleId === p.id);
      expect(tc).toBeGreaterThan(at);
    }
    // The host's Allure reporter heard both, and wrote a result for each.
    expect(readdirSync(allure).filter((f) => f.endsWith('-result.json'))).toHaveLength(2);
  }, 60_000);
});
