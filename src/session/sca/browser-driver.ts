// The `browser` SCA driver: playwright-core with the system Chromium (Debian's `chromium`; no
// browser download). It runs the profile's scripted steps and stops at the first request whose URL
// starts with TPP-Redirect-URI, reading the outcome from it: that request never goes out.
//
// The browser stays on the target. Every request it tries (navigations, redirects, sub-resources)
// is paused through the Chrome DevTools Protocol's Fetch domain, which, unlike `page.route`, also
// sees the targets of redirects. A request to the redirect URI is answered in the browser; one to
// any origin other than the target's and the SCA origins the profile lists is failed there. As a
// second wall, Chromium's host resolver maps every other host name to "not found", so no name
// outside the list is ever looked up.
//
// One browser per process (a cucumber worker), a fresh context per SCA.
import { execFileSync } from 'node:child_process';
import { setTimeout as delay } from 'node:timers/promises';
import type { Browser, BrowserContext, CDPSession, Page } from 'playwright-core';
import type { BrowserStep } from '../profile.ts';
import { reachesRedirectUri, type ScaOutcome } from './form-driver.ts';
import { fillText } from '../templates.ts';
import { redactUrl } from '../../tpp/redact.ts';

export interface BrowserScaRequest {
  href: string;
  redirectUri: string;
  /** Origins the browser may load from: the target's and the profile's SCA origins. The origin of `href` must be one of them. */
  origins: string[];
  steps: BrowserStep[];
  vars: Record<string, string | undefined>;
  executablePath?: string;
  timeoutMs?: number;
}

/** What the browser tried to load, and what the driver did with it. */
export interface BrowserRequestRecord {
  url: string;
  method: string;
  /** allowed: sent to an allowed origin; redirect-uri: answered in the browser, not sent; blocked: failed in the browser, not sent. */
  decision: 'allowed' | 'redirect-uri' | 'blocked';
}

/** A screenshot of a page of the flow (JPEG). */
export interface Screenshot {
  name: string;
  data: Buffer;
  mediaType: 'image/jpeg';
}

export interface BrowserScaOutcome extends ScaOutcome {
  screenshots: Screenshot[];
  requests: BrowserRequestRecord[];
}

/**
 * The browsers the driver looks for, in order. First Chromium's old headless shell (Debian's
 * `chromium-headless-shell`; playwright's own choice for headless runs): a full run with the browser
 * driver cost 36 s of CPU with it against 100 s with the full `chromium` (a fresh context per SCA,
 * 85 SCAs, this 2-core machine).
 */
export const CHROMIUM_NAMES = ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome'] as const;

export function findChromium(explicit?: string): string | undefined {
  if (explicit) return explicit;
  for (const name of CHROMIUM_NAMES) {
    try {
      const p = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (p) return p;
    } catch {
      /* next */
    }
  }
  return undefined;
}

/** Chromium switches: no background traffic of its own, no proxy, no look-up of any host outside `hosts`. */
export function chromiumArgs(hosts: string[]): string[] {
  const keep = [...new Set(hosts)].map((h) => `EXCLUDE ${h}`);
  return [
    '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--no-default-browser-check',
    '--disable-background-networking', '--disable-component-update', '--disable-sync', '--disable-default-apps',
    '--disable-extensions', '--disable-domain-reliability', '--disable-client-side-phishing-detection',
    '--no-pings', '--no-proxy-server', '--dns-prefetch-disable',
    // Cross-site frames stay in the page's process, where the page's Fetch interception sees them.
    '--disable-site-isolation-trials',
    '--disable-features=IsolateOrigins,site-per-process,NetworkPrediction,Translate,OptimizationHints,MediaRouter,AutofillServerCommunication',
    `--host-resolver-rules=${['MAP * ~NOTFOUND', ...keep].join(', ')}`,
  ];
}

/** A fresh context with its page, its CDP session and the Fetch interception switched on. */
interface Tab {
  context: BrowserContext;
  page: Page;
  cdp: CDPSession;
  /** The SCA's request guard; until one is set, every request is failed. */
  onPaused?: (ev: PausedRequest) => void;
}

interface PausedRequest {
  requestId: string;
  request: { url: string; method: string };
}

let shared: { key: string; browser: Promise<Browser> } | undefined;

async function openTab(browser: Browser): Promise<Tab> {
  const context = await browser.newContext({ viewport: { width: 800, height: 600 }, ignoreHTTPSErrors: true, serviceWorkers: 'block', acceptDownloads: false });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  const tab: Tab = { context, page, cdp };
  cdp.on('Fetch.requestPaused', (ev: PausedRequest) => {
    if (tab.onPaused) tab.onPaused(ev);
    else cdp.send('Fetch.failRequest', { requestId: ev.requestId, errorReason: 'BlockedByClient' }).catch(() => undefined);
  });
  await cdp.send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] });
  return tab;
}


