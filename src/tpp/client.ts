// The TPP client: fills the standard headers, signs, and sends exactly the bytes it signed
// (a Buffer body goes out byte-exact with Content-Length). It never throws for what a target
// does: timeouts, resets and garbage become an Exchange with `error` set, so a suite reports them.
import { randomUUID } from 'node:crypto';
import { dispatcherFor, type Dispatcher, type TransportConfig } from '../transport/index.ts';
import { type DigestAlgorithm } from './digest.ts';
import { systemClock, skewed, type Clock } from './http-date.ts';
import { type HeaderList, type HttpRequest, removeHeader, setHeader } from './http-message.ts';
import { redactBody, redactHeaderValue, redactUrl } from './redact.ts';
import { signRequest, type SignOptions, type Signer } from './sign.ts';
import { type Encode } from './signature-header.ts';
import type { SigningAtHand } from './tampering/types.ts';
import { signingIdentity, type SigningIdentity } from './signing-identity.ts';
import type { PsuContext as PsuContextName } from '../spec/codes.ts';

export interface TppIdentity {
  certPem: string;
  keyPem: string;
  /** Default: derived from the certificate (SN=<hex>,CA=<RFC 2253 issuer>). */
  keyId?: string;
}

export interface PsuContext {
  psuId?: string;
  psuCorporateId?: string;
  /** PSU-IP-Address: its presence means a PSU is present (spec Limits). */
  psuIpAddress?: string;
  psuIdentity?: string;
  psuContext?: PsuContextName;
  tppSessionId?: string;
}

export interface TppClientOptions {
  baseUrl: string;
  identity: TppIdentity;
  redirectUri?: string;
  psu?: PsuContext;
  clock?: Clock;
  /** Seconds the TPP's Date is off from its clock (negative: behind). */
  skewSeconds?: number;
  timeoutMs?: number;
  /** TLS (CAs, the client certificate of this identity) and proxy: the one transport's configuration. */
  transport?: TransportConfig;
  digest?: DigestAlgorithm;
  encode?: Encode;
  signedHeaders?: string[];
  /** Keep a redacted record of each exchange (default true). */
  record?: boolean;
  /** The record to append to (default the client's own): a scenario's other TPP identities share its record. */
  exchanges?: Exchange[];
  /** Told of each request's transport outcome (the run's dead-target breaker). */
  onOutcome?: (o: { answered: true } | { answered: false; code: ClientErrorCode; message: string }) => void;
  /** Asked before each request is sent; it throws to stop the request (a run past its deadline). */
  beforeSend?: () => void;
  maxBodyBytes?: number;
}

export interface RequestSpec {
  method: string;
  path: string;
  query?: Record<string, string | number | boolean | undefined>;
  /** Extra headers; `null` removes a header the client would add. */
  headers?: Record<string, string | null | undefined>;
  /** An object is sent as JSON; a string or Buffer as is. */
  body?: unknown;
  /** false: send unsigned; an object: signing options for this request. */
  sign?: boolean | SignOptions;
  /** PSU headers for this request; false sends none. */
  psu?: PsuContext | false;
  timeoutMs?: number;
  /** Change the request after signing (negative tests: tamper with what was signed). */
  mutate?: (req: HttpRequest) => HttpRequest;
  /**
   * Spoil the request once signed, with this client's signing at hand (an operator of the tampering
   * catalogue, src/tpp/tampering: tamperAs). Runs before `mutate`; not when `sign` is false.
   */
  tamper?: (at: SigningAtHand) => HttpRequest;
}

export interface ResponseRecord {
  status: number;
  headers: Record<string, string | string[]>;
  body: Buffer;
  text: string;
  json?: unknown;
  /** Set when the body was meant to be JSON but is not. */
  jsonError?: string;
  truncated?: boolean;
}

export interface Exchange {
  id: string;
  startedAt: string;
  durationMs: number;
  request: { method: string; url: string; target: string; headers: HeaderList; body: Buffer; signingString?: string };
  response?: ResponseRecord;
  error?: { code: string; message: string };
}

export type ClientErrorCode = 'TIMEOUT' | 'CONNECTION_REFUSED' | 'CONNECTION_RESET' | 'BODY_TOO_LARGE' | 'NETWORK';

function classify(e: unknown): { code: ClientErrorCode; message: string } {
  const err = e as { code?: string; name?: string; message?: string; cause?: { code?: string } };
  const code = err.code ?? err.cause?.code ?? err.name ?? '';
  const msg = err.message ?? String(e);
  if (/TIMEOUT|Timeout|AbortError/.test(code) || /timeout|aborted/i.test(msg))
    return { code: 'TIMEOUT', message: `no answer in time: ${msg}` };
  if (code === 'ECONNREFUSED') return { code: 'CONNECTION_REFUSED', message: `connection refused: ${msg}` };
  if (code === 'ECONNRESET' || code === 'UND_ERR_SOCKET' || /socket|reset|closed/i.test(msg))
    return { code: 'CONNECTION_RESET', message: `connection reset or closed: ${msg}` };
  return { code: 'NETWORK', message: `${code ? code + ': ' : ''}${msg}` };
}

