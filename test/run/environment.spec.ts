// The Allure environment widget tells what the run was, as it ran. Faults that trip it: the SCA
// driver read from the profile without --sca-driver (a browser run said "form"), the browser, the
// dialect, the faults or the workers left out.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/run/run.ts';

const widget = (dir: string) =>
  Object.fromEntries(
    readFileSync(join(dir, 'allure-results', 'environment.properties'), 'utf8')
      .trim()
      .split('\n')
      .map((l) => [l.slice(0, l.indexOf('=')), l.slice(l.indexOf('=') + 1)]),
  );

describe('the Allure environment widget', () => {
  it('names the SCA driver the run used and its browser, the dialect, the faults and the workers', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-env-'));
    const r = await runSuite({
      quiet: true,
      report: false,
      parallel: 0,
      scaDriver: 'browser',
      dialect: 'variant',
      faults: ['basket-size-11'],
      names: ['^A signing basket of no payments is refused$'],
      reportDir: dir,
    });
    expect(r.verdict?.results.length).toBe(1);
    const w = widget(dir);
    expect(w['sca.driver']).toBe('browser');
    expect(w.browser).toMatch(/\S/);
    expect(w.target).toBe('embedded reference bank (variant dialect)');
    expect(w.faults).toBe('basket-size-11');
    expect(w.workers).toBe('1');
    expect(w.processes).toBe('1');
  }, 60_000);
});