async function browserFor(executablePath: string, hosts: string[]): Promise<Browser> {
  const args = chromiumArgs(hosts);
  const key = JSON.stringify([executablePath, args]);
  if (shared?.key !== key) {
    await closeBrowser();
    const { chromium } = await import('playwright-core');
    shared = { key, browser: chromium.launch({ executablePath, headless: true, args }) };
    shared.browser.catch(() => (shared = undefined));
  }
  const b = await shared.browser;
  if (!b.isConnected()) {
    shared = undefined;
    return browserFor(executablePath, hosts);
  }
  return b;
}

/** Closes this process's browser (the run's After-all hook, tests). */
export async function closeBrowser(): Promise<void> {
  const s = shared;
  shared = undefined;
  if (!s) return;
  await s.browser.then((b) => b.close(), () => undefined);
}

// The page answered in place of TPP-Redirect-URI. Its icon is inline: Chromium fetches a page's
// favicon outside the page's request interception, and that fetch would reach the TPP's origin.
const STOP_PAGE = Buffer.from('<!doctype html><html><head><link rel="icon" href="data:,"></head><body><p>SCA finished: the browser stopped at TPP-Redirect-URI. That request was not sent.</p></body></html>').toString('base64');

/** Decides each paused request of the tab: only the allowed origins are let through. */
function guard(tab: Tab, isRedirect: (url: string) => boolean, allowed: Set<string>, onRequest: (r: BrowserRequestRecord) => void): void {
  const { cdp } = tab;
  tab.onPaused = (ev) => {
    const { url, method } = ev.request;
    let origin = '';
    try {
      origin = new URL(url).origin;
    } catch {
      /* not a URL: blocked */
    }
    const decision: BrowserRequestRecord['decision'] = isRedirect(url) ? 'redirect-uri' : allowed.has(origin) || url.startsWith('data:') ? 'allowed' : 'blocked';
    onRequest({ url, method, decision });
    const send =
      decision === 'allowed' ? cdp.send('Fetch.continueRequest', { requestId: ev.requestId })
      : decision === 'redirect-uri' ? cdp.send('Fetch.fulfillRequest', { requestId: ev.requestId, responseCode: 200, responseHeaders: [{ name: 'content-type', value: 'text/html; charset=utf-8' }], body: STOP_PAGE })
      : cdp.send('Fetch.failRequest', { requestId: ev.requestId, errorReason: 'BlockedByClient' });
    // The page may have gone (context closed) while the request waited.
    send.catch(() => undefined);
  };
}

/** The selector a step acts on (for `optional`). */
function stepSelector(s: BrowserStep): string | undefined {
  return s.fill ?? s.check ?? s.click;
}

function describeStep(s: BrowserStep): string {
  return Object.entries(s).filter(([k]) => k !== 'value').map(([k, v]) => (v === true ? k : `${k} ${v}`)).join(', ');
}

/** A step's fields with every `{{…}}` placeholder filled. */
function filled(s: BrowserStep, vars: Record<string, string | undefined>): BrowserStep {
  return Object.fromEntries(Object.entries(s).map(([k, v]) => [k, typeof v === 'string' ? fillText(v, vars) : v])) as BrowserStep;
}

async function present(page: Page, selector: string): Promise<boolean> {
  await page.waitForLoadState('domcontentloaded').catch(() => undefined);
  return (await page.locator(selector).count().catch(() => 0)) > 0;
}

async function act(page: Page, s: BrowserStep): Promise<void> {
  if (s.goto) await page.goto(s.goto, { waitUntil: 'domcontentloaded' });
  if (s.fill) await page.fill(s.fill, s.value ?? '');
  if (s.check) await page.check(s.check);
  if (s.click) await page.click(s.click);
}

