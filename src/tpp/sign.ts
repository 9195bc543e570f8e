// Signing a request the spec's way (Authentication > Request signing): Date, Digest over the exact
// body bytes, the signing string, RSA-SHA256 with node:crypto, the Signature header.
import { createPrivateKey, sign as cryptoSign, type KeyObject } from 'node:crypto';
import { SIGNED_HEADERS, SIGNATURE_ALGORITHM, type DigestAlgorithm } from '../spec/signing.ts';
import { digestOf } from './digest.ts';
import { SigningError } from './errors.ts';
import { formatHttpDate, systemClock, type Clock } from './http-date.ts';
import { headerValue, setHeader, type HttpRequest } from './http-message.ts';
import { formatSignatureHeader, type Encode, type SignatureParams } from './signature-header.ts';
import { buildSigningString } from './signing-string.ts';

/** Signs bytes; the private key stays inside the closure. */
export type Signer = (data: Buffer) => Buffer;

export function rsaSha256Signer(key: string | KeyObject): Signer {
  const k = typeof key === 'string' ? createPrivateKey(key) : key;
  return (data) => cryptoSign('sha256', data, k);
}

export interface SigningCredentials {
  keyId: string;
  signer: Signer;
  /** Written in algorithm=; default the spec's SIGNATURE_ALGORITHM. */
  algorithm?: string;
}

export interface SignOptions {
  /**
   * Header names to sign, in order. Default: the spec's SIGNED_HEADERS, those present. A name the
   * request does not carry stays in headers= and is left out of the signing string (step 1).
   */
  headers?: readonly string[];
  /** Leave out headers= (draft-cavage then reads it as `date`). */
  omitHeadersParam?: boolean;
  /** Digest algorithm, or 'none' to leave Digest as it is. Default SHA-256. */
  digest?: DigestAlgorithm | 'none';
  /** 'keep' keeps a Date already there (else sets now); 'now' always sets it; or a literal value. */
  date?: 'keep' | 'now' | { value: string };
  clock?: Clock;
  /** RFC 2047 wrapping of the Signature value (step 7). */
  encode?: Encode;
}

export interface SignedRequest {
  request: HttpRequest;
  signingString: string;
  signature: string;
  signatureHeader: string;
  params: SignatureParams;
  /** Names in headers= the request does not carry: left out of the signing string (step 1). */
  omitted: string[];
}

export function signRequest(req: HttpRequest, creds: SigningCredentials, opts: SignOptions = {}): SignedRequest {
  let headers = req.headers;
  const dateOpt = opts.date ?? 'keep';
  if (typeof dateOpt === 'object') headers = setHeader(headers, 'Date', dateOpt.value);
  else if (dateOpt === 'now' || headerValue(headers, 'date') === undefined)
    headers = setHeader(headers, 'Date', formatHttpDate((opts.clock ?? systemClock)()));
  const digest = opts.digest ?? 'SHA-256';
  if (digest !== 'none') headers = setHeader(headers, 'Digest', digestOf(req.body, digest));
  const names = opts.headers ?? SIGNED_HEADERS.filter((n) => headerValue(headers, n) !== undefined);
  const built = buildSigningString({ method: req.method, target: req.target, headers }, names);
  if (!built.ok) throw new SigningError(`cannot sign: ${built.message}`);
  const signature = creds.signer(Buffer.from(built.value, 'utf8')).toString('base64');
  const params: SignatureParams = {
    keyId: creds.keyId,
    algorithm: creds.algorithm ?? SIGNATURE_ALGORITHM,
    headers: opts.omitHeadersParam ? undefined : names.map((n) => n.toLowerCase()),
    signature,
  };
  let encode = opts.encode ?? 'none';
  const plain = formatSignatureHeader(params, 'none');
  // Header values outside Latin-1 cannot be sent raw: wrap them (step 7).
  if (encode === 'none' && /[^\x00-\xff]/.test(plain)) encode = 'utf8-b';
  const signatureHeader = encode === 'none' ? plain : formatSignatureHeader(params, encode);
  headers = setHeader(headers, 'Signature', signatureHeader);
  return {
    request: { ...req, headers },
    signingString: built.value,
    signature,
    signatureHeader,
    params,
    omitted: built.omitted,
  };
}
