// Dialects of the reference bank (issue 12): the same bank, obeying every stated rule, taking one
// reading or the other at each point the spec leaves open. A dialect is data plus small seams:
// route overrides, request-body adapters and response adapters per operation id, the SCA page set
// and rule overrides. The handlers are shared; `default` changes nothing.
import type { Ctx, Handler, Reply } from '../http.ts';
import type { BankRules } from '../rules.ts';
import { scaAuthorise, scaIdentify, scaStartPage, SCA_PATHS } from '../sca.ts';
import { VARIANT_DIALECT } from './variant.ts';

export const DIALECT_NAMES = ['default', 'variant'] as const;
export type DialectName = (typeof DIALECT_NAMES)[number];

/**
 * Turns a request body of the dialect into the body the shared handler reads. Runs after the
 * signature check (the Digest covers the bytes as sent) and the character check; may throw BankError.
 */
export type RequestAdapter = (body: unknown, ctx: Ctx) => unknown;
/** Turns the shared handler's answer (after any fault's transformResponse) into the dialect's answer. */
export type ResponseAdapter = (reply: Reply, ctx: Ctx) => Reply;

/** One SCA page route (browser, unsigned): GET pages take no body, POST pages a url-encoded form. */
export interface ScaPageRoute { method: 'GET' | 'POST'; pattern: string; op: string; handler: Handler }

export interface Dialect {
  name: DialectName;
  description: string;
  /** Operation id → [method, path] where the dialect has it elsewhere, or null where it has no such operation (404). */
  routes: Readonly<Record<string, readonly [method: string, path: string] | null>>;
  requests: Readonly<Record<string, RequestAdapter>>;
  responses: Readonly<Record<string, ResponseAdapter>>;
  /** The SCA pages; the scaRedirect link always points at `/sca/{scaId}` (the first page). */
  scaPages: readonly ScaPageRoute[];
  /** BankRules overrides (applied over the defaults, under faults and explicit rules). */
  rules: Partial<BankRules>;
}

export const DEFAULT_DIALECT: Dialect = {
  name: 'default',
  description: 'the reference bank as docs/reference-bank.md describes it',
  routes: {},
  requests: {},
  responses: {},
  scaPages: [
    { method: 'GET', pattern: SCA_PATHS.start, op: 'sca-start', handler: scaStartPage },
    { method: 'POST', pattern: SCA_PATHS.identify, op: 'sca-identify', handler: scaIdentify },
    { method: 'POST', pattern: SCA_PATHS.authorise, op: 'sca-authorise', handler: scaAuthorise },
  ],
  rules: {},
};

export const DIALECTS: Readonly<Record<DialectName, Dialect>> = { default: DEFAULT_DIALECT, variant: VARIANT_DIALECT };

export function isDialectName(name: string): name is DialectName {
  return (DIALECT_NAMES as readonly string[]).includes(name);
}

/** The dialect of a name; an unknown name is refused with the known ones. */
export function dialectNamed(name: string): Dialect {
  if (!isDialectName(name)) throw new Error(`unknown dialect "${name}": use ${DIALECT_NAMES.join(' or ')}`);
  return DIALECTS[name];
}
