// Helpers of the platform-wide checks: headers, conventions, error bodies, versioning. Data the checks
// need that the spec gives lives in src/spec; the example header values below are the platform's own
// documentation examples (facts §1.3) or Berlin Group's.
import { brotliDecompressSync, gunzipSync, inflateRawSync, inflateSync } from 'node:zlib';
import { randomUUID } from 'node:crypto';
import { HEADERS } from '../spec/headers.ts';
import { parseHttpDate } from '../tpp/http-date.ts';
import { CheckFailure } from '../session/errors.ts';
import { describeResponse, fail, responseOf } from '../session/expect.ts';
import type { Exchange, RequestSpec } from '../tpp/client.ts';
import { checkErrorBody } from '../spec/validate.ts';

/** A valid value for each optional header of the table (§ Endpoints > Header parameters). */
export const OPTIONAL_HEADER_VALUES: Readonly<Record<string, string>> = {
  Accept: 'application/json',
  'Accept-Charset': 'utf-8',
  'Accept-Encoding': 'deflate, gzip;q=1.0, *;q=0.5',
  'Accept-Language': 'en-US,en;q=0.7,nb;q=0.3',
  'TPP-Redirect-Preferred': 'true',
  'TPP-Brand-Logging-Information': 'Conformance TPP',
  'PSU-Context': 'PRIVATE',
  'PSU-IP-Port': '443',
  'PSU-User-Agent': 'Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Firefox/128.0',
  'PSU-Accept': 'text/html,application/xhtml+xml;q=0.9',
  'PSU-Accept-Charset': 'utf-8',
  'PSU-Accept-Encoding': 'gzip, br',
  'PSU-Accept-Language': 'nb-NO,nb;q=0.9,en;q=0.8',
  'PSU-HTTP-Method': 'GET',
  'PSU-Device-ID': '99435c7e-ad88-49ec-a2ad-99ddcb1f7721',
  'PSU-Geo-Location': 'GEO:59.911491;10.757933',
};

// Every header row that is neither sent by the client for this PSU nor a signing header has a value above.
const CLIENT_SENT = new Set([
  'x-accept-fix',
  'host',
  'content-type',
  'x-request-id',
  'tpp-session-id',
  'tpp-redirect-uri',
  'digest',
  'tpp-signature-certificate',
  'signature',
  'psu-id',
  'x-psu-identity',
  'psu-corporate-id',
  'psu-ip-address',
]);
const MISSING = HEADERS.map((h) => h.name).filter(
  (n) => !CLIENT_SENT.has(n.toLowerCase()) && !(n in OPTIONAL_HEADER_VALUES),
);
if (MISSING.length) throw new Error(`platform.ts: no example value for the optional headers ${MISSING.join(', ')}`);

/** The body bytes as sent before Content-Encoding (gzip, deflate, br, identity). */
export function decodedBody(ex: Exchange | undefined, clauses: string[] = []): Buffer {
  const r = responseOf(ex, clauses);
  const enc = String(r.headers['content-encoding'] ?? 'identity')
    .toLowerCase()
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)
    .reverse();
  let body = r.body;
  for (const e of enc) {
    try {
      if (e === 'gzip' || e === 'x-gzip') body = gunzipSync(body);
      else if (e === 'deflate') {
        try {
          body = inflateSync(body);
        } catch {
          body = inflateRawSync(body);
        }
      } else if (e === 'br') body = brotliDecompressSync(body);
      else if (e !== 'identity')
        fail(`the answer has Content-Encoding "${e}", which the TPP did not accept`, [
          'headers.accept-encoding',
          ...clauses,
        ]);
    } catch (err) {
      if (err instanceof CheckFailure) throw err;
      fail(`the body does not decode as Content-Encoding ${e}: ${(err as Error).message}`, [
        'headers.accept-encoding',
        ...clauses,
      ]);
    }
  }
  return body;
}

/** § What the service does: all bodies are JSON, UTF-8 encoded. */
export function expectJsonUtf8(ex: Exchange | undefined): unknown {
  const r = responseOf(ex, ['conventions.json-utf8']);
  const ct = String(r.headers['content-type'] ?? '');
  if (!/^application\/([\w.+-]+\+)?json\s*(;|$)/i.test(ct))
    fail(`the answer's Content-Type is "${ct || 'missing'}", not application/json: ${describeResponse(ex)}`, [
      'conventions.json-utf8',
      'headers.accept',
    ]);
  const charset = /;\s*charset\s*=\s*"?([^";\s]+)/i.exec(ct)?.[1];
  if (charset && charset.toLowerCase() !== 'utf-8' && charset.toLowerCase() !== 'utf8')
    fail(`the answer's charset is ${charset}, not UTF-8`, ['conventions.json-utf8', 'headers.accept-charset']);
  const bytes = decodedBody(ex, ['conventions.json-utf8']);
  const text = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (Buffer.byteLength(text) !== bytes.length || text.includes('\uFFFD'))
    fail('the answer body is not valid UTF-8', ['conventions.json-utf8']);
  try {
    return JSON.parse(text);
  } catch (e) {
    return fail(`the answer body is not JSON (${(e as Error).message}): ${text.slice(0, 200)}`, [
      'conventions.json-utf8',
    ]);
  }
}

