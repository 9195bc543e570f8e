// The `browser` SCA driver: the system Chromium (Debian's `chromium-headless-shell` or `chromium`;
// no browser download) driven through the Chrome DevTools Protocol over a pipe (cdp.ts). It runs the
// profile's scripted steps and stops at the first request whose URL starts with TPP-Redirect-URI,
// reading the outcome from it: that request never goes out.
//
// The browser stays on the target. Every request it tries (navigations, redirects, sub-resources,
// a worker's, and a popup's: every new page is attached paused and its requests are paused before
// it runs) goes through the protocol's Fetch domain, which also sees the targets of redirects. A
// request to the redirect URI stays paused and is dropped with the context; one to any origin other
// than the target's and the SCA origins the profile lists is failed there. As a second
// wall, Chromium's host resolver maps every other host name to "not found", so no name outside the
// list is ever looked up.
//
// Steps act as a PSU would: a press and release at the element's centre once it is visible, enabled
// and the one the click would hit; text typed into the focused field. Selectors are CSS, or
// `text=<words>` for the smallest visible element whose text holds them.
//
// One browser per process (a cucumber worker host), a fresh browser context per SCA. The browser
// starts with the worker (prepareBrowser), and the next SCA's context, with its blank page attached
// and set up, is made as an SCA ends: a new page's renderer takes about 60 ms to start, which the
// SCA would otherwise wait for.
import { execFileSync } from 'node:child_process';
import type { BrowserStep } from '../profile.ts';
import { CdpBrowser, type CdpEvent } from './cdp.ts';
import { ELEMENT_IN_PAGE, type ElementAnswer, type ElementOp } from './in-page.ts';
import { reachesRedirectUri, type ScaOutcome } from './form-driver.ts';
import { fillText } from '../templates.ts';
import { maskPage, redactUrl } from '../../tpp/redact.ts';
import { startSink, trustedServerKeys, type Sink, type TransportConfig } from '../../transport/index.ts';

export interface BrowserScaRequest {
  href: string;
  redirectUri: string;
  /**
   * Origins the browser may load from: the target's and the profile's SCA origins. The origin of `href` must be one of
   * them.
   */
  origins: string[];
  steps: BrowserStep[];
  vars: Record<string, string | undefined>;
  executablePath?: string;
  timeoutMs?: number;
  /** `open` only to prove, in a test, that the seal is what stops WebRTC (the fault); never in a run. */
  webrtc?: WebRtc;
  /** The run's TLS (transport/): the browser trusts the server certificates it trusts, by their keys. */
  transport?: TransportConfig;
  /**
   * How long an `if:` or `optional:` step gives the page to show its element before it counts as absent (default
   * DEFAULT_SETTLE_MS).
   */
  settleMs?: number;
}

/** The default wait of `if:` and `optional:` steps for an element a page's script may add late. */
export const DEFAULT_SETTLE_MS = 200;

/** A full-page screenshot is cut at this height (CSS pixels): an endless page stays a bounded image. */
export const FULL_PAGE_MAX_PX = 8_000;

export type WebRtc = 'sealed' | 'open';

/** What the browser tried to load, and what the driver did with it. */
export interface BrowserRequestRecord {
  url: string;
  method: string;
  /**
   * allowed: sent to an allowed origin; redirect-uri: held in the browser (paused, dropped with the context), not sent;
   * blocked: failed in the browser, not sent.
   */
  decision: 'allowed' | 'redirect-uri' | 'blocked';
}

/** A screenshot of a page of the flow (JPEG). */
export interface Screenshot {
  name: string;
  data: Buffer;
  mediaType: 'image/jpeg';
}

/** What became of one step of the profile's browser script (sca.browser.steps). */
export interface ScriptStepRecord {
  /** Its number in the script, from 1. */
  step: number;
  /** The step as the profile writes it (without its value: a value may be a secret). */
  does: string;
  /**
   * run; skipped (its `if:` element absent, or its `optional:` element absent); failed; not reached (the redirect URI
   * came first, or an earlier step failed).
   */
  outcome: 'run' | 'skipped' | 'failed' | 'not reached';
  /** Why it was skipped, how it failed. */
  why?: string;
}

