// The console of a failing run stays short: against a target where every answer is wrong, the whole
// run (no --tags: all 398 scenarios; 94 failed, 29 warnings, 254 inconclusive; 7-13 s with
// --parallel 4 on two cores) prints 108 lines without --verbose, and 723 with it.
//
// What trips each assertion:
// - exit 1: a verdict that passes a run whose MUSTs fail, or a run that crashes (exit 2) on answers
//   that are not JSON.
// - at least 50 failed scenarios: the mock answering something the suite accepts, or wrong answers
//   counted as inconclusive only; then the line bound would prove nothing.
// - under 200 lines: every failed scenario's whole message printed by default (the --verbose dump:
//   723 lines in all); the progress written once per finished scenario instead of once per tenth of
//   the run when the console is not a terminal (496 lines); the summary's failures one entry per
//   scenario instead of one per cause, with no cap on the causes shown (354 lines). This mock gives
//   12 failure causes, under the cap of 20: either of the last two alone stays under the bound.
// - the last lines are the verdict and the report paths: the summary or the dump printed after the
//   verdict, or the report paths left out.
// - --verbose prints more, one block per failed or warned scenario: --verbose not passed to the run,
//   or the dump left out.
import { mkdtempSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cliAsync, type CliResult } from '../helpers/cli.ts';
import { readResultsFile } from '../helpers/results.ts';

// Wrong for every operation of the spec: JSON of the wrong shape, or a body that is not JSON at all.
const WRONG: Array<[string, string]> = [
  ['application/json', '{"unexpected": true}'],
  ['application/json', '[1, 2, 3]'],
  ['text/plain', 'this is not the schema at all'],
];

/** One wrong answer per method and first two path segments, the same on every run (ids in paths do not change it). */
function wrongAnswer(method: string, url: string): [string, string] {
  const key = `${method} ${url.split('?')[0].split('/').slice(0, 3).join('/')}`;
  let h = 0;
  for (const c of key) h = (h * 31 + c.charCodeAt(0)) >>> 0;
  return WRONG[h % WRONG.length];
}

let server: Server;
let target: string;
beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const [type, body] = wrongAnswer(req.method ?? 'GET', req.url ?? '/');
      res.writeHead(200, { 'content-type': type });
      res.end(body);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(
  () =>
    new Promise<void>((r) => {
      server.closeAllConnections();
      server.close(() => r());
    }),
);

// The run reads no profile or target from the environment: only the mock counts.
const ENV = { XS2A_PROFILE: undefined, XS2A_TARGET_URL: undefined };

async function run(verbose: boolean): Promise<{ r: CliResult; dir: string; lines: string[] }> {
  const dir = mkdtempSync(join(tmpdir(), 'xs2a-console-'));
  const args = ['run', '--target', target, '--parallel', '4', '--no-report', '--report-dir', dir];
  const r = await cliAsync(verbose ? [...args, '--verbose'] : args, 60_000, ENV);
  const lines = `${r.stdout}${r.stderr}`.replace(/\n$/, '').split('\n');
  return { r, dir, lines };
}

describe('the console of a failing run', () => {
  let quietLines = 0;

  it('is under 200 lines without --verbose, and ends with the verdict and the report paths', async () => {
    const { r, dir, lines } = await run(false);
    expect(r.code).toBe(1);
    const results = readResultsFile(dir);
    expect(results.counts.failed).toBeGreaterThanOrEqual(50);
    quietLines = lines.length;
    expect(quietLines).toBeLessThan(200);
    expect(lines.slice(-2)).toEqual([
      expect.stringMatching(/^VERDICT: FAIL/),
      `Reports: ${dir} (summary.txt, results.json, junit.xml, allure-results)`,
    ]);
  }, 90_000);

  it('is longer with --verbose: every failed scenario whole, before the same summary', async () => {
    const { r, dir, lines } = await run(true);
    expect(r.code).toBe(1);
    const results = readResultsFile(dir);
    expect(lines.filter((l) => l.startsWith('--- FAILED ')).length).toBe(results.counts.failed);
    expect(quietLines).toBeGreaterThan(0);
    expect(lines.length).toBeGreaterThan(quietLines);
    expect(lines.at(-2)).toMatch(/^VERDICT: FAIL/);
  }, 90_000);
});
