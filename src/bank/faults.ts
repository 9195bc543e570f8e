// The fault seam (issue 6 builds the registry). A fault is data: rule overrides and hooks. The
// correct code path reads `rules`, asks `checkOn(name)` and runs the hooks; it never tests fault ids.
import type { IncomingMessage } from 'node:http';
import { X509Certificate } from 'node:crypto';
import type { Bank } from './bank.ts';
import type { Ctx, Reply, WireAction } from './http.ts';
import type { BankRules } from './rules.ts';
import type { CheckId, FailureCode } from '../tpp/verify.ts';
import { errorBody, rawHeader } from './faults/support.ts';
import { DATE_WINDOW_SECONDS, formatKeyId, SIGNATURE_ALGORITHM, SIGNED_HEADERS } from '../spec/signing.ts';
import type { WireCode } from '../spec/wire-codes.ts';

/** Checks a fault may switch off: the verifier's check ids and the bank's own. */
export type CheckName =
  | CheckId
  | 'required-headers' | 'header-formats' | 'accept-fix' | 'body-schema' | 'characters' | 'psu-allowance' | 'history-window'
  | 'sca-session' | 'sca-renewal' | 'consent-age' | 'corporate-id' | 'production-chain' | 'production-role' | 'basket-mix' | 'monthly-variable'
  /** One verifier failure code (DATE_MISSING, SIGNATURE_MISSING, …) instead of a whole check. */
  | FailureCode
  /** One required header: `required-header:<operation id>:<lower-case name>`, or `required-header:*:<name>` for every operation. */
  | `required-header:${string}:${string}`
  /** The TPP-Session-ID comparison of the SCA session (the expiry stays). */
  | 'sca-session-id'
  /** One header's format check: `header-format:<lower-case name>`. */
  | `header-format:${string}`
  /** The value x-accept-fix must carry on an operation (its presence stays required). */
  | 'accept-fix-value'
  /** X-PSU-IDENTITY as an alternative to PSU-ID. */
  | 'x-psu-identity'
  /** The exemptions of a call with PSU-IP-Address (PSU present) from the call allowance and from the 90-day history window. */
  | 'allowance-psu-present' | 'history-psu-present'
  /** The field lengths of sandbox account transactions. */
  | 'sandbox-field-lengths';

export interface BankHooks {
  /** Runs before routing; an answer short-circuits the request. */
  beforeHandle?: (req: IncomingMessage, body: Buffer, bank: Bank) => WireAction | undefined;
  /** Runs on every answer before it is written (chaos: garbage, stall, reset, HTML page). */
  transformResponse?: (reply: Reply, ctx: Partial<Ctx> & { bank: Bank }) => WireAction;
  /** Checks switched off. */
  skipChecks: Set<CheckName>;
}

export interface Fault {
  id: string;
  description: string;
  /** Clause ids (src/spec clauses) the fault breaks. */
  clauses: string[];
  rules?: Partial<BankRules>;
  hooks?: Partial<BankHooks>;
}

/** Merges a list of faults, in order: rules override, hooks chain, skipped checks add up. */
export function composeFaults(faults: readonly Fault[]): { rules: Partial<BankRules>; hooks: BankHooks } {
  const rules: Partial<BankRules> = {};
  const befores: NonNullable<BankHooks['beforeHandle']>[] = [];
  const transforms: NonNullable<BankHooks['transformResponse']>[] = [];
  const skipChecks = new Set<CheckName>();
  for (const f of faults) {
    Object.assign(rules, f.rules ?? {});
    if (f.hooks?.beforeHandle) befores.push(f.hooks.beforeHandle);
    if (f.hooks?.transformResponse) transforms.push(f.hooks.transformResponse);
    for (const c of f.hooks?.skipChecks ?? []) skipChecks.add(c);
  }
  const hooks: BankHooks = { skipChecks };
  if (befores.length) hooks.beforeHandle = (req, body, bank) => {
    for (const b of befores) {
      const r = b(req, body, bank);
      if (r) return r;
    }
    return undefined;
  };
  if (transforms.length) hooks.transformResponse = (reply, ctx) => {
    let out: WireAction = reply;
    for (const t of transforms) {
      if (!('status' in out)) break;
      out = t(out, ctx);
    }
    return out;
  };
  return { rules, hooks };
}