/** The page a failed flow stopped on: its address and its HTML, secrets masked (maskPage). */
export interface FailedPage {
  url: string;
  html: string;
}

export interface BrowserScaOutcome extends ScaOutcome {
  screenshots: Screenshot[];
  requests: BrowserRequestRecord[];
  script: ScriptStepRecord[];
  /** On a flow that failed in the browser: the page it stopped on. */
  page?: FailedPage;
}

/**
 * The browsers the driver looks for, in order. First Chromium's old headless shell (Debian's
 * `chromium-headless-shell`, the one automation tools take for headless runs): a full run with the
 * browser driver cost 36 s of CPU with it against 100 s with the full `chromium` (a fresh context
 * per SCA, 85 SCAs, a 2-core machine).
 */
export const CHROMIUM_NAMES = ['chromium-headless-shell', 'chromium', 'chromium-browser', 'google-chrome'] as const;

/** What `which` found, by PATH: looked up once, not at every SCA (a process each). */
const found = new Map<string, string | undefined>();

export function findChromium(explicit?: string): string | undefined {
  if (explicit) return explicit;
  const path = process.env.PATH ?? '';
  if (found.has(path)) return found.get(path);
  let hit: string | undefined;
  for (const name of CHROMIUM_NAMES) {
    try {
      hit = execFileSync('which', [name], { encoding: 'utf8' }).trim() || undefined;
    } catch {
      /* next */
    }
    if (hit) break;
  }
  found.set(path, hit);
  return hit;
}

/** The WebRTC switches: candidates only through a proxy (so no UDP at all, no STUN, no host
 * candidates), and no mDNS responder for host candidates (joining 224.0.0.251 announces itself on the
 * network). What WebRTC still tries, a TCP connection to a TURN server, goes to the sink proxy. */
export const WEBRTC_SEAL = [
  '--force-webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
] as const;

/** The `host:port` of an origin, as Chromium's proxy bypass rules write it. */
function hostPort(origin: string): string {
  const u = new URL(origin);
  return `${u.hostname}:${u.port || (u.protocol === 'https:' ? '443' : '80')}`;
}

/**
 * Chromium switches: no background traffic of its own, no look-up of any host outside `origins`, no
 * WebRTC, and every connection not bound for one of `origins` handed to the sink proxy on loopback
 * `sinkPort` (which closes it: Fetch interception fails the page's own requests before that; what
 * reaches the sink is what Fetch does not see, a WebRTC TURN connection).
 */
export function chromiumArgs(
  origins: string[],
  sinkPort: number,
  opts: { webrtc?: WebRtc; spki?: string[] } = {},
): string[] {
  const hosts = [...new Set(origins.map((o) => new URL(o).hostname))];
  const keep = hosts.map((h) => `EXCLUDE ${h}`);
  const webrtc = opts.webrtc === 'open' ? [] : [...WEBRTC_SEAL];
  return [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-quic',
    '--no-first-run',
    '--no-default-browser-check',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--disable-default-apps',
    '--disable-extensions',
    '--disable-domain-reliability',
    '--disable-client-side-phishing-detection',
    '--no-pings',
    '--dns-prefetch-disable',
    // Only the allowed origins are reached directly (by host and port; loopback is not bypassed by itself).
    `--proxy-server=http://127.0.0.1:${sinkPort}`,
    `--proxy-bypass-list=${['<-loopback>', ...[...new Set(origins.map(hostPort))]].join(';')}`,
    ...webrtc,
    // Timers and rendering run at full speed in a page no one looks at.
    '--disable-background-timer-throttling',
    '--disable-renderer-backgrounding',
    '--disable-backgrounding-occluded-windows',
    '--disable-hang-monitor',
    '--mute-audio',
    '--hide-scrollbars',
    '--password-store=basic',
    '--use-mock-keychain',
    // Cross-site frames stay in the page's process, where the page's Fetch interception sees them.
    '--disable-site-isolation-trials',
    `--disable-features=IsolateOrigins,site-per-process,NetworkPrediction,Translate,OptimizationHints,MediaRouter,AutofillServerCommunication${opts.webrtc === 'open' ? '' : ',WebRtcHideLocalIpsWithMdns'}`,
    `--host-resolver-rules=${['MAP * ~NOTFOUND', ...keep].join(', ')}`,
    // The https:// origins' server keys the run's transport trusts (a private CA): those servers only.
    ...(opts.spki?.length ? [`--ignore-certificate-errors-spki-list=${opts.spki.join(',')}`] : []),
  ];
}