// A client is made per scenario: parsing the certificate and the key each time cost about 1 ms of
// CPU per scenario, so each identity is parsed once per process.
const PARSED = new Map<string, SigningIdentity>();
function parsedIdentity(certPem: string, keyPem: string): SigningIdentity {
  const key = `${certPem}\n${keyPem}`;
  let p = PARSED.get(key);
  if (!p) {
    p = signingIdentity(certPem, keyPem);
    PARSED.set(key, p);
  }
  return p;
}

export class TppClient {
  readonly baseUrl: URL;
  readonly keyId: string;
  readonly certificateHeader: string;
  readonly exchanges: Exchange[];
  private readonly signer: Signer;
  private readonly agent: Dispatcher;
  private readonly clock: Clock;
  psu: PsuContext;
  redirectUri: string;

  constructor(readonly options: TppClientOptions) {
    this.baseUrl = new URL(options.baseUrl.endsWith('/') ? options.baseUrl : options.baseUrl + '/');
    const parsed = parsedIdentity(options.identity.certPem, options.identity.keyPem);
    this.keyId = options.identity.keyId ?? parsed.keyId;
    this.certificateHeader = parsed.certHeader;
    this.signer = parsed.signer;
    this.clock = options.clock ?? systemClock;
    this.psu = { ...(options.psu ?? {}) };
    this.redirectUri = options.redirectUri ?? 'https://127.0.0.1/xs2a-conformance/callback';
    // The process's shared dispatcher for this configuration (transport/).
    this.agent = dispatcherFor(options.transport);
    this.exchanges = options.exchanges ?? [];
  }

