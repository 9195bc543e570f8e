// The verifier: rebuilds the signing string of a received request and runs each check of the
// spec's Authentication section, returning every outcome (never a bare boolean) with the exact
// signing string, so a TPP developer sees what differs. Used by the CLI and the reference bank.
import { createPublicKey, verify as cryptoVerify, X509Certificate, type KeyObject } from 'node:crypto';
import type { Level } from '../spec/level.ts';
import { DATE_WINDOW_SECONDS, SIGNED_HEADERS, SIGNATURE_ALGORITHM } from '../spec/signing.ts';
import { checkDigest } from './digest.ts';
import { parseHttpDate, type Clock } from './http-date.ts';
import { headerValue, headerValues } from './http-message.ts';
import { checkKeyId } from './key-id.ts';
import { parseSignatureHeader, type SignatureParams } from './signature-header.ts';
import { absentMessage, buildSigningString, type SignableRequest } from './signing-string.ts';
import type { DecodedWord } from './rfc2047.ts';

export type CheckId =
  'signature-header' | 'certificate' | 'algorithm' | 'key-id' | 'headers' | 'digest' | 'date' | 'signature';
export const CHECK_IDS: readonly CheckId[] = [
  'signature-header',
  'certificate',
  'algorithm',
  'key-id',
  'headers',
  'digest',
  'date',
  'signature',
];

/** Why a check failed, stable for matching (the message is for people). */
export type FailureCode =
  | 'SIGNATURE_MISSING'
  | 'SIGNATURE_DUPLICATE'
  | 'SIGNATURE_RFC2047'
  | 'SIGNATURE_SYNTAX'
  | 'SIGNATURE_PARAMS'
  | 'CERTIFICATE_MISSING'
  | 'CERTIFICATE_INVALID'
  | 'ALGORITHM_MISSING'
  | 'ALGORITHM_UNSUPPORTED'
  | 'KEY_ID_MISMATCH'
  | 'HEADERS_MISSING'
  | 'HEADERS_DUPLICATE'
  | 'HEADER_NOT_IN_REQUEST'
  | 'HEADER_NOT_SIGNED'
  | 'DIGEST_MISSING'
  | 'DIGEST_MALFORMED'
  | 'DIGEST_UNSUPPORTED'
  | 'DIGEST_BAD_BASE64'
  | 'DIGEST_MISMATCH'
  | 'DATE_MISSING'
  | 'DATE_MALFORMED'
  | 'DATE_SKEW'
  | 'SIGNATURE_BAD_BASE64'
  | 'SIGNATURE_INVALID';

export interface CheckOutcome {
  id: CheckId;
  ok: boolean;
  /** 'must' failures make the request invalid; 'should' failures are Berlin Group advice. */
  level: Level;
  message: string;
  code?: FailureCode;
  /** Deviations that were accepted on purpose (facts §3: real clients differ). */
  lenient?: string[];
  skipped?: boolean;
}

export interface VerifyRequest extends SignableRequest {
  body: Buffer;
}

export interface VerifyOptions {
  /** Certificate to verify against; default: the request's TPP-Signature-Certificate header. */
  certificate?: X509Certificate | string;
  /** A bare public key (draft-cavage vectors): keyId is then not compared. */
  publicKey?: KeyObject | string;
  now?: number | Clock;
  /** Date window in seconds, both sides (default the spec's DATE_WINDOW_SECONDS). */
  maxSkewSeconds?: number;
  /**
   * 'xs2a' (default) applies the spec's rules; 'cavage' only draft-cavage's (headers= and algorithm= optional, no Date
   * rules).
   */
  rules?: 'xs2a' | 'cavage';
}

export interface VerifyResult {
  ok: boolean;
  checks: CheckOutcome[];
  failures: CheckOutcome[];
  lenient: string[];
  params?: SignatureParams;
  signingString?: string;
  encodedWords?: DecodedWord[];
  certificate?: X509Certificate;
  /** The signed header names as the verifier used them. */
  signedHeaders?: string[];
}

const CERT_CACHE = new Map<string, { cert: X509Certificate; key: KeyObject; lenient: string[] } | { error: string }>();

