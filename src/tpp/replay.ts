// Replaying a recorded exchange (`replay`): the request of a report or bundle, re-signed now
// with a fresh Date, Digest and X-Request-ID (a recorded Signature is only valid for the spec's 60 s
// Date window), sent to the same or another target, and its answer set beside the recorded one.
// `asRecorded`: the recorded headers and body byte for byte (a wrong Digest stays wrong), but for
// Date, X-Request-ID and the Signature over them: what the bank refused is refused again.
import { randomUUID } from 'node:crypto';
import { send, type TransportConfig } from '../transport/index.ts';
import { ReplayInputError } from './errors.ts';
import { headerValue, setHeader, type HeaderList, type HttpRequest } from './http-message.ts';
import { signRequest } from './sign.ts';
import { signingIdentity } from './signing-identity.ts';
import { parseSignatureHeader } from './signature-header.ts';
import type { Clock } from './http-date.ts';

/** A recorded exchange as the reports and bundles keep it (client.ts redactExchange). */
export interface RecordedExchange {
  request: { method: string; url: string; headers: HeaderList; body: string };
  response?: { status: number; headers?: Record<string, string | string[]>; body?: string };
  error?: { code: string; message: string };
}

/** Reads a recorded exchange from JSON text; names what is missing. */
export function parseRecordedExchange(text: string): RecordedExchange {
  let j: any;
  try {
    j = JSON.parse(text);
  } catch (e) {
    throw new ReplayInputError(`not JSON: ${(e as Error).message}`);
  }
  const r = j?.request;
  if (!r || typeof r.method !== 'string' || typeof r.url !== 'string' || !Array.isArray(r.headers))
    throw new ReplayInputError('not a recorded exchange: request.method, request.url and request.headers are needed');
  if (
    !r.headers.every(
      (h: unknown) => Array.isArray(h) && h.length === 2 && typeof h[0] === 'string' && typeof h[1] === 'string',
    )
  )
    throw new ReplayInputError('request.headers must be [name, value] pairs');
  return {
    request: { method: r.method, url: r.url, headers: r.headers, body: typeof r.body === 'string' ? r.body : '' },
    response: j.response,
    error: j.error,
  };
}

/** Headers a replay as recorded makes anew: the Date window and the request id, and the Signature over them. */
export const RENEWED_AS_RECORDED = ['Date', 'X-Request-ID', 'Signature'];
/** Headers a replay makes anew by default: those, the body's Digest and the signing certificate. */
export const RENEWED = ['Date', 'Digest', 'X-Request-ID', 'Signature', 'TPP-Signature-Certificate'];

/** Headers the HTTP client sets itself. */
const BY_CLIENT = ['host', 'content-length', 'connection'];

export interface ReplayIdentity {
  certPem: string;
  keyPem: string;
  keyId?: string;
}

/**
 * The recorded request, re-signed now for `target` (default: the recorded origin), signing the names the recorded
 * Signature signed.
 */
export function resignRecorded(
  rec: RecordedExchange,
  identity: ReplayIdentity,
  opts: { target?: string; clock?: Clock; asRecorded?: boolean } = {},
): { url: string; request: HttpRequest; signedNames: string[]; renewed: string[] } {
  const recorded = new URL(rec.request.url);
  const base = opts.target ? new URL(opts.target) : recorded;
  const url = new URL(recorded.pathname + recorded.search, base.origin + '/').toString();
  const target = new URL(url).pathname + new URL(url).search;
  const sig = headerValue(rec.request.headers, 'signature');
  const parsed = sig ? parseSignatureHeader(sig) : undefined;
  const signedNames = parsed?.ok && parsed.params.headers?.length ? parsed.params.headers : undefined;
  const id = signingIdentity(identity.certPem, identity.keyPem, identity.keyId);
  const renewed = opts.asRecorded ? RENEWED_AS_RECORDED : RENEWED;
  const dropped = new Set([...renewed, ...BY_CLIENT].map((h) => h.toLowerCase()));
  let headers: HeaderList = rec.request.headers.filter(([k]) => !dropped.has(k.toLowerCase()));
  headers = setHeader(headers, 'X-Request-ID', randomUUID());
  if (!opts.asRecorded) headers = setHeader(headers, 'TPP-Signature-Certificate', id.certHeader);
  const body = Buffer.from(rec.request.body, 'utf8');
  const hadDigest = headerValue(rec.request.headers, 'digest') !== undefined;
  // As recorded, the recorded Digest (right or wrong) is sent and signed as it was.
  const digest = !opts.asRecorded && (hadDigest || body.length) ? 'SHA-256' : 'none';
  const signed = signRequest(
    { method: rec.request.method, target, headers, body },
    { keyId: id.keyId, signer: id.signer },
    { headers: signedNames, digest, date: 'now', clock: opts.clock },
  );
  return { url, request: signed.request, signedNames: signed.params.headers ?? [], renewed };
}

/** The class of an answer: the status and, for an error body, its code (what "the same answer" means). */
export function answerClass(a: { status?: number; body?: string } | undefined, error?: { code: string }): string {
  if (!a?.status) return `no answer (${error?.code ?? 'none recorded'})`;
  let code: string | undefined;
  try {
    const j = a.body ? JSON.parse(a.body) : undefined;
    code = typeof j?.code === 'string' ? j.code : j?._links?.scaRedirect ? 'scaRedirect' : undefined;
  } catch {
    /* not JSON */
  }
  return `${a.status}${code ? ` ${code}` : ''}`;
}

export interface ReplayResult {
  url: string;
  /** The headers made anew (the rest is sent as recorded). */
  renewed: string[];
  recorded: string;
  now: string;
  same: boolean;
  status?: number;
  body?: string;
  error?: string;
}

/** Sends the re-signed request and compares the answer class with the recorded one. */
export async function replay(
  rec: RecordedExchange,
  identity: ReplayIdentity,
  opts: { target?: string; timeoutMs?: number; transport?: TransportConfig; asRecorded?: boolean } = {},
): Promise<ReplayResult> {
  const { url, request: req, renewed } = resignRecorded(rec, identity, opts);
  const recorded = answerClass(rec.response, rec.error);
  const timeout = opts.timeoutMs ?? 10_000;
  try {
    const r = await send(url, {
      method: req.method,
      headers: Object.fromEntries(req.headers),
      body: req.body.length ? req.body : undefined,
      timeoutMs: timeout,
      transport: opts.transport,
    });
    const body = r.body.toString('utf8');
    const now = answerClass({ status: r.status, body });
    return { url, renewed, recorded, now, same: now === recorded, status: r.status, body };
  } catch (e) {
    const now = `no answer (${(e as Error).message})`;
    return { url, renewed, recorded, now, same: false, error: (e as Error).message };
  }
}
