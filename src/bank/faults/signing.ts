// Request signing (§ Authentication > Request signing): a verifier that skips a step, or refuses
// what the spec allows. The property faults (faults/properties.ts) add more; these are the area's list.
import { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { fromRawHeaders, setHeader } from '../../tpp/http-message.ts';
import { formatSignatureHeader, parseSignatureHeader } from '../../tpp/signature-header.ts';
import { verifyRequest } from '../../tpp/verify.ts';
import type { Bank } from '../bank.ts';
import { errorBody, rawHeader, skip, type AreaFault, type WireAction } from './support.ts';

const features = ['request-signing', 'headers'];
/** The detailed operations (§ Endpoints 1, 2, 4, 5): each lists Signature and TPP-Signature-Certificate as required. */
const SIGNED_OPS = [
  'create-signing-basket',
  'create-cross-border-payment',
  'create-sandbox-card-transactions',
  'get-sandbox-account-transactions',
];

/**
 * A bank that builds the signing string in alphabetical header order instead of the order of
 * headers= (step 1: "in the order given in the headers part"): it verifies the request again with
 * headers= sorted, so any signature over another order fails.
 */
function sortedSigningString(req: IncomingMessage, body: Buffer, bank: Bank): WireAction | undefined {
  const sig = rawHeader(req, 'signature');
  const parsed = sig === undefined ? undefined : parseSignatureHeader(sig);
  if (!parsed?.ok || !parsed.params.headers) return undefined;
  const sorted = [...parsed.params.headers].sort();
  if (sorted.join(' ') === parsed.params.headers.join(' ')) return undefined;
  const headers = setHeader(
    fromRawHeaders(req.rawHeaders),
    'Signature',
    formatSignatureHeader({ ...parsed.params, headers: sorted }),
  );
  const r = verifyRequest(
    { method: req.method ?? 'GET', target: req.url ?? '/', headers, body },
    { now: bank.now(), maxSkewSeconds: bank.rules.dateSkewSeconds },
  );
  return r.failures.some((f) => f.id === 'signature')
    ? errorBody('SIGNATURE_INVALID', `signature does not verify over the signing string of ${sorted.join(' ')}`)
    : undefined;
}

/**
 * A bank that reads headers= the draft-cavage way: a name the request does not carry makes the
 * signature invalid. The spec leaves that header out of the signing string (step 1: "A header
 * absent from the request is absent from the signing string"), so such a signature is valid.
 */
function absentHeaderRefused(req: IncomingMessage): WireAction | undefined {
  const sig = rawHeader(req, 'signature');
  const parsed = sig === undefined ? undefined : parseSignatureHeader(sig);
  if (!parsed?.ok || !parsed.params.headers) return undefined;
  const absent = parsed.params.headers
    .map((n) => n.toLowerCase())
    .filter((n) => !n.startsWith('(') && req.headers[n] === undefined);
  return absent.length
    ? errorBody('SIGNATURE_INVALID', `${absent.join(', ')} is in headers= but not in the request`)
    : undefined;
}

/** keyId's serial and the certificate's, compared as numbers (the issuer is left out). */
function serialOnly(keyId: string, certB64: string): boolean {
  const sn = /SN=([0-9A-Fa-f]+)/.exec(keyId)?.[1];
  if (!sn) return false;
  try {
    const c = new X509Certificate(Buffer.from(certB64, 'base64'));
    return BigInt(`0x${sn}`) === BigInt(`0x${c.serialNumber}`);
  } catch {
    return false;
  }
}

export const SIGNING_FAULTS: readonly AreaFault[] = [
  {
    id: 'request-target-without-query',
    area: 'signing',
    features: ['request-signing'],
    description: 'Verifies (request-target) over the path alone, without the query string of the target URL.',
    clauses: ['signing.signing-string'],
    rules: { signedTargetWithQuery: false },
  },
  {
    id: 'unsigned-accepted',
    area: 'signing',
    features,
    description: 'Accepts a request that carries no Signature (or no TPP-Signature-Certificate) header.',
    // The detailed operations list Signature and TPP-Signature-Certificate as required: their scenarios see it too.
    clauses: [
      'signing.missing-rejected',
      'errors.signature-missing',
      ...SIGNED_OPS.flatMap((op) => [`headers.${op}.signature`, `headers.${op}.tpp-signature-certificate`]),
    ],
    hooks: skip(
      'SIGNATURE_MISSING',
      'CERTIFICATE_MISSING',
      'required-header:*:signature',
      'required-header:*:tpp-signature-certificate',
    ),
  },
  {
    id: 'date-skew-120',
    area: 'signing',
    features,
    description: 'Allows 120 seconds of Date skew instead of 60 (a window too wide).',
    clauses: ['limits.date-skew', 'signing.date'],
    rules: { dateSkewSeconds: 120 },
  },
  {
    id: 'date-optional',
    area: 'signing',
    features,
    description: 'Accepts a signed request without a Date header.',
    clauses: ['signing.date'],
    hooks: skip('DATE_MISSING'),
  },
  {
    id: 'rfc2047-refused',
    area: 'signing',
    features,
    description: 'Refuses a Signature header MIME-encoded per RFC 2047 (=?utf-8?B?…?=).',
    clauses: ['signing.rfc2047'],
    hooks: {
      beforeHandle: (req) =>
        /^\s*=\?/.test(rawHeader(req, 'signature') ?? '')
          ? errorBody('SIGNATURE_INVALID', 'Signature is not a plain header value')
          : undefined,
    },
  },
  {
    id: 'sha512-refused',
    area: 'signing',
    features,
    description: 'Refuses a Digest computed with SHA-512.',
    clauses: ['signing.digest', 'headers.digest'],
    hooks: {
      beforeHandle: (req) =>
        /^\s*sha-512=/i.test(rawHeader(req, 'digest') ?? '')
          ? errorBody('SIGNATURE_INVALID', 'Digest algorithm SHA-512 is not supported')
          : undefined,
    },
  },
  {
    id: 'key-id-issuer-ignored',
    area: 'signing',
    features,
    description: 'Matches keyId by serial number only: a keyId naming another issuer (CA=) is accepted.',
    clauses: ['signing.key-id'],
    hooks: {
      skipChecks: new Set(['key-id']),
      beforeHandle: (req) => {
        const sig = rawHeader(req, 'signature');
        const cert = rawHeader(req, 'tpp-signature-certificate');
        const keyId = /keyId="([^"]*)"/.exec(sig ?? '')?.[1];
        if (!keyId || !cert) return undefined;
        return serialOnly(keyId, cert)
          ? undefined
          : errorBody('SIGNATURE_INVALID', `keyId "${keyId}" does not name the certificate's serial`);
      },
    },
  },
  {
    id: 'signing-string-sorted',
    area: 'signing',
    replay: 'clauses',
    description:
      'Builds the signing string in alphabetical header order instead of the order of headers=, so correctly signed requests are refused.',
    clauses: ['signing.signing-string'],
    hooks: { beforeHandle: sortedSigningString },
  },
  {
    id: 'absent-header-refused',
    area: 'signing',
    features,
    description:
      "Refuses a signature whose headers= names a header the request does not carry (draft-cavage's reading; the spec leaves it out of the signing string).",
    clauses: ['signing.signing-string'],
    hooks: { beforeHandle: absentHeaderRefused },
  },
  {
    id: 'request-target-refused',
    area: 'signing',
    features,
    description: 'Refuses a signature whose headers= includes (request-target).',
    clauses: ['signing.headers-present', 'signing.headers-list'],
    hooks: {
      beforeHandle: (req) =>
        /headers="[^"]*\(request-target\)/.test(rawHeader(req, 'signature') ?? '')
          ? errorBody('SIGNATURE_INVALID', '(request-target) is not a header')
          : undefined,
    },
  },
];