/** Parses TPP-Signature-Certificate: base64 DER, the spec's form; PEM armour is accepted leniently. */
export function parseCertificateHeader(
  value: string,
): { cert: X509Certificate; key: KeyObject; lenient: string[] } | { error: string } {
  const hit = CERT_CACHE.get(value);
  if (hit) return hit;
  let res: { cert: X509Certificate; key: KeyObject; lenient: string[] } | { error: string };
  const lenient: string[] = [];
  let b64 = value.trim();
  if (b64.includes('-----BEGIN')) {
    lenient.push('TPP-Signature-Certificate sent as PEM with armour instead of bare base64');
    b64 = b64.replace(/-----(BEGIN|END) CERTIFICATE-----/g, '');
  }
  if (/\s/.test(b64)) {
    lenient.push('TPP-Signature-Certificate contains white space');
    b64 = b64.replace(/\s+/g, '');
  }
  if (!/^[A-Za-z0-9+/]+=*$/.test(b64)) res = { error: 'TPP-Signature-Certificate is not base64' };
  else {
    try {
      const cert = new X509Certificate(Buffer.from(b64, 'base64'));
      res = { cert, key: cert.publicKey, lenient };
    } catch (e) {
      res = { error: `TPP-Signature-Certificate is not an X.509 certificate (${(e as Error).message})` };
    }
  }
  if (CERT_CACHE.size > 1000) CERT_CACHE.clear();
  CERT_CACHE.set(value, res);
  return res;
}

/** The certificate as TPP-Signature-Certificate carries it: base64 DER, no armour, no line breaks. */
export function certificateHeaderValue(certPem: string): string {
  return new X509Certificate(certPem).raw.toString('base64');
}

