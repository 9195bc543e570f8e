/**
 * Spec § Authentication as data: TPP identity, the steps of request signing and the server's answers
 * to unsigned or badly signed requests, and the rules of the SCA redirect flow.
 */
import type { Level } from './level.ts';
import { DATE_WINDOW_SECONDS, SIGNATURE_ALGORITHM } from './signing.ts';

export interface AuthRule {
  readonly id: string;
  /** Step number in the spec's numbered list, where the rule is one. */
  readonly step?: number;
  readonly text: string;
  readonly level: Level;
  /** Error pair (errors.ts) or limit (limits.ts) the rule goes with. */
  readonly errorId?: string;
  readonly limitId?: string;
}

const rule = (id: string, text: string, extra: Partial<AuthRule> = {}): AuthRule => ({
  id,
  text,
  level: 'must',
  ...extra,
});

/** § Authentication > TPP identity. */
export const TPP_IDENTITY_RULES: readonly AuthRule[] = [
  rule(
    'eidas-certificate',
    'The TPP holds a qualified eIDAS certificate from a trusted authority and is registered as an account information provider and/or a payment initiation provider. In production the certificate and the registration are checked on each request.',
  ),
  rule('tls', 'Transport: TLS 1.2 or higher.'),
];

/** § Authentication > Request signing: the numbered steps, then the server behaviour paragraph. */
export const SIGNING_RULES: readonly AuthRule[] = [
  rule(
    'headers-present',
    'Every request in sandbox and production carries a `Signature` header and a `TPP-Signature-Certificate` header.',
  ),
  rule(
    'signing-string',
    'Signing string: for each header present among the signed set, in the order of the `headers` part, the lowercase name, a colon, a space and the value; lines joined with a newline. A header absent from the request is absent from the signing string.',
    { step: 1 },
  ),
  rule('signature-value', 'Signature value: Base64 of the RSA-SHA256 signature over the signing string.', { step: 2 }),
  rule(
    'header-parts',
    'The Signature header is the four parts `keyId`, `algorithm`, `headers`, `signature`, each as `name="value"`, joined by commas.',
    { step: 3 },
  ),
  rule(
    'key-id',
    '`keyId` has the form `SN=<hex serial>,CA=<issuer DN>`: the certificate serial number in upper-case hexadecimal, the issuer distinguished name formatted per RFC 2253.',
    { step: 4 },
  ),
  rule('algorithm', `\`algorithm\` names the algorithm of the certificate, expected \`${SIGNATURE_ALGORITHM}\`.`, {
    step: 5,
  }),
  rule('headers-list', '`headers` lists the signed header names separated by single spaces.', { step: 6 }),
  rule(
    'rfc2047',
    'When any part of the signature header is ISO-8859-1 or UTF-8 encoded, the whole header value is MIME-encoded per RFC 2047: `=?utf-8?B?<base64 of the UTF-8 bytes>?=` for UTF-8 and Base64.',
    { step: 7 },
  ),
  rule(
    'digest',
    'The `Digest` header has the form `<algorithm>=<base64 hash of the body>`, with SHA-256 or SHA-512, over the body exactly as sent.',
    { step: 8 },
  ),
  rule('date', `The \`Date\` header must be present and within ${DATE_WINDOW_SECONDS} seconds of server time.`, {
    step: 9,
    limitId: 'date-skew',
  }),
  rule('missing-rejected', 'A request that should be signed but has no signature is rejected with 400.', {
    errorId: 'signature-missing',
  }),
  rule('invalid-rejected', 'A signature that fails validation is rejected with 400.', { errorId: 'signature-invalid' }),
  rule('response-signature', 'The server may sign its responses; the TPP should verify them.', { level: 'should' }),
];

// The signing facts themselves (signed set, algorithm, digests, parts, keyId form, Date window) are in signing.ts.

/** § Authentication > PSU authentication (SCA redirect flow), one rule per numbered step. */
export const SCA_FLOW_RULES: readonly AuthRule[] = [
  rule(
    'redirect-on-401',
    'A request that needs SCA is answered with status 401 and a `scaRedirect` link. The TPP sends the PSU to it.',
    { step: 1, errorId: 'sca-required' },
  ),
  rule(
    'psu-authenticates',
    'The PSU authenticates. In production, the PSU first confirms access, then selects an SCA method. In the sandbox only a mock national identity number is asked.',
    { step: 2 },
  ),
  rule(
    'accounts-and-context',
    'The PSU selects which accounts to grant, and picks `PRIVATE` or `CORPORATE` context. Consent is registered inside the flow and is hidden from the TPP.',
    { step: 3 },
  ),
  rule('redirect-to-tpp', 'The PSU is redirected to the `TPP-Redirect-URI` with the parameters in Events.', {
    step: 4,
  }),
  rule(
    'psu-id-reused',
    'The TPP stores the `psu-id` (UUID, unique per TPP and bank pair, stable) and sends it in `PSU-ID` on all later requests for that PSU.',
    { step: 5 },
  ),
  rule(
    'redirect-uri-always',
    '`TPP-Redirect-URI` is required on every request, since the TPP cannot know when SCA will be demanded. The server may exempt a request from SCA or may demand SCA on any request; the TPP must inspect responses for `scaRedirect`.',
    { step: 6 },
  ),
  rule(
    'corporate-context',
    "Corporate context: after SCA, both `PSU-ID` and `PSU-Corporate-ID` are sent. A new corporate id without consent starts a new consent flow. A corporate user's request lacking `PSU-Corporate-ID` is answered with 400.",
    { step: 7, errorId: 'corporate-id-missing' },
  ),
  rule(
    'session',
    '`TPP-Session-ID` lets SCA last up to 1 hour across TPP roles; not for services that require SCA with dynamic linking.',
    { step: 8, limitId: 'sca-session-validity' },
  ),
  rule(
    'biometric',
    "`TPP-Redirect-Preferred: false` on every request triggers biometric authentication in the bank's mobile application where available; application links are used when both apps are on the same device, and the flow falls back to the default if the bank app is not configured.",
    { step: 9 },
  ),
  rule(
    'consent-revocation',
    'The PSU can revoke consent at any time directly with the bank, which need not notify TPPs. The bank may remove payment permission on an account still available for account information.',
    { step: 10 },
  ),
];
