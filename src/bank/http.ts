// Replies and the router (the bank's errors are errors.ts). Routes are a data table (routes.ts); this
// file only matches them.
import type { IncomingMessage } from 'node:http';
import type { X509Certificate } from 'node:crypto';
import type { Bank } from './bank.ts';
import { BankError } from './errors.ts';

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  /** JSON body (serialised with BigInt-safe stringify), or raw text/bytes with `contentType`. */
  body?: unknown;
  raw?: string | Buffer;
}

/** What a response hook may turn a reply into (chaos faults, faults/chaos.ts). */
export type WireAction = Reply | { destroy: true } | { stallMs: number; then?: Reply };

/**
 * The resource when there is one; else 404 RESOURCE_UNKNOWN "<what> <id> is unknown<more>" (the id cut to 80
 * characters).
 */
export function known<T>(resource: T | undefined, what: string, id: string, more = ''): T {
  if (resource === undefined) throw new BankError('RESOURCE_UNKNOWN', `${what} ${id.slice(0, 80)} is unknown${more}`);
  return resource;
}

export type Family = 'ais' | 'pis' | 'consent' | 'identity' | 'sandbox' | 'tpp' | 'sca' | 'control';

export interface TppInfo {
  /** organizationIdentifier of the certificate, else its subject (psu-id is stable per TPP). */
  id: string;
  roles: string[] | null;
  certificate?: X509Certificate;
}

export interface Ctx {
  bank: Bank;
  req: IncomingMessage;
  method: string;
  target: string;
  path: string;
  query: URLSearchParams;
  body: Buffer;
  json: unknown;
  route: Route;
  params: Record<string, string>;
  now: number;
  tpp: TppInfo;
  fixes: Set<string>;
  /** Run after a 2xx answer only (so failed calls change nothing, e.g. the no-PSU allowance). */
  onSuccess: Array<() => void>;
  h(name: string): string | undefined;
}

export type Handler = (ctx: Ctx) => Reply | Promise<Reply>;

export interface Route {
  method: string;
  pattern: string;
  /** Operation id (src/spec operation ids where the spec names the operation). */
  op: string;
  family: Family;
  handler: Handler;
  /** 'signed' API call, 'browser' SCA page, 'control' test-mode endpoint. */
  auth: 'signed' | 'browser' | 'control';
  /** Required headers (resolved from src/spec where the spec lists them; see required-headers.ts). */
  required: readonly string[];
  /** Body: 'json' parsed and required, 'empty' must be empty (or `{}`), 'none' ignored, 'form' url-encoded. */
  body: 'json' | 'empty' | 'none' | 'form';
  sandboxOnly?: boolean;
  /** PSD2 role needed in production mode (§ Authentication > TPP identity). */
  role?: 'PSP_AI' | 'PSP_PI' | 'any';
  /** Payment responses carry tppMessages (§ Resources > tppMessage). */
  tppMessages?: boolean;
  /** x-accept-fix required; string: a value that must be among the fixes (§ Endpoints, x-accept-fix). */
  acceptFix?: string | null;
}

export const json = (status: number, body: unknown, headers?: Record<string, string>): Reply => ({
  status,
  body,
  headers,
});

interface Compiled {
  route: Route;
  segments: string[];
}

export class Router {
  private readonly compiled: Compiled[];
  private readonly absent: Array<{ method: string; segments: string[] }>;
  /** `absent`: operations a dialect does not have; a request to one is answered as an unknown path (404), not 405. */
  constructor(routes: readonly Route[], absent: ReadonlyArray<{ method: string; pattern: string }> = []) {
    this.compiled = routes.map((route) => ({ route, segments: route.pattern.split('/').slice(1) }));
    this.absent = absent.map((a) => ({ method: a.method, segments: a.pattern.split('/').slice(1) }));
  }

  /** The route for a method and path; `methods` lists the methods the path has when the method does not match. */
  match(
    method: string,
    path: string,
  ): { route: Route; params: Record<string, string> } | { route: undefined; methods: string[] } {
    const parts = path.split('/').slice(1);
    const methods: string[] = [];
    let best: { route: Route; params: Record<string, string>; literal: number } | undefined;
    for (const { route, segments } of this.compiled) {
      if (segments.length !== parts.length) continue;
      const params: Record<string, string> = {};
      let ok = true;
      let literal = 0;
      for (let i = 0; i < segments.length; i++) {
        const s = segments[i];
        if (s.startsWith('{')) {
          if (!parts[i]) {
            ok = false;
            break;
          }
          let v: string;
          try {
            v = decodeURIComponent(parts[i]);
          } catch {
            ok = false;
            break;
          }
          params[s.slice(1, -1)] = v;
        } else if (s === parts[i]) literal++;
        else {
          ok = false;
          break;
        }
      }
      if (!ok) continue;
      if (route.method !== method) {
        methods.push(route.method);
        continue;
      }
      if (!best || literal > best.literal) best = { route, params, literal };
    }
    if (best) return { route: best.route, params: best.params };
    if (
      methods.length &&
      this.absent.some(
        (a) =>
          a.method === method &&
          a.segments.length === parts.length &&
          a.segments.every((s, i) => (s.startsWith('{') ? !!parts[i] : s === parts[i])),
      )
    ) {
      return { route: undefined, methods: [] };
    }
    return { route: undefined, methods };
  }
}

/** JSON with BigInt as plain numbers (sandbox int32 amounts). */
export function stringify(body: unknown): string {
  return JSON.stringify(body, (_k, v) => (typeof v === 'bigint' ? Number(v) : v));
}
