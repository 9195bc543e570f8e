// What may go into a report: never private material, national identity numbers masked.

/** Masks all but the last two characters of a national identity (or D-) number. */
export function maskNationalId(value: string): string {
  const v = value.trim();
  return v.length <= 2 ? '*'.repeat(v.length) : '*'.repeat(v.length - 2) + v.slice(-2);
}

/** Headers whose values identify a person by national number. */
export const NATIONAL_ID_HEADERS = new Set(['x-psu-identity']);
/** JSON properties and form fields that carry a national identity number. */
export const NATIONAL_ID_FIELDS = new Set([
  'psuIdentity',
  'nationalIdentityNumber',
  'nationalId',
  'ssn',
  'customerNumber',
  'psu-identity',
  'national-id',
  'nin',
]);

const PRIVATE_KEY_PEM = /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]*?-----END [A-Z ]*PRIVATE KEY-----/g;

/** Cuts every PEM private key out of a text. */
export function withoutPrivateKeys(text: string): string {
  return text.replace(PRIVATE_KEY_PEM, '[private key removed]');
}

export function redactHeaderValue(name: string, value: string): string {
  return NATIONAL_ID_HEADERS.has(name.toLowerCase()) ? maskNationalId(value) : withoutPrivateKeys(value);
}

/** Redacts a body for a report: JSON fields by name, form fields by name, any PEM private key. */
export function redactBody(body: string, contentType = ''): string {
  let out = withoutPrivateKeys(body);
  if (/json/i.test(contentType) || /^\s*[[{]/.test(out)) {
    try {
      const walk = (x: unknown): unknown => {
        if (Array.isArray(x)) return x.map(walk);
        if (x && typeof x === 'object') {
          return Object.fromEntries(
            Object.entries(x).map(([k, v]) => [
              k,
              NATIONAL_ID_FIELDS.has(k) && (typeof v === 'string' || typeof v === 'number')
                ? maskNationalId(String(v))
                : walk(v),
            ]),
          );
        }
        return x;
      };
      return JSON.stringify(walk(JSON.parse(out)));
    } catch {
      return out;
    }
  }
  if (/x-www-form-urlencoded/i.test(contentType)) {
    const p = new URLSearchParams(out);
    for (const [k, v] of [...p]) if (NATIONAL_ID_FIELDS.has(k)) p.set(k, maskNationalId(v));
    out = p.toString();
  }
  return out;
}

/** Masks national-id query parameters of a URL. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  if (q < 0) return url;
  const p = new URLSearchParams(url.slice(q + 1));
  let changed = false;
  for (const [k, v] of [...p])
    if (NATIONAL_ID_FIELDS.has(k)) {
      p.set(k, maskNationalId(v));
      changed = true;
    }
  return changed ? url.slice(0, q + 1) + p.toString() : url;
}

/** The longest page HTML kept as evidence (characters); the rest is cut with a note. */
export const PAGE_HTML_MAX = 200_000;

/**
 * A page's HTML as evidence for a profile author (its forms' field names, buttons, messages) with its
 * secrets masked: the value of every text-like input and the text of every textarea (a PSU's entries,
 * hidden tokens), and each of `secrets` (the flow's filled values: national id, password, one-time
 * code) wherever it appears, as maskNationalId writes it.
 */
export function maskPage(html: string, secrets: readonly (string | undefined)[] = []): string {
  const keepsValue = /^(submit|button|reset|radio|checkbox|image)$/i;
  let out = html.replace(/<input\b[^>]*>/gi, (tag) => {
    const type = /\btype\s*=\s*["']?([\w-]+)/i.exec(tag)?.[1] ?? 'text';
    if (keepsValue.test(type)) return tag;
    return tag.replace(
      /(\bvalue\s*=\s*)("[^"]*"|'[^']*'|[^\s>]+)/i,
      (_m, pre: string, v: string) => `${pre}"${maskNationalId(v.replace(/^["']|["']$/g, ''))}"`,
    );
  });
  out = out.replace(
    /(<textarea\b[^>]*>)([\s\S]*?)(<\/textarea>)/gi,
    (_m, a: string, t: string, b: string) => a + maskNationalId(t) + b,
  );
  for (const s of [...new Set(secrets)].filter((x): x is string => !!x && x.trim().length >= 3))
    out = out.split(s).join(maskNationalId(s));
  return out.length > PAGE_HTML_MAX
    ? `${out.slice(0, PAGE_HTML_MAX)}\n<!-- cut at ${PAGE_HTML_MAX} characters -->`
    : out;
}