  /** Builds the request as it will be sent (headers filled, signed, mutated), without sending. */
  build(spec: RequestSpec): { request: HttpRequest; url: string; signingString?: string } {
    const base = this.baseUrl.pathname.replace(/\/$/, '');
    let target = base + (spec.path.startsWith('/') ? spec.path : '/' + spec.path);
    if (spec.query) {
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(spec.query)) if (v !== undefined) q.append(k, String(v));
      const s = q.toString();
      if (s) target += (target.includes('?') ? '&' : '?') + s;
    }
    let body: Buffer;
    let contentType: string | undefined;
    if (spec.body === undefined) body = Buffer.alloc(0);
    else if (Buffer.isBuffer(spec.body)) body = spec.body;
    else if (typeof spec.body === 'string') body = Buffer.from(spec.body, 'utf8');
    else {
      body = Buffer.from(JSON.stringify(spec.body), 'utf8');
      contentType = 'application/json';
    }
    let headers: HeaderList = [
      ['Host', this.baseUrl.host],
      ['Accept', 'application/json'],
      ['X-Request-ID', randomUUID()],
      ['TPP-Redirect-URI', this.redirectUri],
      ['TPP-Signature-Certificate', this.certificateHeader],
    ];
    if (contentType || body.length) headers.push(['Content-Type', contentType ?? 'application/json']);
    if (spec.psu !== false) {
      const psu = { ...this.psu, ...(spec.psu || {}) };
      if (psu.psuId) headers.push(['PSU-ID', psu.psuId]);
      if (psu.psuCorporateId) headers.push(['PSU-Corporate-ID', psu.psuCorporateId]);
      if (psu.psuIdentity) headers.push(['X-PSU-IDENTITY', psu.psuIdentity]);
      if (psu.psuContext) headers.push(['PSU-Context', psu.psuContext]);
      if (psu.psuIpAddress) headers.push(['PSU-IP-Address', psu.psuIpAddress]);
      if (psu.tppSessionId) headers.push(['TPP-Session-ID', psu.tppSessionId]);
    }
    for (const [k, v] of Object.entries(spec.headers ?? {})) {
      if (v === null) headers = removeHeader(headers, k);
      else if (v !== undefined) headers = setHeader(headers, k, v);
    }
    let request: HttpRequest = { method: spec.method.toUpperCase(), target, headers, body };
    let signingString: string | undefined;
    if (spec.sign !== false) {
      const clock = this.options.skewSeconds ? skewed(this.clock, this.options.skewSeconds) : this.clock;
      const so: SignOptions = {
        clock,
        date: 'now',
        digest: this.options.digest,
        encode: this.options.encode,
        headers: this.options.signedHeaders,
        ...(typeof spec.sign === 'object' ? spec.sign : {}),
      };
      if (spec.headers && 'Date' in spec.headers && spec.headers.Date) so.date = 'keep';
      const creds = { keyId: this.keyId, signer: this.signer };
      const signed = signRequest(request, creds, so);
      if (spec.tamper) {
        // The signing string of the last signing (an operator may sign anew); none when it sends the request unsigned.
        const unsigned = request;
        let last = signed;
        request = spec.tamper({
          now: clock(),
          signed,
          unsigned,
          key: { ...creds, certHeader: this.certificateHeader },
          sign: (req, opts = {}, key) => (last = signRequest(req, key ?? creds, { ...so, ...opts })),
        });
        signingString = request === unsigned ? undefined : last.signingString;
      } else {
        request = signed.request;
        signingString = signed.signingString;
      }
    }
    if (spec.mutate) request = spec.mutate(request);
    return { request, url: new URL(request.target, this.baseUrl.origin).toString(), signingString };
  }

  async request(spec: RequestSpec): Promise<Exchange> {
    this.options.beforeSend?.();
    const { request, url, signingString } = this.build(spec);
    return this.send(request, url, signingString, spec.timeoutMs);
  }

  /** Sends a fully built request as is. */
  async send(request: HttpRequest, url?: string, signingString?: string, timeoutMs?: number): Promise<Exchange> {
    const started = Date.now();
    const timeout = timeoutMs ?? this.options.timeoutMs ?? 10_000;
    const maxBody = this.options.maxBodyBytes ?? 5 * 1024 * 1024;
    const ex: Exchange = {
      id: randomUUID(),
      startedAt: new Date(started).toISOString(),
      durationMs: 0,
      request: {
        method: request.method,
        url: url ?? new URL(request.target, this.baseUrl.origin).toString(),
        target: request.target,
        headers: request.headers,
        body: request.body,
        signingString,
      },
    };
    const flat: string[] = [];
    for (const [k, v] of request.headers) if (k.toLowerCase() !== 'host') flat.push(k, v);
    try {
      const res = await this.agent.request({
        origin: this.baseUrl.origin,
        path: request.target,
        method: request.method as 'GET',
        headers: flat,
        body: request.body.length || !['GET', 'HEAD', 'DELETE'].includes(request.method) ? request.body : undefined,
        headersTimeout: timeout,
        bodyTimeout: timeout,
        signal: AbortSignal.timeout(timeout),
      });
      const chunks: Buffer[] = [];
      let size = 0;
      let truncated = false;
      for await (const chunk of res.body) {
        size += chunk.length;
        if (size > maxBody) {
          truncated = true;
          res.body.destroy();
          break;
        }
        chunks.push(chunk as Buffer);
      }
      const body = Buffer.concat(chunks);
      const headers: Record<string, string | string[]> = {};
      for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers[k] = v as string | string[];
      const text = body.toString('utf8');
      const rec: ResponseRecord = { status: res.statusCode, headers, body, text, truncated: truncated || undefined };
      const ct = String(headers['content-type'] ?? '');
      if (text.length && (/json/i.test(ct) || /^\s*[[{]/.test(text))) {
        try {
          rec.json = JSON.parse(text);
        } catch (e) {
          rec.jsonError = `body is not JSON (${(e as Error).message})`;
        }
      } else if (text.length && !/json/i.test(ct)) rec.jsonError = `body is not JSON (Content-Type "${ct || 'none'}")`;
      ex.response = rec;
    } catch (e) {
      ex.error = classify(e);
    }
    ex.durationMs = Date.now() - started;
    this.options.onOutcome?.(
      ex.error
        ? { answered: false, code: ex.error.code as ClientErrorCode, message: ex.error.message }
        : { answered: true },
    );
    if (this.options.record !== false) this.exchanges.push(ex);
    return ex;
  }

  /**
   * Releases the client. Its connections stay with the process's shared agent (the transport's closeTransports ends
   * them).
   */
  async close(): Promise<void> {}
}

/** A copy of an exchange safe for a report: national ids masked, no private material. */
export function redactExchange(ex: Exchange): {
  request: { method: string; url: string; headers: HeaderList; body: string; signingString?: string };
  response?: { status: number; headers: Record<string, string | string[]>; body: string };
  error?: Exchange['error'];
  durationMs: number;
} {
  const ct = (h: HeaderList) => h.find(([k]) => k.toLowerCase() === 'content-type')?.[1] ?? '';
  return {
    request: {
      method: ex.request.method,
      url: redactUrl(ex.request.url),
      headers: ex.request.headers.map(([k, v]) => [k, redactHeaderValue(k, v)] as [string, string]),
      body: redactBody(ex.request.body.toString('utf8'), ct(ex.request.headers)),
      signingString: ex.request.signingString
        ?.split('\n')
        .map((l) => {
          const c = l.indexOf(': ');
          return c > 0 ? `${l.slice(0, c)}: ${redactHeaderValue(l.slice(0, c), l.slice(c + 2))}` : l;
        })
        .join('\n'),
    },
    response: ex.response && {
      status: ex.response.status,
      headers: ex.response.headers,
      body: redactBody(ex.response.text, String(ex.response.headers['content-type'] ?? '')),
    },
    error: ex.error,
    durationMs: ex.durationMs,
  };
}

/** A curl command line that replays the request exactly (the signature is only valid for 60 s). */
export function toCurl(ex: Exchange): string {
  const r = redactExchange(ex).request;
  const q = (s: string) => `'${s.replace(/'/g, `'\\''`)}'`;
  const parts = ['curl', '-sS', '-X', r.method, q(r.url)];
  for (const [k, v] of r.headers)
    if (k.toLowerCase() !== 'host' && k.toLowerCase() !== 'content-length') parts.push('-H', q(`${k}: ${v}`));
  if (ex.request.body.length) parts.push('--data-binary', q(r.body));
  return parts.join(' ');
}
