// The HTTP front of the bank (node:http, the fastest option): read the body, run the request-level
// checks (checks.ts), route (routes.ts), answer. Hooks from faults wrap both ends.
import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { TPP_MESSAGE_CODES } from '../spec/codes.ts';
import { ERROR_CODES } from '../spec/errors.ts';
import { FIXTURES_DIR } from '../tpp/fixtures.ts';
import type { Clock } from '../tpp/http-date.ts';
import { Bank, type BankMode } from './bank.ts';
import {
  checkAcceptFix,
  checkChain,
  checkCharacters,
  checkHeaderCharacters,
  checkHeaderFormats,
  checkRequiredHeaders,
  checkRole,
  checkSignature,
  checkTlsOrganisation,
  parseJsonBody,
  SYSTEM,
  tppInfo,
} from './checks.ts';
import { BankClock } from './clock.ts';
import { findFault } from './fault-registry.ts';
import { BankError, ScaNeeded } from './errors.ts';
import { Router, stringify, type Ctx, type Reply, type WireAction } from './http.ts';
import { dialectNamed, type Dialect, type DialectName } from './dialects/index.ts';
import { absentRoutes, buildRoutes } from './routes.ts';
import { defaultRules, type BankRules } from './rules.ts';
import { composeFaults, type BankHooks, type Fault } from './seam.ts';
import type { SeedOptions } from './seed.ts';

export interface StartBankOptions {
  host?: string;
  /** 0 (default): a free port. */
  port?: number;
  /**
   * Serve HTTPS with the bank's own TEST-ONLY server certificate (fixtures/certs/server.*: names
   * localhost and 127.0.0.1, issued by the TEST-ONLY server CA server-ca.cert.pem, not the TPPs' CA,
   * so a profile trusts it explicitly: tpp.tls.ca). `clientCert`: demand a TPP client certificate
   * issued by one of `clientCa` (PEM; default the TEST-ONLY main TPP CA), as a PSD2 gateway demands the QWAC.
   */
  tls?: boolean | { clientCert?: boolean; clientCa?: string[] };
  seed?: number;
  /**
   * test (default): sandbox + control endpoint; sandbox; production: no sandbox operations, no control endpoint, chain
   * and role checks.
   */
  mode?: BankMode;
  clock?: Clock;
  /** Faults (the fault seam): fault objects, or ids of registered faults (fault-registry.ts). */
  faults?: ReadonlyArray<Fault | string>;
  /** Extra rule overrides (applied after faults). */
  rules?: Partial<BankRules>;
  /** Production mode: CA certificates (PEM) trusted as issuers of TPP certificates (default: the test CA fixture). */
  trustedCaPems?: string[];
  seedOptions?: SeedOptions;
  /** Absolute base URL put in SCA links (default: the listening address). */
  publicUrl?: string;
  /**
   * The reading taken where the spec is silent: 'default' (docs/reference-bank.md) or 'variant'
   * (src/bank/dialects/variant.ts).
   */
  dialect?: DialectName;
}

export interface RunningBank {
  url: string;
  port: number;
  /** Test mode: the clock-control operation (`{{seconds}}` in the body is replaced); undefined otherwise. */
  clockControl?: { method: string; path: string; body?: string };
  close(): Promise<void>;
  bank: Bank;
  dialect: DialectName;
}

const MAX_BODY = 1024 * 1024;
const TPP_CODES = new Set<string>([...TPP_MESSAGE_CODES, ...ERROR_CODES]);

export function errorReply(bank: Bank, err: BankError, tppMessages: boolean): Reply {
  const body: Record<string, unknown> = {
    id: randomUUID(),
    system: SYSTEM,
    status: err.status,
    code: err.wireCode,
    message: err.message,
  };
  if (tppMessages) {
    const code =
      err.extra.tppCode ??
      (TPP_CODES.has(err.wireCode) ? err.wireCode : err.status >= 500 ? 'SYSTEM_ERROR' : 'BAD_REQUEST');
    const msg: Record<string, unknown> = {
      category: 'ERROR',
      code,
      text: err.message.slice(0, bank.rules.tppMessageTextMax),
    };
    if (err.extra.path) msg.path = err.extra.path;
    body.tppMessages = [msg];
  }
  return { status: err.status, body, ...(err.extra.headers ? { headers: err.extra.headers } : {}) };
}

function toReply(bank: Bank, e: unknown, tppMessages: boolean): Reply {
  if (e instanceof ScaNeeded)
    return { status: 401, body: { _links: { scaRedirect: { href: e.href, verbs: ['GET'] } } } };
  if (e instanceof BankError) return errorReply(bank, e, tppMessages);
  // Never expected: the fuzz test asserts no 5xx for bad input.
  return errorReply(
    bank,
    new BankError('SYSTEM_ERROR', `internal failure: ${(e as Error)?.message ?? String(e)}`),
    tppMessages,
  );
}

