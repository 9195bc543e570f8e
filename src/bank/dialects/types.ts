// What a dialect is (index.ts holds the dialects; variant.ts and variant-sca.ts build one from these
// types without importing index.ts back).
import type { Ctx, Handler, Reply } from '../http.ts';
import type { BankRules } from '../rules.ts';
import type { DialectName } from './names.ts';

/**
 * Turns a request body of the dialect into the body the shared handler reads. Runs after the
 * signature check (the Digest covers the bytes as sent) and the character check; may throw BankError.
 */
export type RequestAdapter = (body: unknown, ctx: Ctx) => unknown;
/** Turns the shared handler's answer (after any fault's transformResponse) into the dialect's answer. */
export type ResponseAdapter = (reply: Reply, ctx: Ctx) => Reply;

/** One SCA page route (browser, unsigned): GET pages take no body, POST pages a url-encoded form. */
export interface ScaPageRoute {
  method: 'GET' | 'POST';
  pattern: string;
  op: string;
  handler: Handler;
}

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
