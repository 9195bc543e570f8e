// The browser SCA driver: playwright-core with Debian's chromium-headless-shell (or chromium) through the reference
// bank's
// pages, and through a hostile page that tries to pull the browser to other origins. Skipped (and
// says so) where no chromium is installed; CI installs it.
//
// Every server here is on 127.0.0.1. The redirect URI and the "outside" origin are loopback servers
// that count what reaches them: the driver must send them nothing.
import { execFileSync } from 'node:child_process';
import { chmodSync, mkdtempSync, symlinkSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startBank, type RunningBank } from '../../src/bank/index.ts';
import { DEFAULT_BROWSER } from '../../src/session/profile.ts';
import {
  CHROMIUM_NAMES,
  closeBrowser,
  findChromium,
  runBrowserSca,
  type BrowserScaOutcome,
} from '../../src/session/sca/browser-driver.ts';
import { WRONG_NATIONAL_ID } from '../../src/suite/sca-checks.ts';
import { testCredentials, TppClient } from '../../src/tpp/index.ts';

const chromium = findChromium();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[1-5][0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** A loopback server that counts every request it gets. */
async function counter(
  handler?: (url: string, res: import('node:http').ServerResponse) => void,
): Promise<{ url: string; hits: string[]; server: Server }> {
  const hits: string[] = [];
  const server = createServer((req, res) => {
    hits.push(`${req.method} ${req.url}`);
    if (handler) handler(req.url ?? '/', res);
    else res.end('counted');
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, hits, server };
}

/**
 * A loopback "target" whose SCA page (/sca/…) is `page`; its form posts to /done, which answers with a 302 to the
 * redirect URI with `query`.
 */
/** A JPEG's size, from its start-of-frame segment. */
function jpegSize(b: Buffer): { width: number; height: number } {
  for (let i = 2; i < b.length - 9;) {
    if (b[i] !== 0xff) return { width: 0, height: 0 };
    const marker = b[i + 1];
    if (marker >= 0xc0 && marker <= 0xc3) return { height: b.readUInt16BE(i + 5), width: b.readUInt16BE(i + 7) };
    i += 2 + b.readUInt16BE(i + 2);
  }
  return { width: 0, height: 0 };
}

function scaSite(page: string, query: string): ReturnType<typeof counter> {
  return counter((url, res) => {
    if (url.startsWith('/sca')) {
      res.setHeader('content-type', 'text/html');
      res.end(page);
    } else if (url.startsWith('/done')) {
      res.statusCode = 302;
      res.setHeader('location', `${tpp.url}/callback?${query}`);
      res.end();
    } else res.end();
  });
}

let bank: RunningBank;
let client: TppClient;
let tpp: Awaited<ReturnType<typeof counter>>;
let outside: Awaited<ReturnType<typeof counter>>;
let nationalId: string;

beforeAll(async () => {
  bank = await startBank({ mode: 'test' });
  tpp = await counter();
  outside = await counter();
  client = new TppClient({
    baseUrl: bank.url,
    identity: testCredentials().qsealc,
    redirectUri: `${tpp.url}/callback`,
    psu: { psuIpAddress: '192.0.2.1', tppSessionId: 'browser-1' },
  });
  const customers = (await client.request({ method: 'GET', path: '/v1/sandbox/customers', psu: false })).response!
    .json as Array<{ customerNumber: string; type: string }>;
  nationalId = customers.find((c) => c.type === 'private')!.customerNumber;
});
afterAll(async () => {
  await closeBrowser();
  await client?.close();
  await bank?.close();
  tpp?.server.close();
  outside?.server.close();
});

async function scaHref(): Promise<string> {
  const ex = await client.request({ method: 'GET', path: '/v1/accounts' });
  return (ex.response!.json as any)._links.scaRedirect.href;
}

/** Nothing went anywhere but the bank: each request was sent to the bank's origin or stopped in the browser. */
function expectStayedOnTarget(r: BrowserScaOutcome, origin: string): void {
  for (const q of r.requests) {
    if (q.decision === 'allowed') expect(new URL(q.url).origin).toBe(origin);
    else expect(q.decision === 'redirect-uri' || q.decision === 'blocked').toBe(true);
  }
  expect(tpp.hits).toEqual([]);
  expect(outside.hits).toEqual([]);
}

describe.skipIf(!chromium)(
  `browser SCA driver (${chromium ?? "no chromium: install Debian's chromium-headless-shell or chromium"})`,
  () => {
    const run = async (context: 'PRIVATE' | 'CORPORATE', opts: { nid?: string; cancel?: boolean } = {}) =>
      runBrowserSca({
        href: await scaHref(),
        redirectUri: `${tpp.url}/callback`,
        origins: [bank.url],
        vars: { 'psu.nationalId': opts.nid ?? nationalId, context },
        steps: opts.cancel ? DEFAULT_BROWSER.cancelSteps : DEFAULT_BROWSER.steps,
        timeoutMs: 10_000,
      });

    it('PRIVATE: runs the steps, screenshots each page, reads the redirect to the TPP without sending it', async () => {
      const r = await run('PRIVATE');
      expect(r.problem).toBeUndefined();
      expect(r.completed).toBe(true);
      expect(r.params['psu-id']).toMatch(UUID);
      expect(r.params.context).toBe('PRIVATE');
      expect(r.screenshots.map((x) => x.name)).toEqual([
        'before step 2: click button[value="continue"]',
        'before step 4: if input[name="context"], click button[value="continue"]',
      ]);
      expect([...r.screenshots[0].data.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
      // The 302 to the redirect URI was seen (a redirect target, which page.route would miss) and stopped.
      expect(r.requests.filter((q) => q.decision === 'redirect-uri')).toHaveLength(1);
      expectStayedOnTarget(r, new URL(bank.url).origin);
    }, 60_000);

    // The headless shell comes first (findChromium); the full chromium, the fallback, must work as well.
    const full = (() => {
      try {
        return execFileSync('which', ['chromium'], { encoding: 'utf8' }).trim() || undefined;
      } catch {
        return undefined;
      }
    })();
    it.skipIf(!full || full === chromium)(
      'the full chromium, where the headless shell is missing, runs the same flow and stays on the target',
      async () => {
        const r = await runBrowserSca({
          href: await scaHref(),
          redirectUri: `${tpp.url}/callback`,
          origins: [bank.url],
          vars: { 'psu.nationalId': nationalId, context: 'PRIVATE' },
          steps: DEFAULT_BROWSER.steps,
          timeoutMs: 10_000,
          executablePath: full,
        });
        expect(r.problem).toBeUndefined();
        expect(r.params['psu-id']).toMatch(UUID);
        expectStayedOnTarget(r, new URL(bank.url).origin);
      },
      60_000,
    );

    it('CORPORATE: {{context}} in a selector picks the context the scenario asks for', async () => {
      const r = await run('CORPORATE');
      expect(r.problem).toBeUndefined();
      expect(r.params.context).toBe('CORPORATE');
      expect(r.params['psu-corporate-id']).toBeTruthy();
      expectStayedOnTarget(r, new URL(bank.url).origin);
    }, 60_000);

    it('a wrong national identity number: the flow branches to the redirect at once, no step waits', async () => {
      const t0 = Date.now();
      const r = await run('PRIVATE', { nid: WRONG_NATIONAL_ID });
      expect(r.completed).toBe(true);
      expect(r.params['psu-id']).toBeUndefined();
      expect(r.params.code).toBeTruthy();
      expect(Date.now() - t0).toBeLessThan(5_000);
      expect(r.screenshots).toHaveLength(1);
      expectStayedOnTarget(r, new URL(bank.url).origin);
    }, 60_000);

    it('cancel steps abort the SCA with the failure redirect', async () => {
      const r = await run('PRIVATE', { cancel: true });
      expect(r.completed).toBe(true);
      expect(r.params['psu-id']).toBeUndefined();
      expect(r.params.status).toBeTruthy();
      expectStayedOnTarget(r, new URL(bank.url).origin);
    }, 60_000);

    it('a failing step ends with a clear problem and a screenshot of the page it failed on', async () => {
      const r = await runBrowserSca({
        href: await scaHref(),
        redirectUri: `${tpp.url}/callback`,
        origins: [bank.url],
        vars: {},
        steps: [{ click: 'button[value="no-such-button"]' }],
        timeoutMs: 1_500,
      });
      expect(r.completed).toBe(false);
      expect(r.problem).toMatch(/step 1: click button\[value="no-such-button"\] failed/);
      expect(r.screenshots.at(-1)!.name).toMatch(/failed/);
    }, 60_000);

    // The evidence of a failed flow: a screenshot of the whole page (not the 800×600 window), what
    // became of each step of the script, and the page's HTML with its secrets masked.
    // Faults that trip it: the window's screenshot only (600 px high), the script not recorded or an
    // absent `if:` element counted as run, the page not kept, the typed national id left in it.
    it('a failing step on a long page: a full-page screenshot, each script step recorded, the page kept masked', async () => {
      const id = '01017012345';
      const target = await scaSite(
        `<!doctype html><html><body style="margin:0"><div style="height:2500px">Hello ${id}</div><form>
<input name="id" type="text" value="${id}"><input type="hidden" name="token" value="tok-9f8e7d6c5b4a">
<button type="button" id="other">Other</button></form></body></html>`,
        'psu-id=3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11',
      );
      try {
        const r = await runBrowserSca({
          href: `${target.url}/sca/1`,
          redirectUri: `${tpp.url}/callback`,
          origins: [target.url],
          vars: { 'psu.nationalId': id },
          steps: [
            { if: '#absent', click: '#absent' },
            { fill: 'input[name="id"]', value: '{{psu.nationalId}}' },
            { click: '#no-such' },
            { click: '#other' },
          ],
          timeoutMs: 1_500,
          settleMs: 50,
        });
        expect(r.completed).toBe(false);
        expect(r.script.map((x) => [x.outcome, x.why?.split(' ').slice(0, 3).join(' ')])).toEqual([
          ['skipped', 'if: no element'],
          ['run', undefined],
          ['failed', expect.any(String)],
          ['not reached', 'the flow ended'],
        ]);
        expect(jpegSize(r.screenshots.at(-1)!.data).height).toBeGreaterThanOrEqual(2500);
        expect(r.page?.url).toBe(`${target.url}/sca/1`);
        expect(r.page?.html).toContain('name="token"');
        expect(r.page?.html).not.toContain(id);
        expect(r.page?.html).not.toContain('tok-9f8e7d6c5b4a');
      } finally {
        target.server.close();
      }
    }, 60_000);

    it('a page that pulls in other origins: every such request is failed in the browser, the redirect URI is never sent', async () => {
      // The "target": an SCA page with a sub-resource, a frame, a script, a prefetch and a worker's fetch from another
      // loopback origin and from a name that cannot resolve; its form (shown once the page has loaded,
      // so every sub-resource was tried) opens a popup on the other origin as it is clicked (a new
      // target: fault, one not attached before it runs) and answers with a 302 to the redirect URI.
      const target = await scaSite(
        `<!doctype html><html><head><link rel="icon" href="${outside.url}/icon.ico"></head><body>
<img src="${outside.url}/pixel.png"><img src="http://cdn.tpp-outside.invalid/logo.png">
<iframe src="${outside.url}/frame"></iframe><script src="${outside.url}/x.js"></script>
<link rel="prefetch" href="${outside.url}/prefetch"><link rel="dns-prefetch" href="//tracker.invalid">
<script>new Worker(URL.createObjectURL(new Blob(["fetch('${outside.url}/worker').catch(() => 0)"], { type: 'text/javascript' })));</script>
<script>addEventListener('load', () => document.body.insertAdjacentHTML('beforeend',
  '<form method="post" action="/done"><button type="submit" name="action" value="continue" onclick="window.open(\\'${outside.url}/popup\\')">Continue</button></form>'));</script>
</body></html>`,
        'psu-id=3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11&context=PRIVATE',
      );
      try {
        const r = await runBrowserSca({
          href: `${target.url}/sca/1`,
          redirectUri: `${tpp.url}/callback`,
          origins: [target.url],
          vars: {},
          steps: [{ click: 'button[value="continue"]' }],
          timeoutMs: 10_000,
        });
        expect(r.problem).toBeUndefined();
        expect(r.params['psu-id']).toBe('3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11');
        const blocked = r.requests.filter((q) => q.decision === 'blocked').map((q) => q.url);
        expect(blocked).toEqual(
          expect.arrayContaining([
            `${outside.url}/pixel.png`,
            'http://cdn.tpp-outside.invalid/logo.png',
            `${outside.url}/frame`,
            `${outside.url}/x.js`,
            `${outside.url}/popup`,
            `${outside.url}/worker`,
          ]),
        );
        expect(target.hits.filter((h) => h !== 'GET /favicon.ico')).toEqual(['GET /sca/1', 'POST /done']);
        expectStayedOnTarget(r, new URL(target.url).origin);
      } finally {
        target.server.close();
      }
    }, 60_000);

    // Fault that trips it: a click that does not bring the pointer to the element (element.click() in
    // the page, a release without a press): the page sees no mouseover or mousedown, and never submits.
    it('a click is the pointer reaching the element, a press and a release: the page sees mouseover, mousedown, mouseup and click in that order', async () => {
      const target = await scaSite(
        `<!doctype html><html><body><form method="post" action="/done"><input type="hidden" name="seen">
<button type="submit" value="continue">Continue</button></form><script>
const b = document.querySelector('button'); const seen = [];
for (const t of ['mouseover', 'mousedown', 'mouseup', 'click']) b.addEventListener(t, (e) => { seen.push(t); if (t === 'click') { document.querySelector('[name=seen]').value = seen.join(','); if (seen.join(',') !== 'mouseover,mousedown,mouseup,click') e.preventDefault(); } });
</script></body></html>`,
        'psu-id=3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11',
      );
      try {
        const r = await runBrowserSca({
          href: `${target.url}/sca/1`,
          redirectUri: `${tpp.url}/callback`,
          origins: [target.url],
          vars: {},
          steps: [{ click: 'button[value="continue"]' }],
          timeoutMs: 3_000,
        });
        expect(r.problem).toBeUndefined();
        expect(r.params['psu-id']).toBe('3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11');
        expect(target.hits.filter((h) => h !== 'GET /favicon.ico')).toEqual(['GET /sca/1', 'POST /done']);
      } finally {
        target.server.close();
      }
    }, 60_000);

    // An `if:` step waits for the page to settle before it decides the element is absent.
    // Fault that trips it: the element counted at once (the late button is absent then: the step is
    // skipped and the flow never reaches the redirect URI).
    it('an if: step gives the page settleMs to show an element a script adds late', async () => {
      const target = await scaSite(
        `<!doctype html><html><body><form method="post" action="/done"></form><script>
setTimeout(() => document.querySelector('form').insertAdjacentHTML('beforeend', '<button type="submit" id="late" value="continue">Continue</button>'), 120);
</script></body></html>`,
        'psu-id=3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11',
      );
      try {
        const r = await runBrowserSca({
          href: `${target.url}/sca/1`,
          redirectUri: `${tpp.url}/callback`,
          origins: [target.url],
          vars: {},
          steps: [{ if: '#late', click: '#late' }],
          timeoutMs: 3_000,
          settleMs: 600,
        });
        expect(r.problem).toBeUndefined();
        expect(r.params['psu-id']).toBe('3f1b9f3a-1f7e-4f43-9a3e-0d0d6a1c7e11');
      } finally {
        target.server.close();
      }
    }, 60_000);

    it('an scaRedirect on an origin the profile does not list: the browser is not started', async () => {
      const r = await runBrowserSca({
        href: `${outside.url}/sca/1`,
        redirectUri: `${tpp.url}/callback`,
        origins: [bank.url],
        vars: {},
        steps: DEFAULT_BROWSER.steps,
      });
      expect(r.completed).toBe(false);
      expect(r.problem).toMatch(/neither the target's origin nor one of the SCA origins/);
      expect(r.requests).toEqual([]);
      expect(outside.hits).toEqual([]);
    });
  },
);

describe('a Chromium that cannot start', () => {
  // Fault that trips it: a launch that waits for an answer that never comes (the run hangs) or throws.
  it('ends the SCA at once with a clear problem: a missing binary, or one that exits', async () => {
    const at = (executablePath: string) =>
      runBrowserSca({
        href: 'http://127.0.0.1:9/sca/1',
        redirectUri: 'http://127.0.0.1:9/callback',
        origins: ['http://127.0.0.1:9'],
        steps: [],
        vars: {},
        executablePath,
        timeoutMs: 2_000,
      });
    const t0 = Date.now();
    expect((await at('/nonexistent/chromium')).problem).toMatch(/the browser did not start: .*ENOENT/);
    expect((await at('/bin/false')).problem).toMatch(/the browser did not start: .*exited \(code 1\)/);
    expect(Date.now() - t0).toBeLessThan(5_000);
    await closeBrowser();
  });
});

describe('finding a Chromium', () => {
  // Fault that trips it: the full chromium taken first where the headless shell is installed (three
  // times the CPU per run of the browser driver), or nothing found where only one of them is.
  /** A PATH of its own: fake browsers named `names`, and `which`. */
  const onPath = <T>(names: string[], f: (dir: string) => T): T => {
    const dir = mkdtempSync(join(tmpdir(), 'xs2a-bin-'));
    for (const n of names) {
      writeFileSync(join(dir, n), '#!/bin/sh\n');
      chmodSync(join(dir, n), 0o755);
    }
    symlinkSync(execFileSync('sh', ['-c', 'command -v which'], { encoding: 'utf8' }).trim(), join(dir, 'which'));
    const saved = process.env.PATH;
    process.env.PATH = dir;
    try {
      return f(dir);
    } finally {
      process.env.PATH = saved;
    }
  };
  it('takes the headless shell first, else chromium; an explicit path wins', () => {
    expect(CHROMIUM_NAMES[0]).toBe('chromium-headless-shell');
    onPath(['chromium', 'chromium-headless-shell'], (dir) =>
      expect(findChromium()).toBe(join(dir, 'chromium-headless-shell')),
    );
    onPath(['chromium'], (dir) => expect(findChromium()).toBe(join(dir, 'chromium')));
    onPath([], () => expect(findChromium()).toBeUndefined());
    expect(findChromium('/opt/my/chrome')).toBe('/opt/my/chrome');
  });
});