/** Example faults proving the seam (the named registry is issue 6). */
export const EXAMPLE_FAULTS: readonly Fault[] = [
  {
    id: 'date-skew-ignored',
    description: 'Accepts any Date header, however far from server time.',
    clauses: ['limits.date-skew'],
    hooks: { skipChecks: new Set<CheckName>(['date']) },
  },
  {
    id: 'basket-size-11',
    description: 'Accepts signing baskets of 11 payments.',
    clauses: ['limits.basket-size'],
    rules: { basketMaxPayments: 11 },
  },
  {
    id: 'no-psu-allowance-unlimited',
    description: 'Never answers 429 to calls without PSU present.',
    clauses: ['limits.calls-without-psu'],
    rules: { callsWithoutPsu: Number.MAX_SAFE_INTEGER },
  },
  {
    id: 'html-error-pages',
    description: 'Answers errors with an HTML page instead of the JSON error body.',
    clauses: ['fields.error-body'],
    hooks: {
      transformResponse: (reply) => (reply.status >= 400
        ? { status: reply.status, headers: { 'content-type': 'text/html' }, raw: `<html><body><h1>Error ${reply.status}</h1></body></html>` }
        : reply),
    },
  },
  {
    id: 'connection-reset-on-payments',
    description: 'Resets the connection instead of answering payment creation.',
    clauses: ['errors.SYSTEM_ERROR'],
    hooks: { transformResponse: (reply, ctx) => (ctx.route?.op === 'initiate-payment' ? { destroy: true } : reply) },
  },
];

/** Registered faults by id (issue 6 extends the registry). */
export const FAULT_REGISTRY: Map<string, Fault> = new Map(EXAMPLE_FAULTS.map((f) => [f.id, f]));

export function findFault(id: string): Fault {
  const f = FAULT_REGISTRY.get(id);
  if (!f) throw new Error(`unknown fault ${JSON.stringify(id)}; known: ${[...FAULT_REGISTRY.keys()].join(', ')}`);
  return f;
}

export function exampleFault(id: string): Fault {
  const f = EXAMPLE_FAULTS.find((x) => x.id === id);
  if (!f) throw new Error(`unknown example fault ${JSON.stringify(id)}; known: ${EXAMPLE_FAULTS.map((x) => x.id).join(', ')}`);
  return f;
}

// ---------------------------------------------------------------- faults of issue 5 (properties and the signature fuzzer)
// Appended: each makes one property or mutation operator of properties/ and src/fuzz/operators.ts
// fail, so that test/fuzz/faults.spec.ts sees every one of them fail. They are data over the
// existing seam (rules, skipped checks, beforeHandle, transformResponse); the correct path is unchanged.

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
function acceptFieldErrors(field: RegExp): NonNullable<BankHooks['transformResponse']> {
  return (reply, ctx) => {
    if (ctx.route?.op !== 'create-cross-border-payment' || reply.status !== 400) return reply;
    const b = reply.body as { message?: string; tppMessages?: Array<{ path?: string }> } | undefined;
    const where = `${b?.message ?? ''} ${b?.tppMessages?.map((m) => m.path ?? '').join(' ') ?? ''}`;
    if (!field.test(where)) return reply;
    return { status: 201, body: { transactionStatus: 'RCVD', paymentId: `fault-${Date.now().toString(36)}`, _links: {} } };
  };
}

const skip = (...names: CheckName[]) => ({ skipChecks: new Set<CheckName>(names) });