function write(res: ServerResponse, action: WireAction, requestId: string | undefined): void {
  if ('destroy' in action) {
    res.socket?.destroy();
    return;
  }
  if ('stallMs' in action) {
    setTimeout(() => (action.then ? write(res, action.then, requestId) : res.socket?.destroy()), action.stallMs);
    return;
  }
  const headers: Record<string, string> = { ...(action.headers ?? {}) };
  let payload: string | Buffer = '';
  if (action.raw !== undefined) payload = action.raw;
  else if (action.body !== undefined) {
    payload = stringify(action.body);
    headers['content-type'] ??= 'application/json; charset=utf-8';
  }
  if (requestId && !headers['x-request-id']) headers['x-request-id'] = requestId;
  headers['content-length'] = String(Buffer.byteLength(payload));
  res.writeHead(action.status, headers);
  res.end(payload);
}

/** The dialect's answer for an operation (after the faults' transformResponse); connection actions pass unchanged. */
function adaptResponse(dialect: Dialect, action: WireAction, ctx: Ctx): WireAction {
  const adapt = ctx.route && 'status' in action ? dialect.responses[ctx.route.op] : undefined;
  return adapt ? adapt(action as Reply, ctx) : action;
}

async function handle(
  bank: Bank,
  hooks: BankHooks,
  router: Router,
  dialect: Dialect,
  req: IncomingMessage,
  res: ServerResponse,
  body: Buffer,
  tooLarge: boolean,
): Promise<void> {
  const method = req.method ?? 'GET';
  const target = req.url ?? '/';
  const q = target.indexOf('?');
  const path = q < 0 ? target : target.slice(0, q);
  const requestId = typeof req.headers['x-request-id'] === 'string' ? req.headers['x-request-id'] : undefined;
  bank.tick();
  const early = hooks.beforeHandle?.(req, body, bank);
  if (early) return write(res, early, requestId);
  const match = router.match(method, path);
  const ctx: Ctx = {
    bank,
    req,
    method,
    target,
    path,
    query: new URLSearchParams(q < 0 ? '' : target.slice(q + 1)),
    body,
    json: undefined,
    route: match.route as Ctx['route'],
    params: match.route ? match.params : {},
    now: bank.now(),
    tpp: { id: '', roles: null },
    fixes: new Set(),
    onSuccess: [],
    h: (name) => {
      const v = req.headers[name.toLowerCase()];
      return Array.isArray(v) ? v.join(', ') : v;
    },
  };
  let reply: Reply;
  try {
    if (tooLarge) throw new BankError('FORMAT_ERROR', `body larger than ${MAX_BODY} bytes`);
    if (match.route && match.route.auth !== 'signed') {
      // A test-mode control of the dialect's own shape: its JSON body adapted to the shared handler's (ctx.json).
      const adapt = match.route.auth === 'control' ? dialect.requests[match.route.op] : undefined;
      if (adapt) ctx.json = adapt(parseJsonBody(ctx), ctx);
      reply = await match.route.handler(ctx);
    } else {
      const cert = checkSignature(bank, req, body);
      ctx.tpp = tppInfo(cert, ctx.h('tpp-signature-certificate'));
      if (!match.route) {
        // RFC 9110 § 15.5.6: a 405 answer carries Allow, the methods the resource has.
        if (match.methods.length) {
          const allow = [...new Set(match.methods)].join(', ');
          throw new BankError('SERVICE_INVALID', `${method} is not allowed on ${path}; allowed: ${allow}`, {
            headers: { allow },
          });
        }
        throw new BankError('RESOURCE_UNKNOWN', `no resource at ${path.slice(0, 200)}`);
      }
      if (bank.mode === 'production') {
        checkChain(bank, ctx.tpp);
        checkTlsOrganisation(bank, ctx.tpp, req);
        checkRole(bank, ctx.tpp, ctx.route);
      } else if (ctx.tpp.roles) {
        // Test and sandbox modes accept any well-formed certificate, but hold a TPP to the PSD2 roles its certificate
        // declares.
        checkRole(bank, ctx.tpp, ctx.route);
      }
      checkRequiredHeaders(bank, ctx);
      checkHeaderFormats(bank, ctx);
      checkHeaderCharacters(bank, req.rawHeaders);
      ctx.fixes = checkAcceptFix(bank, ctx);
      if (ctx.route.body === 'json') {
        ctx.json = parseJsonBody(ctx);
        checkCharacters(bank, ctx.json);
        // The dialect's body, after the signature check (the Digest covers the bytes as sent).
        const adapt = dialect.requests[ctx.route.op];
        if (adapt) ctx.json = adapt(ctx.json, ctx);
      } else if (ctx.route.body === 'empty' && body.length && !/^\s*(\{\s*\})?\s*$/.test(body.toString('utf8'))) {
        throw new BankError('FORMAT_ERROR', `${ctx.route.op} takes an empty body`, { tppCode: 'FORMAT_ERROR' });
      }
      reply = await ctx.route.handler(ctx);
      if (reply.status < 300) for (const f of ctx.onSuccess) f();
    }
  } catch (e) {
    reply = toReply(bank, e, !!ctx.route?.tppMessages);
  }
  const action = hooks.transformResponse ? hooks.transformResponse(reply, ctx) : reply;
  write(res, adaptResponse(dialect, action, ctx), requestId);
}

