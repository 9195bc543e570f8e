// The `browser` SCA driver: playwright-core with the system Chromium (Debian's `chromium`; no
// browser download). Runs the profile's scripted steps, screenshots each, and stops when the
// browser is sent to TPP-Redirect-URI (the request is intercepted, never sent).
import { execFileSync } from 'node:child_process';
import type { BrowserStep } from '../profile.ts';
import type { ScaOutcome } from './form-driver.ts';
import { fillText } from '../templates.ts';

export interface BrowserScaRequest {
  href: string;
  redirectUri: string;
  steps: BrowserStep[];
  vars: Record<string, string | undefined>;
  executablePath?: string;
  timeoutMs?: number;
}

export interface BrowserScaOutcome extends ScaOutcome {
  screenshots: Array<{ name: string; png: Buffer }>;
}

export function findChromium(explicit?: string): string | undefined {
  if (explicit) return explicit;
  for (const name of ['chromium', 'chromium-browser', 'google-chrome']) {
    try {
      const p = execFileSync('which', [name], { encoding: 'utf8' }).trim();
      if (p) return p;
    } catch {
      /* next */
    }
  }
  return undefined;
}


export async function runBrowserSca(req: BrowserScaRequest): Promise<BrowserScaOutcome> {
  const screenshots: BrowserScaOutcome['screenshots'] = [];
  const executablePath = findChromium(req.executablePath);
  if (!executablePath) return { completed: false, params: {}, steps: [], screenshots, problem: 'no Chromium found (install Debian\'s chromium, or set sca.browser.executablePath)' };
  const { chromium } = await import('playwright-core');
  const timeout = req.timeoutMs ?? 10_000;
  const browser = await chromium.launch({
    executablePath,
    headless: true,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  const redirect = new URL(req.redirectUri);
  let reached: string | undefined;
  const steps: ScaOutcome['steps'] = [];
  try {
    const page = await browser.newPage();
    page.setDefaultTimeout(timeout);
    await page.route((u) => u.origin === redirect.origin && u.pathname === redirect.pathname, async (route) => {
      reached = route.request().url();
      await route.fulfill({ status: 200, contentType: 'text/html', body: '<html><body>redirected to the TPP</body></html>' });
    });
    const shot = async (name: string) => screenshots.push({ name, png: await page.screenshot({ fullPage: true }) });
    await page.goto(req.href);
    steps.push({ method: 'GET', url: req.href, status: 200 });
    await shot('scaRedirect');
    for (const [i, s] of req.steps.entries()) {
      if (s.goto) await page.goto(fillText(s.goto, req.vars));
      if (s.fill) await page.fill(s.fill, fillText(s.value ?? '', req.vars));
      if (s.check) await page.check(s.check);
      if (s.click) await page.click(s.click);
      if (s.waitForRedirect) {
        const end = Date.now() + timeout;
        while (!reached && Date.now() < end) await page.waitForTimeout(50);
      }
      await shot(`step ${i + 1}: ${Object.keys(s).join('+')}`);
      if (reached) break;
    }
    if (!reached) return { completed: false, params: {}, steps, screenshots, problem: `the browser did not reach ${req.redirectUri}` };
    return { completed: true, params: Object.fromEntries(new URL(reached).searchParams), finalUrl: reached, steps, screenshots };
  } catch (e) {
    return { completed: false, params: {}, steps, screenshots, problem: `browser step failed: ${(e as Error).message.split('\n')[0]}` };
  } finally {
    await browser.close();
  }
}
