/**
 * Spec § Authentication > Request signing, the facts as data: the signed header set and its order,
 * the signature algorithm, the Digest algorithms, the parts of the Signature header, the keyId form
 * and the Date window. This file is their one home: the TPP toolkit (src/tpp), the reference bank,
 * the fuzzer and the CLI help read them from here (test/spec/signing-once.spec.ts keeps it so).
 */

/**
 * Step 1: the headers the signed set may contain, in the order the platform's own TPP tooling uses
 * (only those present are signed). `date` is not in the header table but must be present (step 9).
 */
export const SIGNED_HEADERS = [
  'date',
  'digest',
  'x-request-id',
  'psu-id',
  'psu-corporate-id',
  'tpp-redirect-uri',
] as const;
export type SignedHeader = (typeof SIGNED_HEADERS)[number];

/** Pseudo-header for the target URL that the signed set may also include (step 1). */
export const REQUEST_TARGET = '(request-target)';

/** Every name the `headers` part of a Signature header may carry. */
export const SIGNABLE_HEADERS: readonly string[] = [...SIGNED_HEADERS, REQUEST_TARGET];

/** Parts of the Signature header, in the spec's order (step 3). */
export const SIGNATURE_PARAMS = ['keyId', 'algorithm', 'headers', 'signature'] as const;

/** Step 5: the algorithm named in `algorithm=` (the certificate's). */
export const SIGNATURE_ALGORITHM = 'rsa-sha256';

/**
 * Step 8: the Digest algorithms, by their RFC 5843 token (case-insensitive per RFC 3230), with the
 * node:crypto hash that computes them and the length of the hash in bytes.
 */
export const DIGEST_ALGORITHMS = {
  'SHA-256': { hash: 'sha256', bytes: 32 },
  'SHA-512': { hash: 'sha512', bytes: 64 },
} as const;
export type DigestAlgorithm = keyof typeof DIGEST_ALGORITHMS;
export const DIGEST_ALGORITHM_NAMES = Object.keys(DIGEST_ALGORITHMS) as readonly DigestAlgorithm[];

const DIGEST_BY_LOWER: ReadonlyMap<string, DigestAlgorithm> = new Map(
  DIGEST_ALGORITHM_NAMES.map((n) => [n.toLowerCase(), n]),
);
/** The Digest algorithm a token names, case-insensitively (RFC 3230); undefined when not one of the spec's. */
export const digestAlgorithmNamed = (token: string): DigestAlgorithm | undefined =>
  DIGEST_BY_LOWER.get(token.toLowerCase());

/** Step 4: `SN=<upper-case hex serial>,CA=<issuer DN>`. */
export const KEY_ID_PATTERN = /^SN=([0-9A-F]+),CA=(.+)$/;
/** Step 4: the keyId of a certificate, from its serial (hex) and its issuer DN in RFC 2253 form. */
export const formatKeyId = (serialHex: string, issuerRfc2253: string): string =>
  `SN=${serialHex.toUpperCase()},CA=${issuerRfc2253}`;

/** Step 7: the RFC 2047 wrapping of a UTF-8, Base64 encoded header value. */
export const RFC2047_UTF8_B_PATTERN = /^=\?utf-8\?B\?([A-Za-z0-9+/]*={0,2})\?=$/i;

/** Step 9 and § Limits `date-skew`: the Date header is within this many seconds of server time, either side. */
export const DATE_WINDOW_SECONDS = 60;