export async function runBrowserSca(req: BrowserScaRequest): Promise<BrowserScaOutcome> {
  const screenshots: BrowserScaOutcome['screenshots'] = [];
  const requests: BrowserRequestRecord[] = [];
  const steps: ScaOutcome['steps'] = [];
  const done = (o: Omit<BrowserScaOutcome, 'screenshots' | 'requests' | 'steps'>): BrowserScaOutcome => ({ ...o, steps, screenshots, requests });
  const executablePath = findChromium(req.executablePath);
  if (!executablePath) return done({ completed: false, params: {}, problem: 'no Chromium found (install Debian\'s chromium, or set sca.browser.executablePath)' });
  let start: URL;
  try {
    start = new URL(req.href);
  } catch {
    return done({ completed: false, params: {}, problem: `scaRedirect href "${req.href}" is not an absolute URL` });
  }
  const allowed = new Set(req.origins.map((o) => new URL(o).origin));
  if (!allowed.has(start.origin)) return done({ completed: false, params: {}, problem: `scaRedirect ${redactUrl(req.href)} is on ${start.origin}, which is neither the target's origin nor one of the SCA origins the profile lists (sca.origins): the browser was not started` });
  const timeout = req.timeoutMs ?? 10_000;
  const isRedirect = (url: string) => reachesRedirectUri(url, req.redirectUri);

  let reachedUrl: string | undefined;
  let onReached!: () => void;
  const reached = new Promise<'reached'>((res) => (onReached = () => res('reached')));

  let tab: Tab | undefined;
  // One screenshot per page, taken as the PSU leaves it (before a click or goto, so filled fields
  // show), and one of the page a flow failed on. Through CDP: much faster than page.screenshot.
  const shot = async (name: string) => {
    if (!tab) return;
    const r = await tab.cdp.send('Page.captureScreenshot', { format: 'jpeg', quality: 50, optimizeForSpeed: true }).catch(() => undefined);
    if (r?.data) screenshots.push({ name, data: Buffer.from(r.data, 'base64'), mediaType: 'image/jpeg' });
  };
  try {
    // A fresh context per SCA (no cookie or storage of an earlier flow). Opening the next one ahead
    // of time was measured slower on two cores: it competes with the flow for the CPU.
    tab = await openTab(await browserFor(executablePath, [...allowed].map((o) => new URL(o).hostname)));
    const { page } = tab;
    page.setDefaultTimeout(timeout);
    guard(tab, isRedirect, allowed, (r) => {
      requests.push({ ...r, url: redactUrl(r.url) });
      if (r.decision === 'redirect-uri' && !reachedUrl) {
        reachedUrl = r.url;
        onReached();
      }
    });
    /** Runs an action unless the flow reaches the redirect URI first. */
    const untilReached = async (p: Promise<unknown>): Promise<boolean> => {
      p.catch(() => undefined);
      return (await Promise.race([p.then(() => 'done' as const), reached])) === 'reached';
    };
    const first = await page.goto(req.href, { waitUntil: 'domcontentloaded' }).catch((e: Error) => e);
    if (first instanceof Error) {
      if (!reachedUrl) {
        await shot('scaRedirect (failed)');
        return done({ completed: false, params: {}, problem: `GET ${redactUrl(req.href)} failed: ${first.message.split('\n')[0]}` });
      }
    } else steps.push({ method: 'GET', url: redactUrl(req.href), status: first?.status() ?? 0 });
    let waited = false;
    for (const [i, raw] of req.steps.entries()) {
      if (reachedUrl) break;
      const s = filled(raw, req.vars);
      const name = `step ${i + 1}: ${describeStep(raw)}`;
      if (s.if !== undefined && !(await present(page, s.if))) continue;
      const sel = stepSelector(s);
      if (s.optional && sel && !(await present(page, sel))) continue;
      if (s.waitForRedirect) {
        waited = true;
        await untilReached(delay(timeout, undefined, { ref: false }));
        break;
      }
      try {
        if (s.click || s.goto) await shot(`before ${name}`);
        if (await untilReached(act(page, s))) break;
      } catch (e) {
        if (reachedUrl) break;
        await shot(`${name} (failed)`);
        return done({ completed: false, params: {}, problem: `browser ${name} failed: ${(e as Error).message.split('\n')[0]}` });
      }
    }
    // The last step may have started the redirect: wait for it as a `waitForRedirect` step would.
    if (!reachedUrl && !waited) await untilReached(delay(timeout, undefined, { ref: false }));
    if (!reachedUrl) {
      await shot('last page (the redirect URI was not reached)');
      const last = page.url();
      return done({ completed: false, params: {}, problem: `the browser did not reach ${req.redirectUri}; it stopped on ${redactUrl(last)}` });
    }
    return done({ completed: true, params: Object.fromEntries(new URL(reachedUrl).searchParams), finalUrl: redactUrl(reachedUrl) });
  } catch (e) {
    await shot('failure');
    return done({ completed: false, params: {}, problem: `browser SCA failed: ${(e as Error).message.split('\n')[0]}` });
  } finally {
    if (tab) tab.onPaused = undefined;
    await tab?.context.close().catch(() => undefined);
  }
}