/** A target attached in an SCA's browser context: the SCA decides its requests before it runs. */
type OnAttached = (sessionId: string, type: string, targetId: string) => Promise<void>;

/** An SCA's browser context and its blank page, attached and set up (setUpTarget). */
interface Context {
  id: string;
  dispose: () => Promise<void>;
  page: { sessionId: string; targetId: string };
}

/** The viewport of an SCA's page. */
const VIEWPORT = { width: 800, height: 600 };

/** What every target of an SCA's context gets before it runs: each request paused for the SCA to decide
 * (Fetch may not exist in some kinds of target: their requests then go through their page's), and
 * for the page, its load events. */
function setUpTarget(cdp: CdpBrowser, sessionId: string, page: boolean): Promise<unknown> {
  const fetch = cdp
    .send('Fetch.enable', { patterns: [{ urlPattern: '*', requestStage: 'Request' }] }, sessionId)
    .catch(() => undefined);
  return page ? Promise.all([fetch, cdp.send('Page.enable', {}, sessionId)]) : fetch;
}

/** This process's browser: every target it starts is attached paused and handed to its context's SCA. */
class Host {
  private readonly contexts = new Map<string, OnAttached>();

  private constructor(
    readonly cdp: CdpBrowser,
    readonly sink: Sink,
  ) {
    cdp.on((e) => {
      if (e.method !== 'Target.attachedToTarget' || e.sessionId) return;
      const { sessionId, targetInfo, waitingForDebugger } = e.params as {
        sessionId: string;
        targetInfo: { targetId: string; type: string; browserContextId?: string };
        waitingForDebugger: boolean;
      };
      const owner = targetInfo.browserContextId ? this.contexts.get(targetInfo.browserContextId) : undefined;
      const ready = owner ? owner(sessionId, targetInfo.type, targetInfo.targetId) : Promise.resolve();
      void ready
        .catch(() => undefined)
        .then(() => (waitingForDebugger ? cdp.send('Runtime.runIfWaitingForDebugger', {}, sessionId) : undefined))
        .catch(() => undefined);
    });
  }

  static async start(executablePath: string, origins: string[], webrtc: WebRtc, spki: string[]): Promise<Host> {
    const sink = await startSink();
    try {
      const cdp = await CdpBrowser.launch(executablePath, chromiumArgs(origins, sink.port, { webrtc, spki }));
      await cdp.send('Target.setAutoAttach', { autoAttach: true, waitForDebuggerOnStart: true, flatten: true });
      return new Host(cdp, sink);
    } catch (e) {
      sink.close();
      throw e;
    }
  }

  async close(): Promise<void> {
    await this.cdp.close();
    this.sink.close();
  }

  /** The next SCA's context, made ahead (at most one). */
  private spare?: Promise<Context | undefined>;

  /** Makes the next SCA's context ahead, unless one is made or being made. */
  prepare(): void {
    if (this.spare || !this.cdp.connected) return;
    this.spare = this.newContext(10_000).catch(() => undefined);
  }

  /** A fresh context for an SCA: the one made ahead if there is one, else one made now (its page
   * attached within `ms`). Its targets from now on go to `onAttached`. */
  async takeContext(onAttached: OnAttached, ms: number): Promise<Context> {
    const spare = this.spare;
    this.spare = undefined;
    const context = (await spare) ?? (await this.newContext(ms));
    this.contexts.set(context.id, onAttached);
    return context;
  }

