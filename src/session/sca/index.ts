// Picks the profile's SCA driver. Both drivers go only to the target's origin and the SCA origins
// the profile lists, and stop before TPP-Redirect-URI.
import type { Profile } from '../profile.ts';
import {
  prepareBrowser,
  runBrowserSca,
  type BrowserRequestRecord,
  type FailedPage,
  type Screenshot,
  type ScriptStepRecord,
} from './browser-driver.ts';
import { runFormSca, type ScaOutcome } from './form-driver.ts';
import type { PsuContext } from '../../spec/codes.ts';
import type { TransportConfig } from '../../transport/index.ts';

export interface ScaResult extends ScaOutcome {
  screenshots?: Screenshot[];
  /** The browser driver: every request the browser tried, and whether it was sent. */
  requests?: BrowserRequestRecord[];
  /** The browser driver: what became of each step of the profile's script. */
  script?: ScriptStepRecord[];
  /** The browser driver, on a flow that failed in the browser: the page it stopped on (secrets masked). */
  page?: FailedPage;
}

export interface ScaCall {
  href: string;
  /** The target's base URL: its origin is where the SCA pages may come from, with the profile's sca.origins. */
  targetUrl: string;
  context: PsuContext;
  cancel?: boolean;
  vars: Record<string, string | undefined>;
  /** Asked before each request of the flow; it throws to stop it (a run past its deadline). */
  beforeRequest?: () => void;
  /** How the form driver reaches the SCA pages (the run's TLS and proxy). */
  transport?: TransportConfig;
}

/** The origins an SCA flow may load from. */
export function scaOrigins(profile: Profile, targetUrl: string): string[] {
  return [new URL(targetUrl).origin, ...profile.sca.origins.map((o) => new URL(o).origin)];
}

/** Gets the profile's SCA driver ready before a worker's first SCA: the browser driver starts its
 * browser and the first SCA's context (errors are the first SCA's to report). */
export function prepareSca(profile: Profile, targetUrl: string, transport?: TransportConfig): void {
  if (profile.sca.driver === 'browser' && profile.sca.browser)
    prepareBrowser({
      origins: scaOrigins(profile, targetUrl),
      executablePath: profile.sca.browser.executablePath,
      transport,
    });
}

export async function performSca(profile: Profile, call: ScaCall): Promise<ScaResult> {
  const redirectUri = profile.tpp.redirectUri;
  const origins = scaOrigins(profile, call.targetUrl);
  call.beforeRequest?.();
  if (profile.sca.driver === 'browser' && profile.sca.browser) {
    const b = profile.sca.browser;
    if (call.cancel && !b.cancelSteps)
      return {
        completed: false,
        params: {},
        steps: [],
        problem: 'this scenario aborts the SCA, but the profile has no sca.browser.cancelSteps',
      };
    return runBrowserSca({
      href: call.href,
      redirectUri,
      origins,
      steps: call.cancel ? b.cancelSteps! : b.steps,
      vars: call.vars,
      executablePath: b.executablePath,
      timeoutMs: profile.timeoutMs,
      transport: call.transport,
      settleMs: b.settleMs,
    });
  }
  if (profile.sca.driver === 'preset')
    return { completed: false, params: {}, steps: [], problem: 'the preset driver performs no SCA' };
  const f = profile.sca.form;
  return runFormSca({
    href: call.href,
    redirectUri,
    origins,
    fields: f.fields,
    vars: call.vars,
    context: call.context,
    contextField: f.contextField,
    cancel: call.cancel,
    cancelButton: f.cancel,
    maxSteps: f.maxSteps,
    timeoutMs: profile.timeoutMs,
    beforeRequest: call.beforeRequest,
    transport: call.transport,
  });
}

/**
 * A CORPORATE SCA's redirect without psu-corporate-id (§ Events > Redirect after successful SCA): one wording wherever
 * it is found, so the report counts one cause.
 */
export const NO_CORPORATE_ID =
  'a CORPORATE SCA redirect carries no psu-corporate-id although a corporate agreement was chosen';
