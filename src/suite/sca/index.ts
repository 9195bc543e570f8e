// Picks the profile's SCA driver.
import type { Profile } from '../profile.ts';
import { runBrowserSca } from './browser-driver.ts';
import { runFormSca, type ScaOutcome } from './form-driver.ts';

export interface ScaResult extends ScaOutcome {
  screenshots?: Array<{ name: string; png: Buffer }>;
}

export interface ScaCall {
  href: string;
  context: 'PRIVATE' | 'CORPORATE';
  cancel?: boolean;
  vars: Record<string, string | undefined>;
}

export async function performSca(profile: Profile, call: ScaCall): Promise<ScaResult> {
  const redirectUri = profile.tpp.redirectUri;
  if (profile.sca.driver === 'browser' && profile.sca.browser) {
    const b = profile.sca.browser;
    return runBrowserSca({ href: call.href, redirectUri, steps: call.cancel && b.cancelSteps ? b.cancelSteps : b.steps, vars: call.vars, executablePath: b.executablePath, timeoutMs: profile.timeoutMs });
  }
  if (profile.sca.driver === 'preset') return { completed: false, params: {}, steps: [], problem: 'the preset driver performs no SCA' };
  const f = profile.sca.form;
  return runFormSca({ href: call.href, redirectUri, fields: f.fields, vars: call.vars, context: call.context, contextField: f.contextField, cancel: call.cancel, cancelButton: f.cancel, maxSteps: f.maxSteps, timeoutMs: profile.timeoutMs });
}
