// Every request-level rule check in one place, each reading `bank.rules` and `bank.checkOn(name)`.
// Order (server.ts): signature, TPP identity (production: chain and role), required headers,
// header formats, x-accept-fix, body parse, characters. All run before any handler changes state.
import { X509Certificate } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { OPERATION_HEADERS } from '../spec/headers.ts';
import { PSU_CONTEXTS, PSU_HTTP_METHODS } from '../spec/codes.ts';
import { UUID_PATTERN } from '../spec/events.ts';
import { parseAcceptFix } from '../spec/versioning.ts';
import { readPsd2Info } from '../tpp/certs.ts';
import { fromRawHeaders } from '../tpp/http-message.ts';
import { verifyRequest } from '../tpp/verify.ts';
import type { Bank } from './bank.ts';
import { BankError } from './errors.ts';
import type { Ctx, Family, Route, TppInfo } from './http.ts';
import { isNationalIdentityNumber } from './ids.ts';

/** The spec's error-body `system` value. */
export const SYSTEM = 'xs2a-reference-bank';

// ---------------------------------------------------------------- signature (§ Authentication)

/** Verifies the request with the TPP toolkit's verifier; 400 with the verifier's messages on failure. */
export function checkSignature(bank: Bank, req: IncomingMessage, body: Buffer): X509Certificate | undefined {
  const res = verifyRequest(
    {
      method: req.method ?? 'GET',
      target: bank.rules.signedTargetWithQuery ? (req.url ?? '/') : (req.url ?? '/').split('?')[0],
      headers: fromRawHeaders(req.rawHeaders),
      body,
    },
    { now: bank.now(), maxSkewSeconds: bank.rules.dateSkewSeconds },
  );
  // A bank that does not insist on the certificate (CERTIFICATE_MISSING switched off) has no key when none is sent: it
  // verifies nothing.
  const noKey = !bank.checkOn('CERTIFICATE_MISSING') && res.failures.some((f) => f.code === 'CERTIFICATE_MISSING');
  const failures = res.failures.filter(
    (f) =>
      f.level === 'must' &&
      bank.checkOn(f.id) &&
      (f.code === undefined || bank.checkOn(f.code)) &&
      !(noKey && f.id === 'signature'),
  );
  if (failures.length && bank.checkOn('signature')) {
    const missing = failures.some((f) => f.code === 'SIGNATURE_MISSING' || f.code === 'CERTIFICATE_MISSING');
    // § Errors: signature missing or invalid is 400 (no code shown); the codes are Berlin Group's.
    throw new BankError(
      missing ? 'SIGNATURE_MISSING' : 'SIGNATURE_INVALID',
      failures.map((f) => `${f.id}: ${f.message}`).join('; '),
    );
  }
  return res.certificate;
}

const TPP_CACHE = new Map<string, TppInfo>();

/** TPP identity from the signing certificate: organizationIdentifier, else the subject. */
export function tppInfo(cert: X509Certificate | undefined, certHeader: string | undefined): TppInfo {
  if (!cert) {
    // Only when a fault switched the signature check off and no certificate parsed.
    return { id: `unverified:${(certHeader ?? '').slice(0, 40)}`, roles: null };
  }
  const key = cert.fingerprint256;
  let hit = TPP_CACHE.get(key);
  if (!hit) {
    const info = readPsd2Info(cert.toString());
    hit = {
      id: info?.organizationIdentifier ?? cert.subject.split('\n').join(','),
      roles: info ? info.roles : null,
      certificate: cert,
    };
    if (TPP_CACHE.size > 1000) TPP_CACHE.clear();
    TPP_CACHE.set(key, hit);
  }
  return hit;
}

const CA_CACHE = new Map<string, X509Certificate>();

