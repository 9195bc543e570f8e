// The property faults (properties and the signature fuzzer): each makes one property or mutation
// operator of properties/ and src/fuzz/operators.ts fail, so that test/fuzz/faults.spec.ts sees every
// one of them fail. They are data over the seam (rules, skipped checks, beforeHandle,
// transformResponse); the correct path is unchanged. Registered in fault-registry.ts.
import { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { DATE_WINDOW_SECONDS, formatKeyId, SIGNATURE_ALGORITHM, SIGNED_HEADERS } from '../../spec/signing.ts';
import type { WireCode } from '../../spec/wire-codes.ts';
import type { Fault } from '../seam.ts';
import { errorBody, rawHeader, skip, type Transform, type WireAction } from './support.ts';

const faultReject = (message: string, code: WireCode = 'SIGNATURE_INVALID'): WireAction => errorBody(code, message);

/** The Signature parameters of a request as a plain map (undefined when not parsable by a naive bank). */
function naiveSignatureParams(req: IncomingMessage): Record<string, string> | undefined {
  const s = rawHeader(req, 'signature');
  if (!s) return undefined;
  const out: Record<string, string> = {};
  for (const m of s.matchAll(/([A-Za-z]+)="([^"]*)"/g)) out[m[1]] = m[2];
  return out;
}

const CROSS_BORDER = /^\/v1\/payments\/cross-border-credit-transfers(?:\?|$)/;

function crossBorderBody(req: IncomingMessage, body: Buffer): Record<string, any> | undefined {
  if (req.method !== 'POST' || !CROSS_BORDER.test(req.url ?? '')) return undefined;
  try {
    const v = JSON.parse(body.toString('utf8'));
    return v && typeof v === 'object' ? v : undefined;
  } catch {
    return undefined;
  }
}

/** A 400 of cross-border creation about one field becomes a made-up 201 (a bank that does not check it). */
function acceptFieldErrors(field: RegExp): Transform {
  return (reply, ctx) => {
    if (ctx.route?.op !== 'create-cross-border-payment' || reply.status !== 400) return reply;
    const b = reply.body as { message?: string; tppMessages?: Array<{ path?: string }> } | undefined;
    const where = `${b?.message ?? ''} ${b?.tppMessages?.map((m) => m.path ?? '').join(' ') ?? ''}`;
    if (!field.test(where)) return reply;
    return {
      status: 201,
      body: { transactionStatus: 'RCVD', paymentId: `fault-${Date.now().toString(36)}`, _links: {} },
    };
  };
}

/** Canonical form a strict bank insists on: the four parts, in the spec's order, nothing else. */
const STRICT_SIGNATURE = /^keyId="[^"]*",algorithm="[^"]*",headers="[a-z0-9 -]*",signature="[^"]*"$/;
const WITHDRAWN_CURRENCIES = new Set(['BYR', 'MRO', 'STD', 'VEF', 'ZWD', 'HRK', 'SLL', 'CUC']);
const SHORT_COUNTRY_LIST_MISSES = new Set(['AQ', 'BV', 'HM', 'UM', 'TF', 'GS', 'IO', 'PN']);
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

