// The shipped example profile, end to end through the CLI with the browser SCA driver (in
// npm run test:full: a whole run in a browser).
import { mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { findChromium } from '../../src/session/sca/browser-driver.ts';
import { cli } from '../helpers/cli.ts';
import { readResultsFile } from '../helpers/results.ts';

// The shipped example profile drives the SCA pages with the browser driver (Debian's chromium; CI
// installs it). As shipped, it must run whole against the embedded reference bank: its browser
// steps work, CORPORATE and wrong-national-id flows included.
describe.skipIf(!findChromium())(
  'docs/profile.example.yaml with the browser SCA driver (embedded reference bank)',
  () => {
    it('loads and passes every scenario; screenshots are attached', () => {
      const dir = mkdtempSync(join(tmpdir(), 'xs2a-run-browser-'));
      const r = cli(['run', '--no-report', '--profile', 'docs/profile.example.yaml', '--report-dir', dir], '', 590_000);
      const results = readResultsFile(dir);
      const failed = results.results.filter(
        (x: { outcome: string }) => x.outcome !== 'passed' && x.outcome !== 'not-applicable',
      );
      expect(failed.map((x: { name: string; message?: string }) => `${x.name}: ${x.message?.split('\n')[0]}`)).toEqual(
        [],
      );
      expect(r.code).toBe(0);
      const passed = (name: RegExp) =>
        results.results.filter((x: { name: string; outcome: string }) => name.test(x.name) && x.outcome === 'passed')
          .length;
      expect(passed(/CORPORATE SCA/)).toBeGreaterThan(0);
      expect(passed(/wrong national identity number/)).toBeGreaterThan(0);
      const shots = readdirSync(join(dir, 'allure-results')).filter((f) => f.endsWith('.jpg'));
      expect(shots.length).toBeGreaterThan(50);
    }, 600_000);
  },
);