/** Production: TPP certificate issued by a configured CA and valid now (§ Authentication > TPP identity). */
export function checkChain(bank: Bank, tpp: TppInfo): void {
  if (!bank.checkOn('production-chain')) return;
  const cert = tpp.certificate;
  if (!cert) throw new BankError('CERTIFICATE_INVALID', 'no TPP-Signature-Certificate to check');
  const now = bank.now();
  if (Date.parse(cert.validFrom) > now || Date.parse(cert.validTo) < now) {
    throw new BankError(
      'CERTIFICATE_EXPIRED',
      `certificate ${cert.serialNumber} is not valid at ${new Date(now).toISOString()} (valid ${cert.validFrom} to ${cert.validTo})`,
    );
  }
  for (const pem of bank.trustedCaPems) {
    let ca = CA_CACHE.get(pem);
    if (!ca) {
      ca = new X509Certificate(pem);
      CA_CACHE.set(pem, ca);
    }
    if (cert.checkIssued(ca) && cert.verify(ca.publicKey)) return;
  }
  throw new BankError(
    'CERTIFICATE_INVALID',
    `certificate ${cert.serialNumber} (issuer ${cert.issuer.split('\n').join(', ')}) is not issued by a trusted CA`,
  );
}

/**
 * Production with a TLS client certificate (serve --tls --client-cert): the QWAC of the connection and
 * the QSealC that signs the request are the same TPP's (their organizationIdentifier), as "In
 * production the certificate and the registration are checked on each request" implies.
 */
export function checkTlsOrganisation(bank: Bank, tpp: TppInfo, req: IncomingMessage): void {
  if (!bank.checkOn('production-chain')) return;
  const peer = (req.socket as { getPeerCertificate?: () => { raw?: Buffer } }).getPeerCertificate?.();
  if (!peer?.raw) return;
  const qwac = tppInfo(new X509Certificate(peer.raw), undefined);
  if (qwac.id !== tpp.id)
    throw new BankError(
      'CERTIFICATE_INVALID',
      `the TLS client certificate is ${qwac.id}'s, the signing certificate ${tpp.id}'s: the QWAC and the QSealC must be the same TPP's`,
    );
}

/** Production: the PSD2 role of the certificate covers the operation (AI for accounts, PI for payments). */
export function checkRole(bank: Bank, tpp: TppInfo, route: Route): void {
  if (!bank.checkOn('production-role') || !route.role) return;
  const roles = tpp.roles ?? [];
  const ok = route.role === 'any' ? roles.includes('PSP_AI') || roles.includes('PSP_PI') : roles.includes(route.role);
  if (!ok) {
    const need = route.role === 'any' ? 'PSP_AI or PSP_PI' : route.role;
    throw new BankError('FORBIDDEN', `the TPP certificate has roles [${roles.join(', ')}]; ${route.op} needs ${need}`, {
      tppCode: 'FORBIDDEN',
    });
  }
}

// ---------------------------------------------------------------- required headers (§ Endpoints)

/**
 * Required headers of an operation: as src/spec lists them where the spec shows them; elsewhere
 * (adapter, our reading): the headers every request carries (Signature, TPP-Signature-Certificate,
 * § Authentication), X-Request-ID (Berlin Group: mandatory on every request), TPP-Redirect-URI on
 * every non-sandbox request (§ SCA flow step 6) and Digest when there is a body.
 */
export function requiredHeaders(op: string, family: Family, hasBody: boolean): readonly string[] {
  const spec = (OPERATION_HEADERS as Record<string, { required: readonly string[]; requiredShown: boolean }>)[op];
  if (spec?.requiredShown) return spec.required;
  const out = ['X-Request-ID', 'TPP-Signature-Certificate', 'Signature'];
  if (family !== 'sandbox' && family !== 'tpp') out.push('TPP-Redirect-URI');
  if (hasBody) out.push('Digest');
  return out;
}