/** The property faults (registered after the seam's examples, before the per-area faults). */
export const PROPERTY_FAULTS: readonly Fault[] = [
  // Verifier checks switched off (a bank that forgets one step of the verification).
  {
    id: 'signature-unchecked',
    description: 'Does not verify the RSA signature value.',
    clauses: ['signing.signature-value', 'signing.invalid-rejected'],
    hooks: skip('signature'),
  },
  {
    id: 'signature-header-unchecked',
    description: 'Ignores a Signature header it cannot parse (missing parts, duplicates, broken RFC 2047).',
    clauses: ['signing.header-parts', 'signing.rfc2047'],
    hooks: skip('signature-header'),
  },
  {
    id: 'key-id-unchecked',
    description: 'Does not compare keyId with the certificate.',
    clauses: ['signing.key-id'],
    hooks: skip('key-id'),
  },
  {
    id: 'algorithm-unchecked',
    description: 'Accepts any algorithm= name.',
    clauses: ['signing.algorithm'],
    hooks: skip('algorithm'),
  },
  // A name in headers= the request does not carry is valid (step 1), so what is left to check is the list itself.
  {
    id: 'headers-unchecked',
    description: 'Does not check the headers= list itself (a name listed twice, an empty list).',
    clauses: ['signing.headers-list'],
    hooks: skip('headers'),
  },
  {
    id: 'certificate-optional',
    description: 'Neither requires nor parses TPP-Signature-Certificate.',
    clauses: ['signing.missing-rejected'],
    hooks: skip('certificate', 'required-headers'),
  },
  {
    id: 'digest-unchecked',
    description: 'Does not check the Digest header against the body.',
    clauses: ['signing.digest'],
    hooks: skip('digest'),
  },
  {
    id: 'date-skew-30',
    description: `Allows only 30 seconds of Date skew instead of ${DATE_WINDOW_SECONDS}.`,
    clauses: ['limits.date-skew'],
    rules: { dateSkewSeconds: 30 },
  },
  // Over-strict banks: they refuse what the spec (or RFC 2047, RFC 3230, RFC 7231) allows.
  {
    id: 'signature-header-strict',
    description:
      'Accepts only the plain four-part Signature header in the order keyId, algorithm, headers, signature (no RFC 2047, no other spacing or case).',
    clauses: ['signing.rfc2047', 'signing.header-parts'],
    hooks: {
      beforeHandle: (req) => {
        const s = rawHeader(req, 'signature');
        return s !== undefined && !STRICT_SIGNATURE.test(s)
          ? faultReject('Signature is not in the canonical form')
          : undefined;
      },
    },
  },
  {
    id: 'key-id-exact',
    description:
      'Compares keyId character by character with SN=<upper-case hex>,CA=<RFC 2253 issuer> (no leniency on hex case, zeros, DN spacing or escaping).',
    clauses: ['signing.key-id'],
    hooks: {
      beforeHandle: (req) => {
        const p = naiveSignatureParams(req);
        const cert = rawHeader(req, 'tpp-signature-certificate');
        if (!p?.keyId || !cert) return undefined;
        try {
          const c = new X509Certificate(Buffer.from(cert, 'base64'));
          const want = formatKeyId(c.serialNumber, c.issuer.split('\n').reverse().join(','));
          return p.keyId !== want ? faultReject(`keyId "${p.keyId}" is not "${want}"`) : undefined;
        } catch {
          return undefined;
        }
      },
    },
  },
  {
    id: 'algorithm-exact',
    description: `Accepts algorithm="${SIGNATURE_ALGORITHM}" only in lower case.`,
    clauses: ['signing.algorithm'],
    hooks: {
      beforeHandle: (req) => {
        const p = naiveSignatureParams(req);
        return p?.algorithm !== undefined && p.algorithm !== SIGNATURE_ALGORITHM
          ? faultReject(`algorithm "${p.algorithm}"`)
          : undefined;
      },
    },
  },
  {
    id: 'signed-set-fixed',
    description:
      "Insists on headers= being exactly the spec's signed headers present, in the spec's order (no (request-target), no other order, none left out).",
    clauses: ['signing.headers-list', 'signing.headers-present'],
    hooks: {
      beforeHandle: (req) => {
        const p = naiveSignatureParams(req);
        if (p?.headers === undefined) return undefined;
        const want = SIGNED_HEADERS.filter((n) => req.headers[n] !== undefined).join(' ');
        return p.headers.toLowerCase() !== want ? faultReject(`headers="${p.headers}" is not "${want}"`) : undefined;
      },
    },
  },
  {
    id: 'certificate-base64-only',
    description: 'Refuses a TPP-Signature-Certificate with PEM armour.',
    clauses: ['signing.header-parts'],
    hooks: {
      beforeHandle: (req) => {
        const c = rawHeader(req, 'tpp-signature-certificate');
        return c !== undefined && !/^[A-Za-z0-9+/]+=*$/.test(c)
          ? faultReject('TPP-Signature-Certificate is not bare base64', 'CERTIFICATE_INVALID')
          : undefined;
      },
    },
  },
  {
    id: 'digest-sha256-exact',
    description: 'Accepts only a Digest written exactly "SHA-256=…" (no SHA-512, algorithm name case-sensitive).',
    clauses: ['signing.digest'],
    hooks: {
      beforeHandle: (req) => {
        const d = rawHeader(req, 'digest');
        return d !== undefined && !d.startsWith('SHA-256=')
          ? faultReject(`Digest "${d.slice(0, 20)}…" is not SHA-256`)
          : undefined;
      },
    },
  },
  {
    id: 'obsolete-dates-rejected',
    description:
      'Refuses Date headers in the obsolete RFC 850 and asctime forms that RFC 7231 obliges recipients to accept.',
    clauses: ['conventions.date-header'],
    hooks: {
      beforeHandle: (req) => {
        const d = rawHeader(req, 'date');
        return d !== undefined && !IMF_FIXDATE.test(d) ? faultReject(`Date "${d}" is not IMF-fixdate`) : undefined;
      },
    },
  },
  // Payment bodies.
  {
    id: 'amount-format-unchecked',
    description: 'Creates cross-border payments whatever the instructed amount looks like.',
    clauses: ['limits.amount-precision', 'conventions.amount-string'],
    hooks: { transformResponse: acceptFieldErrors(/instructedAmount(?!\/currency)/) },
  },
  {
    id: 'amount-two-decimals-only',
    description: "Insists on two fraction digits in every amount, whatever the currency's minor units.",
    clauses: ['limits.amount-precision'],
    hooks: {
      beforeHandle: (req, body) => {
        const b = crossBorderBody(req, body);
        const a = b?.instructedAmount?.amount;
        return typeof a === 'string' && !/^\d+\.\d{2}$/.test(a)
          ? faultReject(`amount "${a}" must have two decimals`, 'FORMAT_ERROR')
          : undefined;
      },
    },
  },
  {
    id: 'currency-list-unchecked',
    description: 'Takes any currency code in a cross-border payment.',
    clauses: ['conventions.currency-code'],
    hooks: { transformResponse: acceptFieldErrors(/currency/) },
  },
  {
    id: 'currency-withdrawn-rejected',
    description: 'Refuses the withdrawn currency codes the spec still lists (BYR, MRO, STD, VEF, ZWD, HRK, SLL, CUC).',
    clauses: ['conventions.currency-code'],
    hooks: {
      beforeHandle: (req, body) => {
        const c = crossBorderBody(req, body)?.instructedAmount?.currency;
        return typeof c === 'string' && WITHDRAWN_CURRENCIES.has(c)
          ? faultReject(`currency ${c} is withdrawn`, 'FORMAT_ERROR')
          : undefined;
      },
    },
  },
  {
    id: 'country-list-unchecked',
    description: 'Takes any country code in creditorAddress.',
    clauses: ['conventions.country-code'],
    hooks: { transformResponse: acceptFieldErrors(/creditorAddress/) },
  },
  {
    id: 'country-list-short',
    description:
      'Refuses a few listed territories without residents (AQ, BV, HM, UM, TF, GS, IO, PN) in creditorAddress.',
    clauses: ['conventions.country-code'],
    hooks: {
      beforeHandle: (req, body) => {
        const c = crossBorderBody(req, body)?.creditorAddress?.country;
        return typeof c === 'string' && SHORT_COUNTRY_LIST_MISSES.has(c)
          ? faultReject(`country ${c} is not served`, 'FORMAT_ERROR')
          : undefined;
      },
    },
  },
  // States.
  {
    id: 'basket-best-case',
    description: 'A signing basket reports the best status among its payments instead of the worst.',
    clauses: ['states.basket-worst-case'],
    rules: { basketBadness: ['ACTC', 'PATC', 'RCVD', 'RJCT'] },
  },
];
