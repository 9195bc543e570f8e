// Building blocks of the fault data: small hooks over the seam of ../seam.ts. Each
// fault file composes these; nothing here is read by the correct code path.
import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { BankHooks, CheckName, Fault } from '../seam.ts';
import { wireStatus, type WireCode } from '../../spec/wire-codes.ts';
import { SYSTEM } from '../checks.ts';
import { stringify, type Ctx, type Reply, type WireAction } from '../http.ts';

/** The areas of the spec the faults cover; every fault belongs to one. */
export const FAULT_AREAS = [
  'signing',
  'headers',
  'cross-border',
  'errors',
  'limits',
  'baskets',
  'payment-states',
  'sca',
  'transactions',
  'sandbox',
  'versioning',
  'chaos',
  'identities',
  'transport',
] as const;
export type FaultArea = (typeof FAULT_AREAS)[number];

/** A registered fault with where it lives in the spec and which feature files can see it. */
export interface AreaFault extends Fault {
  area: FaultArea;
  /** Feature files (names without `.feature`) whose scenarios the mutation run replays for it; default: the area's. */
  features?: string[];
  /** Chaos: the per-request timeout (ms) the mutation run uses so that a stall ends within it. */
  timeoutMs?: number;
  /**
   * 'clauses': the mutation run replays only the scenarios tagged with the fault's clauses (and its own
   * `features`), not its area's feature files: for faults that break one operation's stated behaviour.
   */
  replay?: 'clauses';
  /**
   * Dialects (src/bank/dialects) where the behaviour the fault breaks does not occur, each with the
   * reason: the mutation run on that dialect counts the fault as not applicable, never as killed.
   */
  notIn?: Partial<Record<'default' | 'variant', string>>;
}

export type Transform = NonNullable<BankHooks['transformResponse']>;
type HookCtx = Parameters<Transform>[1];

export const skip = (...names: CheckName[]): Partial<BankHooks> => ({ skipChecks: new Set<CheckName>(names) });

/** The spec's error body (§ Resources > Error body), as a faulty bank would send it. */
/** An error answer by code alone, its status from the table of wire codes (spec/wire-codes.ts). */
export function errorBody(code: WireCode, message: string): Reply {
  return wrongWire(wireStatus(code), code, message);
}

/**
 * Escape hatch for faults only: an error answer with any status and code, outside the table of wire
 * codes. A fault that breaks a status/code rule on purpose says so by calling this (see also
 * `recode`, the same for a rewritten answer).
 */
export function wrongWire(status: number, code: string, message: string): Reply {
  return { status, body: { id: `fault-${randomUUID()}`, system: SYSTEM, status, code, message } };
}

export function rawHeader(req: IncomingMessage, name: string): string | undefined {
  const v = req.headers[name];
  return Array.isArray(v) ? v.join(', ') : v;
}

/** A transform applied to the answers of some operations only. */
export function onOps(ops: readonly string[], t: Transform): Transform {
  return (reply, ctx) => (ctx.route && ops.includes(ctx.route.op) ? t(reply, ctx) : reply);
}

/** The text a 4xx answer gives: message, tppMessages paths and texts. */
export function errorText(reply: Reply): string {
  const b = reply.body as { message?: unknown; tppMessages?: Array<{ path?: unknown; text?: unknown }> } | undefined;
  if (!b || typeof b !== 'object') return '';
  return `${String(b.message ?? '')} ${(b.tppMessages ?? []).map((m) => `${String(m.path ?? '')} ${String(m.text ?? '')}`).join(' ')}`;
}

/** A bank that does not make one check: its 400 answer (recognised by the message) becomes the success answer. */
export function acceptErrors(ops: readonly string[], message: RegExp, success: (ctx: HookCtx) => Reply): Transform {
  return onOps(ops, (reply, ctx) => (reply.status === 400 && message.test(errorText(reply)) ? success(ctx) : reply));
}

/** A made-up created payment (what a bank that skipped a check would answer). */
export const createdPayment = (): Reply => {
  const id = `fault-${randomUUID()}`;
  const self = `/v1/payments/cross-border-credit-transfers/${id}`;
  return {
    status: 201,
    headers: { location: self },
    body: {
      transactionStatus: 'RCVD',
      paymentId: id,
      _links: {
        self: { href: self, verbs: ['GET', 'DELETE'] },
        startAuthorisation: { href: `${self}/authorisations`, verbs: ['POST'] },
      },
    },
  };
};

/** Rewrites the JSON body of successful answers (a deep copy: state objects are never touched). */
export function mapJson(ops: readonly string[], f: (body: any, ctx: HookCtx) => unknown): Transform {
  return onOps(ops, (reply, ctx) => {
    if (reply.status >= 300 || reply.body === undefined) return reply;
    return { ...reply, body: f(JSON.parse(stringify(reply.body)), ctx) };
  });
}

/**
 * Re-labels an error: status and code as a bank that mixed up the spec's pairs would send them (a wrongWire on
 * purpose).
 */
export function recode(
  match: (reply: Reply, code: string | undefined) => boolean,
  status: number,
  code: string | ((old: string) => string),
): Transform {
  return (reply) => {
    const b = reply.body as Record<string, unknown> | undefined;
    const old = typeof b?.code === 'string' ? b.code : undefined;
    if (reply.status < 400 || !match(reply, old)) return reply;
    const next = typeof code === 'function' ? code(old ?? '') : code;
    return { ...reply, status, body: { ...(b ?? {}), status, code: next } };
  };
}

/** Rewrites the query of a redirect (302 Location) answered by the SCA pages. */
export function mapRedirect(f: (params: URLSearchParams, ctx: HookCtx) => void): Transform {
  return onOps(['sca-identify', 'sca-authorise'], (reply, ctx) => {
    const loc = reply.headers?.location;
    if (reply.status !== 302 || !loc) return reply;
    const u = new URL(loc);
    f(u.searchParams, ctx);
    return { ...reply, headers: { ...reply.headers, location: u.toString() } };
  });
}

/** The Ctx of a transform, when the request was routed. */
export const routed = (ctx: HookCtx): ctx is Ctx => !!ctx.route;

export type { Reply, WireAction };

/** The answer of the route's handler to the same request with an edited query (a bank that reads its query wrongly). */
export function rerun(ctx: HookCtx, edit: (q: URLSearchParams) => void): Reply | undefined {
  if (!routed(ctx)) return undefined;
  const query = new URLSearchParams(ctx.query);
  edit(query);
  try {
    const r = ctx.route.handler({ ...ctx, query, onSuccess: [] });
    return r instanceof Promise ? undefined : r;
  } catch {
    return undefined;
  }
}

/** The JSON body of a request to a path (method and path pattern), when it parses. */
export function requestJson(req: IncomingMessage, body: Buffer, method: string, path: RegExp): unknown {
  if (req.method !== method || !path.test((req.url ?? '').split('?')[0])) return undefined;
  try {
    return JSON.parse(body.toString('utf8'));
  } catch {
    return undefined;
  }
}

/** Drops `verbs` from every link of a body's `_links` (in place, on a copy made by mapJson). */
export function dropVerbs(b: any): any {
  for (const l of Object.values((b?._links ?? {}) as Record<string, Record<string, unknown>>))
    if (l && typeof l === 'object') delete l.verbs;
  return b;
}