export function checkRequiredHeaders(bank: Bank, ctx: Ctx): void {
  if (!bank.checkOn('required-headers')) return;
  const missing = ctx.route.required.filter((n) => !ctx.h(n) && headerRequired(bank, ctx.route.op, n));
  if (missing.length) {
    throw new BankError(
      'FORMAT_ERROR',
      `missing required header${missing.length > 1 ? 's' : ''} ${missing.join(', ')} for ${ctx.route.op}`,
      { tppCode: 'HTTP_HEADER_REQUIRED', path: missing[0] },
    );
  }
}

/** A required header may be switched off per operation or everywhere (fault seam). */
function headerRequired(bank: Bank, op: string, name: string): boolean {
  const n = name.toLowerCase();
  return bank.checkOn(`required-header:${op}:${n}`) && bank.checkOn(`required-header:*:${n}`);
}

const BOOL = /^(true|false)$/;

/** Values of the header table's typed headers (§ Endpoints > Header parameters). */
export function checkHeaderFormats(bank: Bank, ctx: Ctx): void {
  if (!bank.checkOn('header-formats')) return;
  // One header's format check may be switched off (fault seam): `header-format:<lower-case name>`.
  const bad = (name: string, why: string) => {
    if (bank.checkOn(`header-format:${name.toLowerCase()}`))
      throw new BankError('FORMAT_ERROR', `header ${name}: ${why}`, { tppCode: 'FORMAT_ERROR', path: name });
  };
  const psuId = ctx.h('psu-id');
  if (psuId !== undefined && !UUID_PATTERN.test(psuId)) bad('PSU-ID', `"${psuId.slice(0, 60)}" is not a UUID`);
  const dev = ctx.h('psu-device-id');
  if (dev !== undefined && !UUID_PATTERN.test(dev)) bad('PSU-Device-ID', 'not a UUID');
  const pctx = ctx.h('psu-context');
  if (pctx !== undefined && !(PSU_CONTEXTS as readonly string[]).includes(pctx))
    bad('PSU-Context', `must be one of ${PSU_CONTEXTS.join(', ')}`);
  const m = ctx.h('psu-http-method');
  if (m !== undefined && !(PSU_HTTP_METHODS as readonly string[]).includes(m))
    bad('PSU-HTTP-Method', `must be one of ${PSU_HTTP_METHODS.join(', ')}`);
  const pref = ctx.h('tpp-redirect-preferred');
  if (pref !== undefined && !BOOL.test(pref)) bad('TPP-Redirect-Preferred', 'must be true or false');
  const nid = ctx.h('x-psu-identity');
  if (nid !== undefined && !isNationalIdentityNumber(nid))
    bad('X-PSU-IDENTITY', 'not a valid Norwegian national identity or D-number');
  const uri = ctx.h('tpp-redirect-uri');
  if (uri !== undefined && !isRedirectUri(uri))
    bad('TPP-Redirect-URI', `"${uri.slice(0, 80)}" is not an absolute http(s) URI`);
  for (const name of ['x-request-id', 'tpp-session-id', 'psu-corporate-id']) {
    const v = ctx.h(name);
    if (v !== undefined && (v.trim() === '' || v.length > 256)) bad(name, 'must be 1 to 256 characters');
  }
}

export function isRedirectUri(uri: string): boolean {
  try {
    const u = new URL(uri);
    return u.protocol === 'https:' || u.protocol === 'http:';
  } catch {
    return false;
  }
}

// ---------------------------------------------------------------- x-accept-fix (§ Versioning)

