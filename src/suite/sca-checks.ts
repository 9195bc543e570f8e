// Checks of the SCA redirect flow (spec § Authentication > PSU authentication, § Events) and the
// helpers the SCA, session and consent steps share. Each check names the clause it enforces.
import { randomUUID } from 'node:crypto';
import { REDIRECT_FAILURE_PARAMS, REDIRECT_SUCCESS_PARAMS, UUID_PATTERN } from '../spec/events.ts';
import { PSU_CONTEXTS } from '../spec/codes.ts';
import { CheckFailure } from '../session/errors.ts';
import { describeResponse, expectSchema, fail, responseOf } from '../session/expect.ts';
import { NO_CORPORATE_ID, type ScaResult } from '../session/sca/index.ts';
import type { Exchange } from '../tpp/client.ts';

export type { PsuContext as Context } from '../spec/codes.ts';
import type { PsuContext as Context } from '../spec/codes.ts';

/** The redirect of a flow that reached the TPP-Redirect-URI; fails (sca.redirect-to-tpp) otherwise. */
export function redirectParams(r: ScaResult | undefined): Record<string, string> {
  if (!r) fail('no SCA was run in this scenario');
  if (!r.completed)
    fail(`the SCA flow did not reach the TPP-Redirect-URI: ${r.problem ?? 'no reason given'}`, [
      'sca.redirect-to-tpp',
      'events.redirect-only',
    ]);
  return r.params;
}

const SUCCESS = new Map(REDIRECT_SUCCESS_PARAMS.map((p) => [p.name, p]));
const FAILURE = new Map(REDIRECT_FAILURE_PARAMS.map((p) => [p.name, p]));

/** psu-id: present and an RFC 4122 UUID (events.success.psu-id). */
export function expectPsuId(params: Record<string, string>): string {
  const v = params['psu-id'];
  if (v === undefined)
    fail(`the success redirect carries no psu-id (parameters: ${Object.keys(params).join(', ') || 'none'})`, [
      'events.success.psu-id',
      'sca.redirect-to-tpp',
    ]);
  if (!UUID_PATTERN.test(v)) fail(`psu-id "${v}" is not an RFC 4122 UUID`, ['events.success.psu-id']);
  return v;
}

export function expectTppSessionId(params: Record<string, string>, sent: string | undefined): void {
  const v = params['tpp-session-id'];
  if (v === undefined) fail('the success redirect carries no tpp-session-id', ['events.success.tpp-session-id']);
  if (v !== sent)
    fail(`tpp-session-id is "${v}", but the request that started SCA sent TPP-Session-ID "${sent}"`, [
      'events.success.tpp-session-id',
    ]);
}

export function expectContext(params: Record<string, string>, wanted: Context): void {
  const v = params.context;
  const values = SUCCESS.get('context')?.values ?? PSU_CONTEXTS;
  if (v === undefined) fail('the success redirect carries no context', ['events.success.context']);
  if (!values.includes(v))
    fail(`context "${v}" is not one of ${values.join(', ')} (exactly)`, [
      'events.success.context',
      'conventions.enums-exact',
    ]);
  if (v !== wanted)
    fail(`the PSU chose ${wanted}, but the redirect says context=${v}`, [
      'events.success.context',
      'sca.accounts-and-context',
    ]);
}

export function expectCorporateId(params: Record<string, string>, present: boolean): void {
  const v = params['psu-corporate-id'];
  if (!present) {
    if (v !== undefined)
      fail(
        `a PRIVATE SCA redirect carries psu-corporate-id "${v}"; it is present only when a corporate agreement was chosen`,
        ['events.success.psu-corporate-id'],
      );
    return;
  }
  if (v === undefined) fail(NO_CORPORATE_ID, ['events.success.psu-corporate-id', 'sca.corporate-context']);
  if (!UUID_PATTERN.test(v)) fail(`psu-corporate-id "${v}" is not a UUID`, ['events.success.psu-corporate-id']);
}

/**
 * § Events > Redirect after failed SCA: status (a number), code, message; system only as a non-empty string; no psu-id.
 */
export function expectFailureRedirect(params: Record<string, string>): void {
  const problems: string[] = [];
  const clauses = new Set<string>();
  const need = (name: string, ok: (v: string) => boolean, why: string) => {
    const v = params[name];
    const p = FAILURE.get(name)!;
    if (v === undefined) {
      if (p.presence === 'required') {
        problems.push(`no ${name}`);
        clauses.add(`events.failure.${name}`);
      }
      return;
    }
    if (!ok(v)) {
      problems.push(`${name}="${v}" ${why}`);
      clauses.add(`events.failure.${name}`);
    }
  };
  need('status', (v) => /^\d{3}$/.test(v) && Number(v) >= 100 && Number(v) <= 599, 'is not an HTTP status number');
  need('code', (v) => v.trim() !== '', 'is empty');
  need('message', () => true, '');
  need('system', (v) => v.trim() !== '', 'is empty');
  if (params['psu-id'] !== undefined) {
    problems.push(`a psu-id "${params['psu-id']}" although the SCA failed`);
    clauses.add('events.redirect-only');
  }
  if (problems.length)
    throw new CheckFailure(
      `the failure redirect is not as § Events says: ${problems.join('; ')} (parameters: ${JSON.stringify(params)})`,
      [...clauses],
    );
}

/** A 401 with `_links.scaRedirect` (href, verbs with GET), validated with the spec's schema. */
export function expectScaRequired(ex: Exchange | undefined, statuses: number[] = [401]): string {
  const r = responseOf(ex, ['sca.redirect-on-401']);
  if (!statuses.includes(r.status))
    fail(`expected ${statuses.join(' or ')} with _links.scaRedirect, but ${describeResponse(ex)}`, [
      'sca.redirect-on-401',
      'errors.sca-required',
    ]);
  if (r.json === undefined)
    fail(`expected a JSON body with _links.scaRedirect, but ${describeResponse(ex)}`, [
      'fields.sca-required-response',
      'conventions.json-utf8',
    ]);
  expectSchema(r.json, 'sca-required-response', 'the SCA-required body', [
    'errors.sca-required',
    'fields.sca-required-response._links',
  ]);
  const href = (r.json as any)._links.scaRedirect.href as string;
  try {
    new URL(href, ex!.request.url);
  } catch {
    fail(`scaRedirect href "${href}" is not a URL`, ['fields.link.href']);
  }
  return href;
}

/** An 11-digit number no national identity register holds (day 00 and month 00 do not exist). */
export const WRONG_NATIONAL_ID = '00000000000';

/** Every string value of a JSON document (for bodies whose shape the spec does not show). */
export function stringsIn(value: unknown, out: string[] = []): string[] {
  if (typeof value === 'string') out.push(value);
  else if (Array.isArray(value)) for (const v of value) stringsIn(v, out);
  else if (value && typeof value === 'object') for (const v of Object.values(value)) stringsIn(v, out);
  return out;
}

export const newSessionId = (): string => randomUUID();
