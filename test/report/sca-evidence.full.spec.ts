// The decisive evidence of an SCA failure hangs under the failing step, in the Allure results: where the
// flow ended (the redirect to TPP-Redirect-URI and its parameters, or why it did not get there), the
// last screenshot, the flow with each step of the profile's browser script (run, skipped with the
// reason, not reached), and, for a flow that failed in the browser, the page it stopped on as text.
// Not the 401 that started the flow, and not again under Tear down. Skipped without a Chromium.
//
// Faults that trip it: the SCA's evidence attached in the After hook only (it sits under Tear down,
// the failing step has none), the request that started the flow shown instead, the script's steps not
// recorded (no "skipped" with its reason), the page of a failed flow not kept.
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runSuite } from '../../src/run/run.ts';
import { findChromium } from '../../src/session/sca/browser-driver.ts';
import { allureFiles, attached, type AllureContainer, type AllureResult } from '../helpers/allure.ts';

/** The failed scenario's failing step and its attachments, and every attachment's name in the run (hooks included). */
async function failedRun(fault: string) {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-sca-evidence-'));
  const r = await runSuite({
    quiet: true,
    report: false,
    parallel: 0,
    scaDriver: 'browser',
    faults: [fault],
    names: ['bank-offered consent flow gives access'],
    reportDir: dir,
  });
  expect(r.exitCode).toBe(1);
  const folder = join(dir, 'allure-results');
  const read = (f: string) => readFileSync(join(folder, f), 'utf8');
  const result = allureFiles<AllureResult>(folder, '-result.json').find((x) => x.status === 'failed')!;
  const failing = result.steps!.find((s) => s.status === 'failed')!;
  const attachments = attached(failing);
  const named = (name: RegExp) => attachments.find((a) => name.test(a.name));
  // Every attachment of the run: the scenarios' steps and the hooks' (the containers' befores and afters).
  const everywhere = [
    ...allureFiles<AllureResult>(folder, '-result.json'),
    ...allureFiles<AllureContainer>(folder, '-container.json').flatMap((c) => [
      ...(c.befores ?? []),
      ...(c.afters ?? []),
    ]),
  ].flatMap((x) => attached(x).map((a) => a.name));
  return { failing, attachments, named, read, everywhere };
}

describe.skipIf(!findChromium())('the SCA evidence under the failing step (browser driver)', () => {
  it('a redirect with a psu-id that is not a UUID: the redirect, its last screenshot and the script, once', async () => {
    const { failing, attachments, named, read, everywhere } = await failedRun('psu-id-not-uuid');
    expect(failing.name).toMatch(/psu-id that is an RFC 4122 UUID/);
    const redirect = read(named(/^sca redirect\.txt$/)!.source);
    expect(redirect).toMatch(/^The SCA reached TPP-Redirect-URI:/);
    expect(redirect).toMatch(/psu-id = [0-9a-f]{32}\n/);
    expect(named(/^sca last screenshot, .*\.jpg$/)).toBeDefined();
    const flow = JSON.parse(read(named(/^sca flow\.json$/)!.source));
    expect(flow.completed).toBe(true);
    expect(flow.script.map((s: { outcome: string }) => s.outcome)).toEqual(['run', 'run', 'run', 'run', 'not reached']);
    expect(flow.script[4].why).toMatch(/TPP-Redirect-URI was reached/);
    // Not the request that started the flow.
    expect(attachments.filter((a) => /\.http$/.test(a.name))).toEqual([]);
    // Once: not again under Tear down.
    expect(everywhere.filter((n) => n === 'sca flow.json')).toEqual(['sca flow.json']);
    expect(everywhere.filter((n) => n === 'sca redirect.txt')).toEqual(['sca redirect.txt']);
  }, 90_000);

  it("a flow that fails in the browser: why, the script's skipped steps with their reason, the page as text", async () => {
    const { named, read } = await failedRun('reset-sca-pages');
    expect(read(named(/^sca redirect\.txt$/)!.source)).toMatch(/^The SCA did not reach TPP-Redirect-URI: .+/);
    const flow = JSON.parse(read(named(/^sca flow\.json$/)!.source));
    expect(flow.completed).toBe(false);
    expect(flow.script.filter((s: { outcome: string }) => s.outcome === 'skipped')[0]?.why).toMatch(/^if: no element /);
    const page = named(/^sca page \(HTML\)\.txt$/);
    expect(page).toBeDefined();
    expect(read(page!.source)).toMatch(/^<!-- \S+ -->\n<html/);
  }, 90_000);
});