const STRICT_B64 = /^(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;

export function verifyRequest(req: VerifyRequest, opts: VerifyOptions = {}): VerifyResult {
  const xs2a = (opts.rules ?? 'xs2a') === 'xs2a';
  const nowMs = typeof opts.now === 'function' ? opts.now() : (opts.now ?? Date.now());
  const checks: CheckOutcome[] = [];
  const lenient: string[] = [];
  const add = (c: CheckOutcome) => {
    checks.push(c);
    if (c.lenient?.length) lenient.push(...c.lenient);
  };
  const fail = (id: CheckId, code: FailureCode, message: string, level: Level = 'must') =>
    add({ id, ok: false, level, code, message });
  const pass = (id: CheckId, message: string, extra: Partial<CheckOutcome> = {}) =>
    add({ id, ok: true, level: 'must', message, ...extra });
  const skip = (id: CheckId, message: string) => add({ id, ok: true, level: 'must', message, skipped: true });
  const result: VerifyResult = { ok: false, checks, failures: [], lenient };

  // 1. The Signature header itself.
  const sigValues = headerValues(req.headers, 'signature');
  let params: SignatureParams | undefined;
  if (!sigValues.length)
    fail('signature-header', 'SIGNATURE_MISSING', 'no Signature header: every request must be signed');
  else if (sigValues.length > 1)
    fail('signature-header', 'SIGNATURE_DUPLICATE', `${sigValues.length} Signature headers: exactly one is allowed`);
  else {
    const parsed = parseSignatureHeader(sigValues[0]);
    if (!parsed.ok) {
      fail(
        'signature-header',
        parsed.stage === 'rfc2047'
          ? 'SIGNATURE_RFC2047'
          : parsed.stage === 'syntax'
            ? 'SIGNATURE_SYNTAX'
            : 'SIGNATURE_PARAMS',
        parsed.message,
      );
    } else {
      params = parsed.params;
      result.params = params;
      result.encodedWords = parsed.encodedWords;
      const len: string[] = parsed.unknown.map((u) => `unknown Signature parameter ${u}= ignored`);
      if (parsed.encodedWords && parsed.encodedWords.some((w) => w.length > 75))
        len.push("RFC 2047 encoded-word longer than 75 characters (as this platform's clients send it)");
      if (xs2a && params.headers === undefined)
        fail(
          'signature-header',
          'SIGNATURE_PARAMS',
          'headers= is missing: the Signature header has four parts, keyId, algorithm, headers and signature',
        );
      else if (xs2a && params.algorithm === undefined)
        fail(
          'signature-header',
          'SIGNATURE_PARAMS',
          'algorithm= is missing: the Signature header has four parts, keyId, algorithm, headers and signature',
        );
      else
        pass(
          'signature-header',
          parsed.encodedWords
            ? `Signature parsed (RFC 2047 ${parsed.encodedWords.map((w) => `${w.charset}/${w.encoding}`).join(' ')})`
            : 'Signature parsed',
          { lenient: len },
        );
    }
  }

  // 2. The certificate (or bare key) the signature is checked against.
  let cert: X509Certificate | undefined;
  let key: KeyObject | undefined;
  if (opts.publicKey) {
    key = typeof opts.publicKey === 'string' ? createPublicKey(opts.publicKey) : opts.publicKey;
    skip('certificate', 'verifying with a bare public key: no certificate');
  } else if (opts.certificate) {
    cert = typeof opts.certificate === 'string' ? new X509Certificate(opts.certificate) : opts.certificate;
    key = cert.publicKey;
    const hdr = headerValue(req.headers, 'tpp-signature-certificate');
    if (xs2a && hdr === undefined)
      fail('certificate', 'CERTIFICATE_MISSING', 'no TPP-Signature-Certificate header: every request carries it');
    else if (hdr !== undefined) {
      const p = parseCertificateHeader(hdr);
      if ('error' in p) fail('certificate', 'CERTIFICATE_INVALID', p.error);
      else if (!p.cert.raw.equals(cert.raw))
        fail(
          'certificate',
          'CERTIFICATE_INVALID',
          `TPP-Signature-Certificate (serial ${p.cert.serialNumber}) is not the certificate given (serial ${cert.serialNumber})`,
        );
      else
        pass('certificate', `certificate ${cert.serialNumber} (${cert.subject.split('\n').join(', ')})`, {
          lenient: p.lenient,
        });
    } else pass('certificate', `certificate given: serial ${cert.serialNumber}`);
  } else {
    const hdr = headerValue(req.headers, 'tpp-signature-certificate');
    if (hdr === undefined)
      fail('certificate', 'CERTIFICATE_MISSING', 'no TPP-Signature-Certificate header: every request carries it');
    else {
      const p = parseCertificateHeader(hdr);
      if ('error' in p) fail('certificate', 'CERTIFICATE_INVALID', p.error);
      else {
        cert = p.cert;
        key = p.key;
        pass('certificate', `certificate ${cert.serialNumber} (${cert.subject.split('\n').join(', ')})`, {
          lenient: p.lenient,
        });
      }
    }
  }
  result.certificate = cert;

  // 3. algorithm= names the certificate's algorithm (step 5).
  if (params) {
    const alg = params.algorithm;
    const keyType = key?.asymmetricKeyType;
    if (alg === undefined) skip('algorithm', 'algorithm= absent (draft-cavage: derived from the key)');
    else if (alg.toLowerCase() !== SIGNATURE_ALGORITHM)
      fail(
        'algorithm',
        'ALGORITHM_UNSUPPORTED',
        `algorithm="${alg}" is not supported: the spec expects ${SIGNATURE_ALGORITHM}`,
      );
    else if (keyType && keyType !== 'rsa')
      fail('algorithm', 'ALGORITHM_UNSUPPORTED', `algorithm="${alg}" does not match the certificate's ${keyType} key`);
    else
      pass('algorithm', `algorithm ${SIGNATURE_ALGORITHM}`, {
        lenient: alg !== SIGNATURE_ALGORITHM ? [`algorithm written "${alg}", matched case-insensitively`] : [],
      });
  }

  // 4. keyId names the certificate (step 4).
  if (params) {
    if (!cert || !xs2a)
      skip(
        'key-id',
        cert ? 'keyId not compared under draft-cavage rules' : `keyId "${params.keyId}" not compared: no certificate`,
      );
    else {
      const k = checkKeyId(params.keyId, cert);
      if (k.ok) pass('key-id', `keyId matches certificate ${cert.serialNumber}`, { lenient: k.lenient });
      else fail('key-id', 'KEY_ID_MISMATCH', k.message);
    }
  }

  // 5. headers= against the headers present (steps 1 and 6).
  let names: string[] | undefined;
  if (params) {
    names = params.headers ?? ['date'];
    const len: string[] = [];
    if (params.headers && params.headers.some((h) => h !== h.toLowerCase()))
      len.push('headers= names not in lower case');
    const lower = names.map((n) => n.toLowerCase());
    const dup = lower.find((n, i) => lower.indexOf(n) !== i);
    const absent = lower.filter((n) => !n.startsWith('(') && headerValue(req.headers, n) === undefined);
    if (xs2a && params.headers !== undefined && !params.headers.length)
      fail('headers', 'HEADERS_MISSING', 'headers= is empty');
    else if (dup) fail('headers', 'HEADERS_DUPLICATE', `${dup} is listed twice in headers=`);
    else if (absent.length && !xs2a)
      fail(
        'headers',
        'HEADER_NOT_IN_REQUEST',
        `${absent.map(absentMessage).join('; ')} (draft-cavage: every name in headers= must be present)`,
      );
    else if (absent.length) {
      // Step 1: a line "for each header that is present among the signed set"; "a header absent
      // from the request is absent from the signing string". Valid; draft-cavage reads it otherwise.
      const present = lower.filter((n) => !absent.includes(n));
      pass(
        'headers',
        `signed: ${present.join(' ') || '(nothing)'}; ${absent.map(absentMessage).join('; ')}: left out of the signing string per the spec (Authentication step 1)`,
        { lenient: len },
      );
      fail(
        'headers',
        'HEADER_NOT_IN_REQUEST',
        `${absent.join(', ')} in headers= but not sent: draft-cavage and Berlin Group implementations refuse such a signature; sign only the headers sent`,
        'should',
      );
    } else pass('headers', `signed: ${lower.join(' ')}`, { lenient: len });
    names = lower;
    result.signedHeaders = lower;
    if (xs2a) {
      // The signed set "when available" (facts §1.3): present but unsigned leaves it unprotected.
      const unsigned = SIGNED_HEADERS.filter((n) => !lower.includes(n) && headerValue(req.headers, n) !== undefined);
      if (unsigned.length)
        fail(
          'headers',
          'HEADER_NOT_SIGNED',
          `${unsigned.join(', ')} present but not in headers= (the platform signs them when available)`,
          'should',
        );
    }
  }

  // 6. Digest over the exact body (step 8).
  const digestHdr = headerValues(req.headers, 'digest');
  if (digestHdr.length) {
    const d = checkDigest(digestHdr.join(', '), req.body);
    if (d.ok)
      pass('digest', `Digest ${d.algorithm} matches the body (${req.body.length} bytes)`, { lenient: d.lenient });
    else
      fail(
        'digest',
        d.reason === 'mismatch'
          ? 'DIGEST_MISMATCH'
          : d.reason === 'bad-base64'
            ? 'DIGEST_BAD_BASE64'
            : d.reason === 'unsupported-algorithm'
              ? 'DIGEST_UNSUPPORTED'
              : 'DIGEST_MALFORMED',
        d.message,
      );
  } else if (xs2a) {
    fail(
      'digest',
      'DIGEST_MISSING',
      `no Digest header${req.body.length ? ` for a ${req.body.length}-byte body` : ''} (Berlin Group: Digest is sent whenever Signature is)`,
      'should',
    );
  } else skip('digest', 'no Digest header');

  // 7. Date present and within the window (step 9).
  if (xs2a) {
    const dates = headerValues(req.headers, 'date');
    const window = opts.maxSkewSeconds ?? DATE_WINDOW_SECONDS;
    if (!dates.length)
      fail(
        'date',
        'DATE_MISSING',
        `no Date header: it must be present and within ${DATE_WINDOW_SECONDS} seconds of server time`,
      );
    else {
      const p = parseHttpDate(dates[0], nowMs);
      if (!p.ok) fail('date', 'DATE_MALFORMED', `Date ${p.message}`);
      else {
        const skew = Math.round((p.ms - nowMs) / 1000);
        if (Math.abs(p.ms - nowMs) > window * 1000) {
          fail(
            'date',
            'DATE_SKEW',
            `Date "${dates[0]}" is ${Math.abs(skew)} s ${skew > 0 ? 'ahead of' : 'behind'} server time ${new Date(nowMs).toUTCString()}; at most ${window} s allowed`,
          );
        } else
          pass('date', `Date within ${window} s (${skew >= 0 ? '+' : ''}${skew} s)`, {
            lenient:
              p.form !== 'imf-fixdate'
                ? [`Date in the obsolete ${p.form} form (RFC 7231 obliges recipients to accept it)`]
                : [],
          });
      }
      if (names && !names.includes('date') && dates.length)
        fail('date', 'HEADER_NOT_SIGNED', 'Date is not in headers=: its value is not protected', 'should');
    }
  } else skip('date', 'Date window not checked under draft-cavage rules');

  // 8. The signature itself (step 2).
  if (params && names) {
    const built = buildSigningString(req, names, { absent: xs2a ? 'skip' : 'refuse' });
    if (built.ok) result.signingString = built.value;
    if (!STRICT_B64.test(params.signature))
      fail('signature', 'SIGNATURE_BAD_BASE64', `signature= "${params.signature.slice(0, 24)}…" is not valid base64`);
    else if (!built.ok) fail('signature', 'SIGNATURE_INVALID', `cannot rebuild the signing string: ${built.message}`);
    else if (!key) fail('signature', 'SIGNATURE_INVALID', 'no key to verify with');
    else {
      const sig = Buffer.from(params.signature, 'base64');
      let good: boolean;
      try {
        good = cryptoVerify('sha256', Buffer.from(built.value, 'utf8'), key, sig);
      } catch {
        good = false;
      }
      if (good)
        pass('signature', `RSA-SHA256 signature valid over ${names.length - built.omitted.length} signed header(s)`);
      else {
        const why = explainBadSignature(req, names, params, key, sig);
        const left = built.omitted.length
          ? `; ${built.omitted.join(', ')} (in headers=, not in the request) left out of the signing string: if it was signed, it was removed after signing`
          : '';
        fail('signature', 'SIGNATURE_INVALID', why + left);
      }
    }
  } else if (!params) skip('signature', 'no parsable Signature header');

  result.failures = checks.filter((c) => !c.ok);
  result.ok = !checks.some((c) => !c.ok && c.level === 'must');
  return result;
}

/** On a bad signature, tries the signing-string mistakes clients make, to say what differs. */
function explainBadSignature(
  req: VerifyRequest,
  names: string[],
  params: SignatureParams,
  key: KeyObject,
  sig: Buffer,
): string {
  const base = 'signature does not verify over the rebuilt signing string';
  const tries: Array<[string, () => string | undefined]> = [
    ['the signing string was joined with CRLF instead of LF', () => lines()?.join('\r\n')],
    ['the signing string ended with a newline', () => (lines() ? lines()!.join('\n') + '\n' : undefined)],
    ['header names were not lower-cased in the signing string', () => lines(true)?.join('\n')],
    [
      '(request-target) used the upper-case method',
      () =>
        lines()
          ?.map((l) =>
            l.startsWith('(request-target): ') ? `(request-target): ${req.method.toUpperCase()} ${req.target}` : l,
          )
          .join('\n'),
    ],
    [
      '(request-target) left out the query',
      () =>
        lines()
          ?.map((l) => (l.startsWith('(request-target): ') ? l.replace(/\?.*$/, '') : l))
          .join('\n'),
    ],
  ];
  function lines(keepCase = false): string[] | undefined {
    const out: string[] = [];
    for (const [i, n] of names.entries()) {
      const b = buildSigningString(req, [n]);
      if (!b.ok) return undefined;
      if (b.omitted.length) continue;
      out.push(keepCase && params.headers ? b.value.replace(/^[^:]+/, params.headers[i]) : b.value);
    }
    return out;
  }
  for (const [why, make] of tries) {
    const s = make();
    if (s === undefined) continue;
    try {
      if (cryptoVerify('sha256', Buffer.from(s, 'utf8'), key, sig)) return `${base}: it verifies if ${why}`;
    } catch {
      /* next */
    }
  }
  return `${base}: a signed header value changed after signing, or the key is not the certificate's`;
}