const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME =
  /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]([01]\d|2[0-3]):?[0-5]\d)$/;

function realDate(y: string, m: string, d: string): boolean {
  const t = Date.UTC(+y, +m - 1, +d);
  return new Date(t).toISOString().slice(0, 10) === `${y}-${m}-${d}`;
}

/**
 * § Conventions: dates in JSON are ISO 8601 dates or date-times with offset. Fields named *date* / *Date*; `expiry`
 * too.
 */
export function badJsonDates(value: unknown, path = ''): string[] {
  const out: string[] = [];
  const walk = (v: unknown, p: string, key: string) => {
    if (Array.isArray(v)) v.forEach((x, i) => walk(x, `${p}/${i}`, key));
    else if (v && typeof v === 'object') for (const [k, x] of Object.entries(v)) walk(x, `${p}/${k}`, k);
    else if (/date|^expiry$/i.test(key) && v !== null && v !== undefined) {
      if (typeof v !== 'string') {
        out.push(`${p} = ${JSON.stringify(v)} (not a string)`);
        return;
      }
      const m = ISO_DATE.exec(v) ?? ISO_DATE_TIME.exec(v);
      if (!m || !realDate(m[1], m[2], m[3])) out.push(`${p} = "${v}"`);
    }
  };
  walk(value, path, '');
  return out;
}

/** The UTF-8 bytes of a text as a header value string (Node sends header strings as Latin-1). */
export const utf8HeaderValue = (text: string): string => Buffer.from(text, 'utf8').toString('latin1');

/** An RFC 7231 date in one of the two obsolete forms (RFC 850, asctime). */
export function obsoleteHttpDate(ms: number, form: 'RFC 850' | 'asctime'): string {
  const d = new Date(ms);
  const days = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  const two = (n: number) => String(n).padStart(2, '0');
  const time = `${two(d.getUTCHours())}:${two(d.getUTCMinutes())}:${two(d.getUTCSeconds())}`;
  if (form === 'RFC 850')
    return `${days[d.getUTCDay()]}, ${two(d.getUTCDate())}-${months[d.getUTCMonth()]}-${two(d.getUTCFullYear() % 100)} ${time} GMT`;
  return `${days[d.getUTCDay()].slice(0, 3)} ${months[d.getUTCMonth()]} ${String(d.getUTCDate()).padStart(2, ' ')} ${time} ${d.getUTCFullYear()}`;
}

export function expectHttpDate(value: string | undefined): void {
  if (value === undefined) return;
  const p = parseHttpDate(value);
  if (!p.ok) fail(`the answer's Date header: ${p.message}`, ['conventions.date-header']);
  if (p.form !== 'imf-fixdate')
    fail(
      `the answer's Date header "${value}" uses the obsolete ${p.form} form; RFC 7231 senders must send the IMF-fixdate`,
      ['conventions.date-header'],
    );
}

const CROSS_BORDER = '/v1/payments/cross-border-credit-transfers';

/** Malformed or non-JSON payment bodies, by the name the scenarios use. `body` gets the valid body. */
export function malformedPaymentBody(
  name: string,
  valid: Record<string, unknown>,
): { body: Buffer | string | unknown; contentType?: string } {
  const text = JSON.stringify(valid);
  switch (name) {
    case 'JSON cut off in the middle':
      return { body: text.slice(0, Math.floor(text.length / 2)) };
    case 'JSON with a trailing comma':
      return { body: text.replace(/}$/, ',}') };
    case 'an empty body':
      return { body: Buffer.alloc(0), contentType: 'application/json' };
    case 'JSON with creditorName as a number':
      return { body: { ...valid, creditorName: 12345 } };
    case 'JSON with instructedAmount as a string':
      return { body: { ...valid, instructedAmount: '12.50 EUR' } };
    case 'a JSON array instead of an object':
      return { body: JSON.stringify([valid]) };
    case 'XML with Content-Type application/xml': {
      const x = valid as any;
      return {
        contentType: 'application/xml',
        body: `<?xml version="1.0" encoding="UTF-8"?><CrossBorderPayment><instructedAmount><amount>${x.instructedAmount?.amount}</amount><currency>${x.instructedAmount?.currency}</currency></instructedAmount><creditorName>${x.creditorName}</creditorName></CrossBorderPayment>`,
      };
    }
    case 'JSON with creditorName in ISO-8859-1 bytes':
      return { body: Buffer.from(JSON.stringify({ ...valid, creditorName: 'Kjøpmann Ærlig Å' }), 'latin1') };
    default:
      throw new Error(`unknown malformed body "${name}"`);
  }
}