  /** A fresh browser context with its blank page attached (within `ms`) and set up. */
  private async newContext(ms: number): Promise<Context> {
    const { browserContextId: id } = await this.cdp.send<{ browserContextId: string }>('Target.createBrowserContext', {
      disposeOnDetach: true,
    });
    const dispose = async () => {
      this.contexts.delete(id);
      await this.cdp
        .send('Target.disposeBrowserContext', { browserContextId: id }, undefined, 10_000)
        .catch(() => undefined);
    };
    let page: Context['page'] | undefined;
    let attached!: () => void;
    const ready = new Promise<void>((r) => (attached = r));
    // Until an SCA takes the context, its targets are set up here: the blank page, and anything else
    // (nothing should come) with its requests paused.
    this.contexts.set(id, async (sessionId, type, targetId) => {
      const first = type === 'page' && !page;
      await setUpTarget(this.cdp, sessionId, first);
      if (!first) return;
      page = { sessionId, targetId };
      attached();
    });
    let timer: NodeJS.Timeout | undefined;
    try {
      await this.cdp.send('Target.createTarget', { url: 'about:blank', browserContextId: id, ...VIEWPORT });
      await Promise.race([
        ready,
        new Promise(
          (_r, reject) =>
            (timer = setTimeout(() => reject(new Error(`its page was not attached within ${ms} ms`)), ms)),
        ),
      ]);
      return { id, dispose, page: page! };
    } catch (e) {
      await dispose();
      throw e;
    } finally {
      clearTimeout(timer);
    }
  }
}

let shared: { key: string; host: Promise<Host> } | undefined;

/** The server keys the browser trusts for https:// `origins`, found once per process and configuration. */
const keysFound = new Map<string, Promise<string[]>>();
function serverKeys(origins: string[], transport: TransportConfig | undefined): Promise<string[]> {
  if (!transport?.tls || !origins.some((o) => o.startsWith('https:'))) return Promise.resolve([]);
  const key = JSON.stringify([origins, transport]);
  let p = keysFound.get(key);
  if (!p) {
    p = trustedServerKeys(origins, transport).catch(() => []);
    keysFound.set(key, p);
  }
  return p;
}

/** The origins of `urls` (an SCA's allowed origins). Throws on one that is not a URL. */
function originsOf(urls: string[]): Set<string> {
  return new Set(urls.map((o) => new URL(o).origin));
}

/** This process's browser, for SCAs that may load from `origins` (its host resolver knows only their names). */
async function hostFor(
  executablePath: string,
  origins: Set<string>,
  webrtc: WebRtc = 'sealed',
  transport?: TransportConfig,
): Promise<Host> {
  const list = [...origins].sort();
  const spki = await serverKeys(list, transport);
  const key = JSON.stringify([executablePath, list, webrtc, spki]);
  if (shared?.key !== key) {
    await closeBrowser();
    const host = Host.start(executablePath, list, webrtc, spki);
    shared = { key, host };
    host.catch(() => {
      if (shared?.host === host) shared = undefined;
    });
  }
  const h = await shared.host;
  if (!h.cdp.connected) {
    shared = undefined;
    return hostFor(executablePath, origins, webrtc, transport);
  }
  return h;
}

/** Starts this process's browser and the first SCA's context ahead of the first SCA (a worker's
 * Before-all hook), for the origins an SCA may load from; a browser that cannot start is reported by
 * the SCA that needs it. */
export function prepareBrowser(req: { origins: string[]; executablePath?: string; transport?: TransportConfig }): void {
  const executablePath = findChromium(req.executablePath);
  if (!executablePath) return;
  let origins: Set<string>;
  try {
    origins = originsOf(req.origins);
  } catch {
    return;
  }
  hostFor(executablePath, origins, 'sealed', req.transport).then(
    (h) => h.prepare(),
    () => undefined,
  );
}

/** Closes this process's browser (the run's After-all hook, tests). */
export async function closeBrowser(): Promise<void> {
  const s = shared;
  shared = undefined;
  if (!s) return;
  await s.host.then(
    (h) => h.close(),
    () => undefined,
  );
}

/** The selector a step acts on (for `optional`). */
function stepSelector(s: BrowserStep): string | undefined {
  return s.fill ?? s.check ?? s.click;
}

function describeStep(s: BrowserStep): string {
  return Object.entries(s)
    .filter(([k]) => k !== 'value')
    .map(([k, v]) => (v === true ? k : `${k} ${v}`))
    .join(', ');
}

/** A step's fields with every `{{…}}` placeholder filled. */
function filled(s: BrowserStep, vars: Record<string, string | undefined>): BrowserStep {
  return Object.fromEntries(
    Object.entries(s).map(([k, v]) => [k, typeof v === 'string' ? fillText(v, vars) : v]),
  ) as BrowserStep;
}