/** Canonical form a strict bank insists on: the four parts, in the spec's order, nothing else. */
const STRICT_SIGNATURE = /^keyId="[^"]*",algorithm="[^"]*",headers="[a-z0-9 -]*",signature="[^"]*"$/;
const WITHDRAWN_CURRENCIES = new Set(['BYR', 'MRO', 'STD', 'VEF', 'ZWD', 'HRK', 'SLL', 'CUC']);
const SHORT_COUNTRY_LIST_MISSES = new Set(['AQ', 'BV', 'HM', 'UM', 'TF', 'GS', 'IO', 'PN']);
const IMF_FIXDATE = /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), \d{2} [A-Z][a-z]{2} \d{4} \d{2}:\d{2}:\d{2} GMT$/;

export const ISSUE5_FAULTS: readonly Fault[] = [
  // Verifier checks switched off (a bank that forgets one step of the verification).
  { id: 'signature-unchecked', description: 'Does not verify the RSA signature value.', clauses: ['signing.signature-value', 'signing.invalid-rejected'], hooks: skip('signature') },
  { id: 'signature-header-unchecked', description: 'Ignores a Signature header it cannot parse (missing parts, duplicates, broken RFC 2047).', clauses: ['signing.header-parts', 'signing.rfc2047'], hooks: skip('signature-header') },
  { id: 'key-id-unchecked', description: 'Does not compare keyId with the certificate.', clauses: ['signing.key-id'], hooks: skip('key-id') },
  { id: 'algorithm-unchecked', description: 'Accepts any algorithm= name.', clauses: ['signing.algorithm'], hooks: skip('algorithm') },
  // A name in headers= the request does not carry is valid (step 1), so what is left to check is the list itself.
  { id: 'headers-unchecked', description: 'Does not check the headers= list itself (a name listed twice, an empty list).', clauses: ['signing.headers-list'], hooks: skip('headers') },
  { id: 'certificate-optional', description: 'Neither requires nor parses TPP-Signature-Certificate.', clauses: ['signing.missing-rejected'], hooks: skip('certificate', 'required-headers') },
  { id: 'digest-unchecked', description: 'Does not check the Digest header against the body.', clauses: ['signing.digest'], hooks: skip('digest') },
  { id: 'date-skew-30', description: `Allows only 30 seconds of Date skew instead of ${DATE_WINDOW_SECONDS}.`, clauses: ['limits.date-skew'], rules: { dateSkewSeconds: 30 } },
  // Over-strict banks: they refuse what the spec (or RFC 2047, RFC 3230, RFC 7231) allows.
  {
    id: 'signature-header-strict',
    description: 'Accepts only the plain four-part Signature header in the order keyId, algorithm, headers, signature (no RFC 2047, no other spacing or case).',
    clauses: ['signing.rfc2047', 'signing.header-parts'],
    hooks: { beforeHandle: (req) => { const s = rawHeader(req, 'signature'); return s !== undefined && !STRICT_SIGNATURE.test(s) ? faultReject('Signature is not in the canonical form') : undefined; } },
  },
  {
    id: 'key-id-exact',
    description: 'Compares keyId character by character with SN=<upper-case hex>,CA=<RFC 2253 issuer> (no leniency on hex case, zeros, DN spacing or escaping).',
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
    hooks: { beforeHandle: (req) => { const p = naiveSignatureParams(req); return p?.algorithm !== undefined && p.algorithm !== SIGNATURE_ALGORITHM ? faultReject(`algorithm "${p.algorithm}"`) : undefined; } },
  },
  {
    id: 'signed-set-fixed',
    description: 'Insists on headers= being exactly the spec\'s signed headers present, in the spec\'s order (no (request-target), no other order, none left out).',
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
    hooks: { beforeHandle: (req) => { const c = rawHeader(req, 'tpp-signature-certificate'); return c !== undefined && !/^[A-Za-z0-9+/]+=*$/.test(c) ? faultReject('TPP-Signature-Certificate is not bare base64', 'CERTIFICATE_INVALID') : undefined; } },
  },
  {
    id: 'digest-sha256-exact',
    description: 'Accepts only a Digest written exactly "SHA-256=…" (no SHA-512, algorithm name case-sensitive).',
    clauses: ['signing.digest'],
    hooks: { beforeHandle: (req) => { const d = rawHeader(req, 'digest'); return d !== undefined && !d.startsWith('SHA-256=') ? faultReject(`Digest "${d.slice(0, 20)}…" is not SHA-256`) : undefined; } },
  },
  {
    id: 'obsolete-dates-rejected',
    description: 'Refuses Date headers in the obsolete RFC 850 and asctime forms that RFC 7231 obliges recipients to accept.',
    clauses: ['conventions.date-header'],
    hooks: { beforeHandle: (req) => { const d = rawHeader(req, 'date'); return d !== undefined && !IMF_FIXDATE.test(d) ? faultReject(`Date "${d}" is not IMF-fixdate`) : undefined; } },
  },
  // Payment bodies.
  { id: 'amount-format-unchecked', description: 'Creates cross-border payments whatever the instructed amount looks like.', clauses: ['limits.amount-precision', 'conventions.amount-string'], hooks: { transformResponse: acceptFieldErrors(/instructedAmount(?!\/currency)/) } },
  {
    id: 'amount-two-decimals-only',
    description: 'Insists on two fraction digits in every amount, whatever the currency\'s minor units.',
    clauses: ['limits.amount-precision'],
    hooks: { beforeHandle: (req, body) => { const b = crossBorderBody(req, body); const a = b?.instructedAmount?.amount; return typeof a === 'string' && !/^\d+\.\d{2}$/.test(a) ? faultReject(`amount "${a}" must have two decimals`, 'FORMAT_ERROR') : undefined; } },
  },
  { id: 'currency-list-unchecked', description: 'Takes any currency code in a cross-border payment.', clauses: ['conventions.currency-code'], hooks: { transformResponse: acceptFieldErrors(/currency/) } },
  {
    id: 'currency-withdrawn-rejected',
    description: 'Refuses the withdrawn currency codes the spec still lists (BYR, MRO, STD, VEF, ZWD, HRK, SLL, CUC).',
    clauses: ['conventions.currency-code'],
    hooks: { beforeHandle: (req, body) => { const c = crossBorderBody(req, body)?.instructedAmount?.currency; return typeof c === 'string' && WITHDRAWN_CURRENCIES.has(c) ? faultReject(`currency ${c} is withdrawn`, 'FORMAT_ERROR') : undefined; } },
  },
  { id: 'country-list-unchecked', description: 'Takes any country code in creditorAddress.', clauses: ['conventions.country-code'], hooks: { transformResponse: acceptFieldErrors(/creditorAddress/) } },
  {
    id: 'country-list-short',
    description: 'Refuses a few listed territories without residents (AQ, BV, HM, UM, TF, GS, IO, PN) in creditorAddress.',
    clauses: ['conventions.country-code'],
    hooks: { beforeHandle: (req, body) => { const c = crossBorderBody(req, body)?.creditorAddress?.country; return typeof c === 'string' && SHORT_COUNTRY_LIST_MISSES.has(c) ? faultReject(`country ${c} is not served`, 'FORMAT_ERROR') : undefined; } },
  },
  // States.
  { id: 'basket-best-case', description: 'A signing basket reports the best status among its payments instead of the worst.', clauses: ['states.basket-worst-case'], rules: { basketBadness: ['ACTC', 'PATC', 'RCVD', 'RJCT'] } },
];

for (const f of ISSUE5_FAULTS) {
  if (FAULT_REGISTRY.has(f.id)) throw new Error(`fault ${f.id} is registered twice`);
  FAULT_REGISTRY.set(f.id, f);
}
