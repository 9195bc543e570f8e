// Request signing (§ Authentication > Request signing): a verifier that skips a step, or refuses
// what the spec allows. Issue 5 adds more (src/bank/faults.ts); these are the list.
import { X509Certificate } from 'node:crypto';
import { errorBody, rawHeader, skip, type AreaFault } from './support.ts';

const features = ['request-signing', 'headers'];

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
    id: 'unsigned-accepted', area: 'signing', features,
    description: 'Accepts a request that carries no Signature (or no TPP-Signature-Certificate) header.',
    clauses: ['signing.missing-rejected', 'errors.signature-missing'],
    hooks: skip('SIGNATURE_MISSING', 'CERTIFICATE_MISSING', 'required-header:*:signature', 'required-header:*:tpp-signature-certificate'),
  },
  {
    id: 'date-skew-120', area: 'signing', features,
    description: 'Allows 120 seconds of Date skew instead of 60 (a window too wide).',
    clauses: ['limits.date-skew', 'signing.date'],
    rules: { dateSkewSeconds: 120 },
  },
  {
    id: 'date-optional', area: 'signing', features,
    description: 'Accepts a signed request without a Date header.',
    clauses: ['signing.date'],
    hooks: skip('DATE_MISSING'),
  },
  {
    id: 'rfc2047-refused', area: 'signing', features,
    description: 'Refuses a Signature header MIME-encoded per RFC 2047 (=?utf-8?B?…?=).',
    clauses: ['signing.rfc2047'],
    hooks: { beforeHandle: (req) => (/^\s*=\?/.test(rawHeader(req, 'signature') ?? '') ? errorBody(400, 'SIGNATURE_INVALID', 'Signature is not a plain header value') : undefined) },
  },
  {
    id: 'sha512-refused', area: 'signing', features,
    description: 'Refuses a Digest computed with SHA-512.',
    clauses: ['signing.digest', 'headers.digest'],
    hooks: { beforeHandle: (req) => (/^\s*sha-512=/i.test(rawHeader(req, 'digest') ?? '') ? errorBody(400, 'SIGNATURE_INVALID', 'Digest algorithm SHA-512 is not supported') : undefined) },
  },
  {
    id: 'key-id-issuer-ignored', area: 'signing', features,
    description: 'Matches keyId by serial number only: a keyId naming another issuer (CA=) is accepted.',
    clauses: ['signing.key-id'],
    hooks: {
      skipChecks: new Set(['key-id']),
      beforeHandle: (req) => {
        const sig = rawHeader(req, 'signature');
        const cert = rawHeader(req, 'tpp-signature-certificate');
        const keyId = /keyId="([^"]*)"/.exec(sig ?? '')?.[1];
        if (!keyId || !cert) return undefined;
        return serialOnly(keyId, cert) ? undefined : errorBody(400, 'SIGNATURE_INVALID', `keyId "${keyId}" does not name the certificate's serial`);
      },
    },
  },
  {
    id: 'request-target-refused', area: 'signing', features,
    description: 'Refuses a signature whose headers= includes (request-target).',
    clauses: ['signing.headers-present', 'signing.headers-list'],
    hooks: { beforeHandle: (req) => (/headers="[^"]*\(request-target\)/.test(rawHeader(req, 'signature') ?? '') ? errorBody(400, 'SIGNATURE_INVALID', '(request-target) is not a header') : undefined) },
  },
];