/**
 * How long after a click the driver waits for the navigation it may have started to show (a click that starts none
 * costs this much).
 */
const CLICK_SETTLE_MS = 50;

/** Is the main frame loading a document, or has the current one reached DOMContentLoaded? */
type LoadState = 'loading' | 'ready';

export async function runBrowserSca(req: BrowserScaRequest): Promise<BrowserScaOutcome> {
  const screenshots: BrowserScaOutcome['screenshots'] = [];
  const requests: BrowserRequestRecord[] = [];
  const steps: ScaOutcome['steps'] = [];
  const script: ScriptStepRecord[] = req.steps.map((raw, i) => ({
    step: i + 1,
    does: describeStep(raw),
    outcome: 'not reached',
  }));
  let page: FailedPage | undefined;
  /** The TPP-Redirect-URI address the flow reached (the browser's request to it, held unsent). */
  let reachedUrl: string | undefined;
  const done = (o: Omit<BrowserScaOutcome, 'screenshots' | 'requests' | 'steps' | 'script'>): BrowserScaOutcome => ({
    ...o,
    steps,
    screenshots,
    requests,
    script: script.map((r) =>
      r.outcome === 'not reached' && !r.why
        ? { ...r, why: reachedUrl ? 'TPP-Redirect-URI was reached before it' : 'the flow ended before it' }
        : r,
    ),
    ...(page ? { page } : {}),
  });
  /** The outcome read from the redirect URI the flow reached. */
  const completed = (url: string) =>
    done({ completed: true, params: Object.fromEntries(new URL(url).searchParams), finalUrl: redactUrl(url) });
  const executablePath = findChromium(req.executablePath);
  if (!executablePath)
    return done({
      completed: false,
      params: {},
      problem:
        "no Chromium found (install Debian's chromium-headless-shell or chromium, or set sca.browser.executablePath)",
    });
  let start: URL;
  try {
    start = new URL(req.href);
  } catch {
    return done({ completed: false, params: {}, problem: `scaRedirect href "${req.href}" is not an absolute URL` });
  }
  const allowed = originsOf(req.origins);
  if (!allowed.has(start.origin))
    return done({
      completed: false,
      params: {},
      problem: `scaRedirect ${redactUrl(req.href)} is on ${start.origin}, which is neither the target's origin nor one of the SCA origins the profile lists (sca.origins): the browser was not started`,
    });
  const timeout = req.timeoutMs ?? 10_000;
  const settleMs = req.settleMs ?? DEFAULT_SETTLE_MS;

  let state: LoadState = 'ready';
  /** Called whenever the flow moves: a load state changed, the redirect URI was reached. */
  const watchers = new Set<() => void>();
  const moved = () => {
    for (const w of [...watchers]) w();
  };
  /** Resolves once `cond` holds (checked at each move), or with false after `ms`. */
  const until = (cond: () => boolean, ms: number): Promise<boolean> =>
    cond()
      ? Promise.resolve(true)
      : new Promise((resolve) => {
          const w = () => {
            if (!cond()) return;
            watchers.delete(w);
            clearTimeout(timer);
            resolve(true);
          };
          const timer = setTimeout(() => (watchers.delete(w), resolve(false)), ms);
          watchers.add(w);
        });

  let host: Host;
  try {
    host = await hostFor(executablePath, allowed, req.webrtc, req.transport);
  } catch (e) {
    return done({
      completed: false,
      params: {},
      problem: `the browser did not start: ${(e as Error).message.split('\n')[0]}`,
    });
  }
  const { cdp } = host;
  const sessions = new Set<string>();
  // eslint-disable-next-line prefer-const -- set once the context is open; the listeners above read it before
  let main: { sessionId: string; frameId: string } | undefined;

  /** Decides each request any target of this SCA's context tries: only the allowed origins are let through. */
  const decide = (
    sessionId: string,
    p: { requestId: string; request: { url: string; method: string }; frameId?: string; resourceType?: string },
  ) => {
    const { url, method } = p.request;
    let origin = '';
    try {
      origin = new URL(url).origin;
    } catch {
      /* not a URL: blocked */
    }
    const decision: BrowserRequestRecord['decision'] = reachesRedirectUri(url, req.redirectUri)
      ? 'redirect-uri'
      : allowed.has(origin) || url.startsWith('data:')
        ? 'allowed'
        : 'blocked';
    requests.push({ url: redactUrl(url), method, decision });
    // The request to TPP-Redirect-URI is left paused: its URL is all the SCA needs, and the context's
    // end drops it unsent (answering it would cost the browser one more page).
    const send =
      decision === 'allowed'
        ? cdp.send('Fetch.continueRequest', { requestId: p.requestId }, sessionId)
        : decision === 'blocked'
          ? cdp.send('Fetch.failRequest', { requestId: p.requestId, errorReason: 'BlockedByClient' }, sessionId)
          : undefined;
    // The target may have gone (context disposed) while the request waited.
    send?.catch(() => undefined);
    if (decision === 'redirect-uri' && !reachedUrl) reachedUrl = url;
    if (main && sessionId === main.sessionId && p.resourceType === 'Document' && p.frameId === main.frameId)
      state = 'loading';
    moved();
  };
  const stopListening = cdp.on((e: CdpEvent) => {
    if (!e.sessionId || !sessions.has(e.sessionId)) return;
    if (e.method === 'Fetch.requestPaused') return decide(e.sessionId, e.params);
    if (!main || e.sessionId !== main.sessionId) return;
    const frameId = e.params.frameId ?? e.params.frame?.id;
    switch (e.method) {
      case 'Page.frameRequestedNavigation':
      case 'Page.frameStartedLoading':
      case 'Page.frameNavigated':
        if (frameId === main.frameId) state = 'loading';
        break;
      case 'Page.frameStoppedLoading':
        if (frameId === main.frameId) state = 'ready';
        break;
      case 'Page.domContentEventFired':
        state = 'ready';
        break;
      default:
        return;
    }
    moved();
  });

  /**
   * Sets up a target the SCA's page opens before it runs: its requests are decided here (a popup's too; a dedicated
   * worker's go through its page's).
   */
  const setUp = async (sessionId: string): Promise<void> => {
    sessions.add(sessionId);
    await setUpTarget(cdp, sessionId, false);
  };
  const context = await host.takeContext(setUp, timeout).catch((e: Error) => e);
  if (context instanceof Error) {
    stopListening();
    return done({ completed: false, params: {}, problem: `the browser could not open a context: ${context.message}` });
  }
  sessions.add(context.page.sessionId);
  main = { sessionId: context.page.sessionId, frameId: context.page.targetId };

  const evaluate = async <T>(expression: string, ms = timeout): Promise<T> => {
    const r = await cdp.send<{
      result: { value?: T };
      exceptionDetails?: { text: string; exception?: { description?: string } };
    }>('Runtime.evaluate', { expression, returnByValue: true, awaitPromise: true }, main!.sessionId, ms + 5_000);
    if (r.exceptionDetails)
      throw new Error(r.exceptionDetails.exception?.description?.split('\n')[0] ?? r.exceptionDetails.text);
    return r.result.value as T;
  };
  /** Waits for the page the flow is on to be ready (or for the redirect URI), at most until `deadline`. */
  const settle = (deadline: number) =>
    until(() => state === 'ready' || reachedUrl !== undefined, Math.max(0, deadline - Date.now()));
  /** As settle, but a page still loading at `deadline` fails the step. */
  const loaded = async (deadline: number) => {
    if (!(await settle(deadline)) && !reachedUrl)
      throw new Error(`the page did not finish loading within ${timeout} ms`);
  };
  /** Asks the page about an element; a navigation in between makes it ask the next page. */
  const element = async (selector: string, op: ElementOp, deadline: number): Promise<ElementAnswer> => {
    for (;;) {
      await settle(deadline);
      if (reachedUrl) return { done: true };
      const left = Math.max(0, deadline - Date.now());
      try {
        return await evaluate<ElementAnswer>(
          `(${ELEMENT_IN_PAGE})(${JSON.stringify(selector)}, ${JSON.stringify(op)}, ${left})`,
          left,
        );
      } catch (e) {
        // The document went away under the question (a navigation): ask again on the next one, once
        // the navigation shows (the settle above then waits for its page).
        if (Date.now() >= deadline || !/context|navigat|destroyed|detached/i.test((e as Error).message)) throw e;
        await until(() => state === 'loading' || reachedUrl !== undefined, 100);
      }
    }
  };
  /** A press and release at (x, y). The press brings the pointer there, so the page sees pointerover,
   * mouseover and mouseenter before mousedown, mouseup and click; only a mousemove is not sent (one
   * costs the browser a frame of its own). */
  const mouse = async (x: number, y: number) => {
    const s = main!.sessionId;
    await cdp.send(
      'Input.dispatchMouseEvent',
      { type: 'mousePressed', x, y, button: 'left', buttons: 1, clickCount: 1 },
      s,
    );
    await cdp.send(
      'Input.dispatchMouseEvent',
      { type: 'mouseReleased', x, y, button: 'left', buttons: 0, clickCount: 1 },
      s,
    );
  };
  /**
   * After a click: a navigation it started announces itself within a moment (CLICK_SETTLE_MS in the page); then its
   * page is waited for.
   */
  const afterClick = async (deadline: number) => {
    await Promise.race([
      evaluate(`new Promise((r) => setTimeout(r, ${CLICK_SETTLE_MS}))`).catch(() => undefined),
      until(() => state === 'loading' || reachedUrl !== undefined, 2 * CLICK_SETTLE_MS),
    ]);
    if (state === 'loading') await loaded(deadline);
  };
  const navigate = async (url: string, deadline: number): Promise<number | undefined> => {
    state = 'loading';
    // A navigation that ends at the redirect URI never commits (its request stays paused): it ends there.
    const r = await Promise.race([
      cdp.send<{ errorText?: string }>('Page.navigate', { url }, main!.sessionId, timeout),
      until(() => reachedUrl !== undefined, timeout).then((): { errorText?: string } => ({})),
    ]);
    if (reachedUrl) return undefined;
    if (r.errorText) throw new Error(r.errorText);
    await loaded(deadline);
    return reachedUrl
      ? undefined
      : evaluate<number>(`performance.getEntriesByType('navigation')[0]?.responseStatus ?? 0`).catch(() => 0);
  };
  const act = async (s: BrowserStep, deadline: number): Promise<void> => {
    if (s.goto) await navigate(s.goto, deadline);
    const sel = stepSelector(s);
    if (!sel) return;
    const op: ElementOp = s.fill !== undefined ? 'fill' : s.check !== undefined ? 'check' : 'click';
    const a = await element(sel, op, deadline);
    if (reachedUrl || a.done) return;
    if (a.error !== undefined || a.x === undefined || a.y === undefined)
      throw new Error(`${a.error ?? 'no element'} (after ${timeout} ms)`);
    if (op === 'fill') {
      const value = s.value ?? '';
      if (value) await cdp.send('Input.insertText', { text: value }, main!.sessionId);
      else
        for (const type of ['keyDown', 'keyUp'])
          await cdp.send(
            'Input.dispatchKeyEvent',
            { type, key: 'Delete', code: 'Delete', windowsVirtualKeyCode: 46 },
            main!.sessionId,
          );
      return;
    }
    await mouse(a.x, a.y);
    if (op === 'check') {
      if (
        !reachedUrl &&
        !(await evaluate<boolean>(`!!document.querySelector(${JSON.stringify(sel)})?.checked`).catch(() => true))
      )
        throw new Error('the click did not check it');
      return;
    }
    await afterClick(deadline);
  };
  /** Whether the page shows `selector`: at once when it does, else after the page had settleMs to add it. */
  const present = async (selector: string, deadline: number) =>
    (await element(selector, 'count', Math.min(deadline, Date.now() + settleMs))).count === 1;

  // One screenshot per page, taken as the PSU leaves it (before a click or goto, so filled fields
  // show), and one of the page a flow failed on: of the whole page, not only the window's part of it.
  const shot = async (name: string) => {
    if (!main) return;
    const s = main.sessionId;
    const size = await cdp
      .send<{ cssContentSize?: { width: number; height: number } }>('Page.getLayoutMetrics', {}, s, 5_000)
      .then((m) => m.cssContentSize)
      .catch(() => undefined);
    const clip = size && {
      x: 0,
      y: 0,
      width: Math.max(1, Math.ceil(size.width)),
      height: Math.max(1, Math.min(FULL_PAGE_MAX_PX, Math.ceil(size.height))),
      scale: 1,
    };
    const r = await cdp
      .send<{ data: string }>(
        'Page.captureScreenshot',
        {
          format: 'jpeg',
          quality: 50,
          optimizeForSpeed: true,
          ...(clip ? { clip, captureBeyondViewport: true } : {}),
        },
        s,
        5_000,
      )
      .catch(() => undefined);
    if (r?.data) screenshots.push({ name, data: Buffer.from(r.data, 'base64'), mediaType: 'image/jpeg' });
  };
  /** The values the flow typed (the PSU's entries) and the PSU's national id: masked in a page's HTML. */
  const secrets = [req.vars['psu.nationalId'], ...req.steps.map((raw) => filled(raw, req.vars).value)];
  /** The page a flow failed on, for a profile author: its address and HTML, secrets masked. */
  const keepPage = async () => {
    const p = await evaluate<{ url: string; html: string }>(
      '({ url: location.href, html: document.documentElement.outerHTML })',
      2_000,
    ).catch(() => undefined);
    if (p) page = { url: redactUrl(p.url), html: maskPage(p.html, secrets) };
  };
  /** A flow that failed in the browser: the page's screenshot and HTML. */
  const failedOn = async (name: string) => {
    await shot(name);
    await keepPage();
  };
  try {
    const first = await navigate(req.href, Date.now() + timeout).catch((e: Error) => e);
    if (first instanceof Error) {
      if (!reachedUrl) {
        await failedOn('scaRedirect (failed)');
        return done({
          completed: false,
          params: {},
          problem: `GET ${redactUrl(req.href)} failed: ${first.message.split('\n')[0]}`,
        });
      }
    } else if (first !== undefined) steps.push({ method: 'GET', url: redactUrl(req.href), status: first });
    let waited = false;
    for (const [i, raw] of req.steps.entries()) {
      if (reachedUrl) break;
      const s = filled(raw, req.vars);
      const name = `step ${i + 1}: ${describeStep(raw)}`;
      const deadline = Date.now() + timeout;
      const record = script[i];
      try {
        if (s.if !== undefined && !(await present(s.if, deadline))) {
          Object.assign(record, { outcome: 'skipped', why: `if: no element ${s.if}` });
          continue;
        }
        const sel = stepSelector(s);
        if (s.optional && sel && !(await present(sel, deadline))) {
          Object.assign(record, { outcome: 'skipped', why: `optional: no element ${sel}` });
          continue;
        }
        if (reachedUrl) break;
        record.outcome = 'run';
        if (s.waitForRedirect) {
          waited = true;
          await until(() => reachedUrl !== undefined, timeout);
          break;
        }
        if (s.click || s.goto) await shot(`before ${name}`);
        await act(s, deadline);
      } catch (e) {
        if (reachedUrl) break;
        Object.assign(record, { outcome: 'failed', why: (e as Error).message.split('\n')[0] });
        await failedOn(`${name} (failed)`);
        return done({
          completed: false,
          params: {},
          problem: `browser ${name} failed: ${(e as Error).message.split('\n')[0]}`,
        });
      }
    }
    // The last step may have started the redirect: wait for it as a `waitForRedirect` step would.
    if (!reachedUrl && !waited) await until(() => reachedUrl !== undefined, timeout);
    if (!reachedUrl) {
      await failedOn('last page (the redirect URI was not reached)');
      const last = await evaluate<string>('location.href', 2_000).catch(() => '(unknown)');
      return done({
        completed: false,
        params: {},
        problem: `the browser did not reach ${req.redirectUri}; it stopped on ${redactUrl(last)}`,
      });
    }
    return completed(reachedUrl);
  } catch (e) {
    if (reachedUrl) return completed(reachedUrl);
    await failedOn('failure');
    return done({
      completed: false,
      params: {},
      problem: `browser SCA failed: ${(e as Error).message.split('\n')[0]}`,
    });
  } finally {
    stopListening();
    watchers.clear();
    await context.dispose();
    host.prepare();
  }
}