export function checkAcceptFix(bank: Bank, ctx: Ctx): Set<string> {
  const header = ctx.h('x-accept-fix');
  const fixes = new Set(header === undefined ? [] : parseAcceptFix(header));
  if (!bank.checkOn('accept-fix')) return fixes;
  const known = bank.rules.acceptFixes.map((f) => f.value);
  const unknown = [...fixes].filter((f) => !known.includes(f));
  if (unknown.length && bank.rules.unknownAcceptFix === 'ignore') {
    for (const u of unknown) fixes.delete(u);
  } else if (unknown.length) {
    throw new BankError(
      'FORMAT_ERROR',
      `x-accept-fix: unknown fix ${unknown.map((u) => `"${u.slice(0, 60)}"`).join(', ')}; known fixes: ${known.join(', ')}`,
      { tppCode: 'FORMAT_ERROR', path: 'x-accept-fix' },
    );
  }
  const need = ctx.route.acceptFix;
  if (need !== undefined) {
    if (header === undefined && headerRequired(bank, ctx.route.op, 'x-accept-fix'))
      throw new BankError(
        'FORMAT_ERROR',
        `x-accept-fix is required for ${ctx.route.op}${need ? ` with the value ${need}` : ''}`,
        { tppCode: 'HTTP_HEADER_REQUIRED', path: 'x-accept-fix' },
      );
    if (need && header !== undefined && !fixes.has(need) && bank.checkOn('accept-fix-value'))
      throw new BankError('FORMAT_ERROR', `x-accept-fix must contain ${need} for ${ctx.route.op}`, {
        tppCode: 'FORMAT_ERROR',
        path: 'x-accept-fix',
      });
  }
  return fixes;
}

/** Whether a fix is in effect: asked for, or default by now. */
export function fixActive(bank: Bank, fixes: Set<string>, value: string, now: number): boolean {
  if (fixes.has(value)) return true;
  const f = bank.rules.acceptFixes.find((x) => x.value === value);
  if (!f) return false;
  if (f.defaultSince) return now >= Date.parse(f.defaultSince + 'T00:00:00Z');
  return f.isDefault;
}

// ---------------------------------------------------------------- body

export function parseJsonBody(ctx: Ctx): unknown {
  if (!ctx.body.length)
    throw new BankError('FORMAT_ERROR', `${ctx.route.op} needs a JSON body`, { tppCode: 'FORMAT_ERROR' });
  const text = ctx.body.toString('utf8');
  if (Buffer.byteLength(text) !== ctx.body.length || text.includes('\uFFFD')) {
    throw new BankError('FORMAT_ERROR', 'the body is not valid UTF-8', { tppCode: 'FORMAT_ERROR' });
  }
  try {
    return JSON.parse(text);
  } catch (e) {
    throw new BankError('FORMAT_ERROR', `the body is not JSON: ${(e as Error).message}`, { tppCode: 'FORMAT_ERROR' });
  }
}

/** § Errors: "a character the downstream system cannot process, such as an emoji" is refused with 400. */
/** Header values too (§ Errors: a character the downstream system cannot process, such as an emoji, gets 400).
 * Node hands header bytes over as Latin-1; UTF-8 senders' bytes are decoded back first. */
export function checkHeaderCharacters(bank: Bank, rawHeaders: readonly string[]): void {
  if (!bank.checkOn('characters')) return;
  for (let i = 0; i + 1 < rawHeaders.length; i += 2) {
    const v = rawHeaders[i + 1];
    if (!/[^\x00-\x7f]/.test(v)) continue;
    checkCharacters(bank, Buffer.from(v, 'latin1').toString('utf8'), `header ${rawHeaders[i]}`);
  }
}

export function checkCharacters(bank: Bank, value: unknown, path = ''): void {
  if (!bank.checkOn('characters')) return;
  const walk = (v: unknown, p: string): void => {
    if (typeof v === 'string') {
      const m = bank.rules.downstreamRejects.exec(v);
      if (m) {
        const cp = m[0].codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
        throw new BankError(
          'FORMAT_ERROR',
          `character U+${cp} at ${p || '/'} cannot be processed by the downstream system`,
          { tppCode: 'FORMAT_ERROR', path: p },
        );
      }
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${p}/${i}`));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        walk(k, `${p}/${k}`);
        walk(x, `${p}/${k}`);
      }
  };
  walk(value, path);
}