/**
 * A cross-border payment whose body is `name` (malformedPaymentBody), and its control: the same payment with the valid
 * body.
 */
export function malformedPayment(
  name: string,
  valid: Record<string, unknown>,
): { violating: RequestSpec; control: RequestSpec } {
  const { body, contentType } = malformedPaymentBody(name, valid);
  const headers = { 'x-accept-fix': 'amount-as-string' };
  return {
    violating: {
      method: 'POST',
      path: CROSS_BORDER,
      body,
      headers: {
        ...headers,
        'Content-Type':
          contentType ?? (typeof body === 'object' && !Buffer.isBuffer(body) ? undefined : 'application/json'),
      },
    },
    control: { method: 'POST', path: CROSS_BORDER, body: valid, headers },
  };
}

/** Requests that commonly break servers (the SYSTEM_ERROR scenario). `payment` is a valid payment body. */
export function unusualRequests(payment: Record<string, unknown>): Array<{ name: string; spec: RequestSpec }> {
  const fix = { 'x-accept-fix': 'amount-as-string' };
  let deep = '1';
  for (let i = 0; i < 5000; i++) deep = `{"a":${deep}}`;
  return [
    {
      name: 'JSON nested 5000 levels deep',
      spec: { method: 'POST', path: CROSS_BORDER, headers: fix, body: `{"instructedAmount":${deep}}` },
    },
    {
      name: 'an amount of 1e400',
      spec: {
        method: 'POST',
        path: CROSS_BORDER,
        headers: fix,
        body: JSON.stringify({ ...payment, instructedAmount: { amount: '1e400', currency: 'EUR' } }),
      },
    },
    {
      name: 'an amount with 10000 digits',
      spec: {
        method: 'POST',
        path: CROSS_BORDER,
        headers: fix,
        body: { ...payment, instructedAmount: { amount: '9'.repeat(10000), currency: 'EUR' } },
      },
    },
    {
      name: 'a NUL character in creditorName',
      spec: { method: 'POST', path: CROSS_BORDER, headers: fix, body: { ...payment, creditorName: 'A\u0000B' } },
    },
    {
      name: 'a lone surrogate in creditorName',
      spec: {
        method: 'POST',
        path: CROSS_BORDER,
        headers: fix,
        body: JSON.stringify({ ...payment, creditorName: 'X' }).replace('"X"', '"\\ud800"'),
      },
    },
    {
      name: 'duplicate keys',
      spec: {
        method: 'POST',
        path: CROSS_BORDER,
        headers: fix,
        body: JSON.stringify(payment).replace(/^\{/, '{"creditorName":null,'),
      },
    },
    {
      name: 'a body of 200 kB',
      spec: {
        method: 'POST',
        path: CROSS_BORDER,
        headers: fix,
        body: { ...payment, remittanceInformationUnstructured: 'x'.repeat(200_000) },
      },
    },
    { name: 'null as the body', spec: { method: 'POST', path: CROSS_BORDER, headers: fix, body: 'null' } },
    { name: 'broken percent-encoding in the path', spec: { method: 'GET', path: '/v1/accounts/%E0%A4%A' } },
    { name: 'a 2000-character account id', spec: { method: 'GET', path: `/v1/accounts/${'A'.repeat(2000)}/balances` } },
    {
      name: 'an unknown payment product',
      spec: { method: 'GET', path: `/v1/payments/no-such-product/${randomUUID()}/status` },
    },
    { name: 'the PATCH method', spec: { method: 'PATCH', path: '/v1/accounts' } },
    {
      name: 'a query with 500 parameters',
      spec: {
        method: 'GET',
        path: '/v1/accounts',
        query: Object.fromEntries(Array.from({ length: 500 }, (_, i) => [`p${i}`, 'x'])),
      },
    },
  ];
}

/** 5xx answers must be the error body; 500 with SYSTEM_ERROR. Returns the problems. */
export function serverErrorProblems(name: string, ex: Exchange): string[] {
  if (ex.error) return [`${name}: no answer (${ex.error.code}: ${ex.error.message})`];
  const r = ex.response!;
  if (r.status < 500) return [];
  const b = r.json as any;
  if (!b || typeof b !== 'object') return [`${name}: ${r.status} without a JSON error body: ${r.text.slice(0, 120)}`];
  // The spec's error body, judged once (spec/validate.ts checkErrorBody): its schema and its status.
  const check = checkErrorBody(b, r.status);
  const out = check.schema.ok
    ? []
    : check.schema.errors.slice(0, 4).map((e) => `${name}: ${r.status} error body ${e.path || '/'} ${e.message}`);
  if (!check.statusMatches) out.push(`${name}: error body status ${JSON.stringify(check.status)} but HTTP ${r.status}`);
  if (r.status === 500 && b.code !== 'SYSTEM_ERROR')
    out.push(`${name}: 500 with code ${JSON.stringify(b.code)}, not SYSTEM_ERROR`);
  return out;
}