/**
 * The client certificates `tls.clientCert` accepts by default: the TEST-ONLY main TPP's CA. (The
 * other TEST-ONLY TPP CAs carry the same name with other keys, and OpenSSL looks an issuer up by its
 * name: listing them beside it would refuse the main TPP's QWAC. Give one with `clientCa`.)
 */
const TPP_CAS = ['ca.cert.pem'];

export async function startBank(options: StartBankOptions = {}): Promise<RunningBank> {
  const { rules: faultRules, hooks } = composeFaults(
    (options.faults ?? []).map((f) => (typeof f === 'string' ? findFault(f) : f)),
  );
  const dialect = dialectNamed(options.dialect ?? 'default');
  const rules: BankRules = { ...defaultRules(), ...dialect.rules, ...faultRules, ...(options.rules ?? {}) };
  const mode = options.mode ?? 'test';
  const certs = `${FIXTURES_DIR}certs/`;
  const bank = Bank.create({
    mode,
    seed: options.seed ?? 1,
    rules,
    skipChecks: hooks.skipChecks,
    clock: new BankClock(options.clock),
    seedOptions: options.seedOptions,
    trustedCaPems: options.trustedCaPems ?? [readFileSync(`${certs}ca.cert.pem`, 'utf8')],
    dialect: dialect.name,
  });
  const router = new Router(buildRoutes(bank), absentRoutes(bank));
  bank.operationAt = (method, path) => {
    const m = router.match(method, path.split('?')[0]);
    return m.route ? { op: m.route.op, params: m.params } : undefined;
  };
  const listener = (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    req.on('data', (c: Buffer) => {
      size += c.length;
      if (size > MAX_BODY) tooLarge = true;
      else chunks.push(c);
    });
    req.on('end', () => {
      handle(
        bank,
        hooks,
        router,
        dialect,
        req,
        res,
        chunks.length === 1 ? chunks[0] : Buffer.concat(chunks),
        tooLarge,
      ).catch((e) => {
        if (!res.headersSent) write(res, toReply(bank, e, false), undefined);
      });
    });
    req.on('error', () => res.destroy());
  };
  let server: Server;
  const tls = options.tls;
  if (tls) {
    const clientCert = typeof tls === 'object' && !!tls.clientCert;
    const clientCa =
      (typeof tls === 'object' && tls.clientCa) || TPP_CAS.map((f) => readFileSync(`${certs}${f}`, 'utf8'));
    server = createHttpsServer(
      {
        key: readFileSync(`${certs}server.key.pem`),
        cert: readFileSync(`${certs}server.cert.pem`),
        ...(clientCert ? { ca: clientCa, requestCert: true, rejectUnauthorized: rules.tlsClientCertRequired } : {}),
        minVersion: rules.tlsMinVersion,
        // Below TLS 1.2 OpenSSL's default security level refuses the handshake by itself.
        ...(rules.tlsMinVersion !== 'TLSv1.2' ? { ciphers: 'DEFAULT@SECLEVEL=0' } : {}),
      },
      listener,
    );
  } else server = createHttpServer(listener);
  server.keepAliveTimeout = 10_000;
  const host = options.host ?? '127.0.0.1';
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const port = (server.address() as AddressInfo).port;
  const shownHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = options.publicUrl ?? `${tls ? 'https' : 'http'}://${shownHost}:${port}`;
  bank.url = url;
  // A sandbox restores its known state at once: made ahead while the server serves (Bank.keepSpares).
  if (bank.sandbox) bank.keepSpares();
  return {
    url,
    port,
    bank,
    dialect: dialect.name,
    clockControl:
      mode === 'test'
        ? { method: 'POST', path: '/__control/clock', body: '{"advanceSeconds": {{seconds}}}' }
        : undefined,
    close: () =>
      new Promise<void>((resolve) => {
        bank.stopSpares();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
