/**
 * The clause registry: every rule of the spec the suite can cite, with a stable id, for coverage and
 * report tracing. Almost all clauses are derived from the data files; only the conventions and the
 * amount sign choice are written here.
 *
 * Every clause has a basis (levels as data, docs/levels.md):
 * - `stated`: the spec says it; the clause carries the sentence it quotes, verbatim (quotes.ts). Its
 *   level is MUST, or SHOULD where the sentence itself only says "should" or "may".
 * - `default`: a Berlin Group default, a standard or a platform choice where the spec is silent; its
 *   level is SHOULD and it names its source.
 * A `@must` scenario may rest only on stated clauses (test/spec/levels.spec.ts).
 */
import { AMOUNT_SIGN_CLAUSE } from './amount.ts';
import { SCA_FLOW_RULES, SIGNING_RULES, TPP_IDENTITY_RULES, type AuthRule } from './authentication.ts';
import { CURRENCIES } from './currencies.ts';
import { ERROR_PAIRS } from './errors.ts';
import { REDIRECT_FAILURE_PARAMS, REDIRECT_SUCCESS_PARAMS, type RedirectParam } from './events.ts';
import { HEADERS } from './headers.ts';
import { LIMITS } from './limits.ts';
import type { Level } from './level.ts';
import { DETAILED_OPERATIONS, OTHER_OPERATIONS, type SuccessStatus } from './operations.ts';
import { SHOULD_KEYWORD, type ShouldAnnotation } from './schemas/common.ts';
import { RESOURCE_SCHEMAS } from './schemas/index.ts';
import { SPEC_SECTIONS, sectionLink, type SectionKey } from './sections.ts';
import { SPEC_QUOTES } from './quotes.ts';
import { STATE_RULES } from './states.ts';
import { ACCEPT_FIX_REQUIRED, ACCEPT_FIXES, DEPRECATIONS, PATH_PREFIX, RELEASE_CHANGES } from './versioning.ts';

export { SPEC_SECTIONS, sectionLink, type SectionKey };

export type ClauseKind =
  | 'endpoint'
  | 'header'
  | 'field'
  | 'error'
  | 'limit'
  | 'state'
  | 'accept-fix'
  | 'deprecation'
  | 'release-change'
  | 'signing'
  | 'sca'
  | 'event'
  | 'convention';

/**
 * `stated`: the spec says it (the clause quotes the sentence); `default`: Berlin Group or platform choice, with its
 * source.
 */
export type ClauseBasis = 'stated' | 'default';

export interface Clause {
  readonly id: string;
  readonly section: SectionKey;
  readonly title: string;
  /** The rule in the suite's words (reports, coverage); `quote` holds the spec's own. */
  readonly text: string;
  readonly level: Level;
  readonly kind: ClauseKind;
  readonly basis: ClauseBasis;
  /** Stated clauses: the spec sentence the clause rests on, verbatim (quotes.ts). */
  readonly quote?: string;
  /** Where a SHOULD-level clause comes from (Berlin Group, a library, a stated choice). */
  readonly source?: string;
}

const clauses: Clause[] = [];

/** The first sentence of `words`, at most `n` characters, cut at a word's end. */
function firstSentence(words: string, n = 90): string {
  const s = words.replace(/\s+/g, ' ').trim();
  const end = s.search(/[.;](\s|$)/);
  const sentence = end > 0 ? s.slice(0, end) : s;
  if (sentence.length <= n) return sentence;
  const cut = sentence.slice(0, n - 1);
  const word = cut.search(/\s\S*$/);
  return `${(word > n / 2 ? cut.slice(0, word) : cut).trimEnd()}…`;
}

/**
 * A clause's title in the spec's words: where the title is only a rule's id ("Create signing basket:
 * payments-created-first", or an operation's id), the id gives way to the first sentence of the spec's
 * quote, else of the rule's text.
 */
function titleInWords(title: string, text: string, quote: string | undefined): string {
  const slug = /^(?:(.+): )?([a-z0-9]+(?:[-.][a-z0-9]+)+|[a-z0-9]+)$/.exec(title);
  if (!slug) return title;
  const words = firstSentence(quote ?? text);
  return slug[1] ? `${slug[1]}: ${words}` : words;
}

function add(
  id: string,
  section: SectionKey,
  kind: ClauseKind,
  title: string,
  text: string,
  sourced?: { level: Level; source: string },
): void {
  const level = sourced?.level ?? 'must';
  const quote = SPEC_QUOTES[id];
  // A SHOULD clause with a quote is a sentence of the spec that itself says "should" or "may" (source 'spec').
  const basis: ClauseBasis =
    quote !== undefined && (level === 'must' || sourced?.source === 'spec') ? 'stated' : 'default';
  clauses.push(
    Object.freeze({
      id,
      section,
      kind,
      title: titleInWords(title, text, quote),
      text,
      level,
      basis,
      ...(basis === 'stated' ? { quote } : {}),
      ...(level === 'should' ? { source: sourced?.source } : {}),
    }),
  );
}

// § What the service does and § Resources > Conventions.
const CONVENTIONS: ReadonlyArray<[string, SectionKey, string, string]> = [
  ['json-utf8', 'what-the-service-does', 'JSON bodies', 'All bodies are JSON, UTF-8 encoded. XML is not supported.'],
  ['tls', 'what-the-service-does', 'TLS', 'The transport is always TLS 1.2 or higher.'],
  [
    'psu-contexts',
    'what-the-service-does',
    'PSU contexts',
    'Two contexts exist for a PSU: `PRIVATE` and `CORPORATE`. A corporate PSU reaches only the accounts it has been granted.',
  ],
  [
    'sandbox-only',
    'what-the-service-does',
    'Sandbox operations',
    'The sandbox mock-data operations are not part of production.',
  ],
  ['date-json', 'conventions', 'Dates in JSON', 'Dates in JSON: ISO 8601 date `YYYY-MM-DD` or date-time with offset.'],
  ['date-header', 'conventions', 'Dates in headers', 'Dates in HTTP headers: RFC 7231 full date.'],
  ['amount-string', 'conventions', 'Amounts as strings', 'Amounts are serialized as strings.'],
  ['enums-exact', 'conventions', 'Exact enumerations', 'Enumerated values are given exactly.'],
  [
    'currency-code',
    'currency-code',
    'Currency codes',
    "A currency code is one of the spec's ISO 4217 alphabetic codes.",
  ],
  ['country-code', 'country-code', 'Country codes', "A country code is one of the spec's ISO 3166-1 alpha-2 codes."],
];
for (const [id, section, title, text] of CONVENTIONS) add(`conventions.${id}`, section, 'convention', title, text);

for (const info of CURRENCIES.values()) {
  if (info.level === 'should') {
    add(
      `currencies.${info.code}.minor-units`,
      'conventions',
      'convention',
      `${info.code} minor units`,
      info.status === 'no-minor-unit'
        ? `Amounts in ${info.code} may have any number of fraction digits up to the scale: ISO 4217 gives it no minor unit ("N.A.").`
        : `Amounts in ${info.code} have ${info.minorUnits} fraction digits (${info.status}).`,
      { level: 'should', source: info.source },
    );
  }
}
add(
  AMOUNT_SIGN_CLAUSE,
  'conventions',
  'convention',
  'Amount sign',
  'An instructed amount is positive and a fee is not negative; a sign is accepted only on booked transaction amounts.',
  { level: 'should', source: 'choice: the spec is silent; the Berlin Group amount pattern allows a leading "-"' },
);

// § Endpoints.
const successText = (s: SuccessStatus): string => `Success is answered with ${s.statuses.join(' or ')}.`;
for (const op of DETAILED_OPERATIONS) {
  const where = `${op.method} ${op.path}`;
  add(`endpoints.${op.id}`, op.section, 'endpoint', op.title, `${op.title}: ${where}.`, op.pathSource);
  add(
    `endpoints.${op.id}.success`,
    op.section,
    'endpoint',
    `${op.title}: success status`,
    successText(op.success),
    op.success,
  );
  for (const response of op.responses) {
    const codes = response.errorIds?.length ? ` (${response.errorIds.join(', ')})` : '';
    add(
      `endpoints.${op.id}.status.${response.status}`,
      op.section,
      'endpoint',
      `${op.title}: ${response.status}`,
      `${response.status} answers with ${response.schema}${codes}.`,
    );
  }
  for (const q of op.query) {
    add(
      `endpoints.${op.id}.query.${q.name}`,
      op.section,
      'endpoint',
      `${op.title}: query ${q.name}`,
      `${q.name} (${q.type}, ${q.required ? 'required' : 'optional'}): ${q.rule}.`,
    );
  }
  for (const rule of op.rules)
    add(`endpoints.${op.id}.${rule.id}`, op.section, 'endpoint', `${op.title}: ${rule.id}`, rule.text);
  for (const header of op.headers.required) {
    add(
      `headers.${op.id}.${header.toLowerCase()}`,
      op.section,
      'header',
      `${op.title}: ${header}`,
      `${header} is required on ${where}.`,
    );
  }
}
for (const op of OTHER_OPERATIONS) {
  const where = op.method || op.path ? `${op.method ?? '(method not shown)'} ${op.path ?? '(path not shown)'}: ` : '';
  const section = op.section ?? 'other-operations';
  add(`endpoints.${op.id}`, section, 'endpoint', op.id, `${where}${op.description}`, op.pathSource);
  if (op.success)
    add(
      `endpoints.${op.id}.success`,
      section,
      'endpoint',
      `${op.id}: success status`,
      successText(op.success),
      op.success,
    );
}
for (const header of HEADERS) {
  add(
    `headers.${header.name.toLowerCase()}`,
    'header-parameters',
    'header',
    header.name,
    `${header.name} (${header.type}): ${header.meaning}`,
  );
}

// § Resources: one clause per resource and per described top-level property, plus SHOULD annotations.
function* shouldAnnotations(node: unknown): Generator<ShouldAnnotation> {
  if (node === null || typeof node !== 'object') return;
  const annotation = (node as Record<string, unknown>)[SHOULD_KEYWORD] as ShouldAnnotation | undefined;
  if (annotation) yield annotation;
  for (const child of Object.values(node)) yield* shouldAnnotations(child);
}
for (const { schema, section, resource } of RESOURCE_SCHEMAS) {
  const required = new Set((schema.required ?? []) as string[]);
  const properties = (schema.properties ?? {}) as Record<string, { description?: string }>;
  add(`fields.${resource}`, section, 'field', resource, String(schema.description));
  for (const [name, property] of Object.entries(properties)) {
    if (property.description) {
      add(
        `fields.${resource}.${name}`,
        section,
        'field',
        `${resource}.${name}`,
        `${name} (${required.has(name) ? 'required' : 'optional'}): ${property.description}`,
      );
    }
  }
  for (const { clause, text, source } of shouldAnnotations(schema))
    add(clause, section, 'field', clause.replace(/^fields\./, ''), text, { level: 'should', source });
}

for (const pair of ERROR_PAIRS)
  add(
    pair.clause,
    'errors',
    'error',
    `${pair.status} ${pair.code ?? pair.id}`,
    `${pair.status}${pair.code ? ` ${pair.code}` : ''}: ${pair.when}.`,
  );
for (const l of LIMITS) add(l.clause, 'limits', 'limit', l.limit, `${l.limit}: ${l.text} (applies to ${l.appliesTo}).`);
for (const rule of STATE_RULES) add(`states.${rule.id}`, rule.section, 'state', rule.id, rule.text);

// § Versioning.
add(
  'versioning.path-prefix',
  'versioning',
  'convention',
  'Version prefix',
  `Paths carry the version prefix \`${PATH_PREFIX}\`.`,
);
for (const fix of ACCEPT_FIXES) {
  add(
    `versioning.accept-fix.${fix.value}`,
    'versioning',
    'accept-fix',
    `x-accept-fix: ${fix.value}`,
    `${fix.value}: ${fix.effect}; made default: ${fix.madeDefault}.`,
  );
}
for (const [op, value] of Object.entries(ACCEPT_FIX_REQUIRED)) {
  if (value)
    add(
      `versioning.accept-fix.value.${op}`,
      'header-parameters',
      'accept-fix',
      `x-accept-fix value on ${op}`,
      `On ${op}, x-accept-fix carries \`${value}\`.`,
    );
}
for (const d of DEPRECATIONS)
  add(
    `deprecations.${d.id}`,
    'deprecations',
    'deprecation',
    d.id,
    `${d.item}; effective ${d.effective ?? 'date not given'}.`,
  );
for (const r of RELEASE_CHANGES)
  add(
    `releases.${r.id}`,
    'release-changes',
    'release-change',
    `${r.id} (${r.release})`,
    `Release ${r.release}: ${r.change}`,
  );

// § Authentication and § Events.
const authTitle = (rule: AuthRule): string => (rule.step ? `Step ${rule.step}: ${rule.id}` : rule.id);
for (const rule of TPP_IDENTITY_RULES) add(`tpp.${rule.id}`, 'tpp-identity', 'convention', rule.id, rule.text);
for (const rule of SIGNING_RULES)
  add(`signing.${rule.id}`, 'request-signing', 'signing', authTitle(rule), rule.text, {
    level: rule.level,
    source: 'spec',
  });
add(
  'signing.digest-name-case',
  'request-signing',
  'signing',
  'Digest algorithm name in any case',
  'The algorithm name of the Digest header is matched case-insensitively: sha-256= is SHA-256=.',
  {
    level: 'should',
    source:
      'RFC 3230 § 4.1.1: "Digest algorithm values ... are case-insensitive"; the spec writes SHA-256 and SHA-512 only',
  },
);
for (const rule of SCA_FLOW_RULES)
  add(`sca.${rule.id}`, 'sca-flow', 'sca', authTitle(rule), rule.text, { level: rule.level, source: 'spec' });
// Rules with more than one TPP or a PSD2 role (tpp.identities, features/tpp-identities.feature).
add(
  'sca.psu-id-per-tpp',
  'sca-flow',
  'sca',
  'psu-id per TPP and bank pair',
  "A PSU has a psu-id of its own with each TPP: two TPPs do not get the same psu-id for the same PSU, and another TPP's SCA leaves a TPP's psu-id as it was (stable).",
);
add(
  'tpp.role-checked',
  'tpp-identity',
  'convention',
  'PSD2 role checked',
  'In production a request outside the roles the TPP is registered for (account information: PSP_AI; payment initiation: PSP_PI) is refused: not served, and no SCA started for it.',
);
add(
  'tpp.role-refusal-403',
  'tpp-identity',
  'convention',
  'PSD2 role refusal: 403 FORBIDDEN',
  "A request refused for the TPP's PSD2 role is answered with status 403 and the code FORBIDDEN.",
  {
    level: 'should',
    source:
      'Berlin Group: 403 with FORBIDDEN for a TPP not registered for the service; the spec lists FORBIDDEN among the tppMessage codes but gives no status for a role refusal',
  },
);
add(
  'tpp.tls-client-certificate',
  'tpp-identity',
  'convention',
  'TLS client certificate demanded',
  "Where the bank demands a TLS client certificate (the TPP's QWAC), a connection without one, or with one from a CA the bank does not trust, gets no answer from the API.",
  {
    level: 'should',
    source:
      'Berlin Group NextGenPSD2: the TPP authenticates with its QWAC in mutual TLS; the spec says the certificate is checked in production ("In production the certificate and the registration are checked on each request") but not that TLS carries it: the QSealC of the signature may be the one checked',
  },
);
add(
  'tpp.payments-per-tpp',
  'tpp-identity',
  'convention',
  'Payments invisible to other TPPs',
  "Another TPP cannot read a TPP's payment nor its status: it is answered 404 RESOURCE_UNKNOWN, as an id that does not exist.",
  {
    level: 'should',
    source:
      'Berlin Group: a payment resource belongs to the TPP that created it; the spec does not say so in words; the answer is its 404 RESOURCE_UNKNOWN pair (resource not found)',
  },
);
add(
  'tpp.baskets-per-tpp',
  'tpp-identity',
  'convention',
  'Signing baskets invisible to other TPPs',
  "Another TPP cannot read a TPP's signing basket nor its status: it is answered 404 RESOURCE_UNKNOWN, as an id that does not exist.",
  {
    level: 'should',
    source:
      'Berlin Group: a signing basket belongs to the TPP that created it; the spec does not say so in words; the answer is its 404 RESOURCE_UNKNOWN pair (resource not found)',
  },
);
add(
  'sca.consent-per-tpp',
  'sca-flow',
  'sca',
  'Consent and session per TPP',
  "A PSU's consent and SCA session with one TPP serve no other TPP: another TPP that presents the first TPP's psu-id and TPP-Session-ID needs an SCA of its own (401 with scaRedirect).",
  {
    level: 'should',
    source:
      'reading of "unique per TPP and bank pair" and "Consent is registered inside the flow and is hidden from the TPP"; Berlin Group: a consent is bound to the TPP it was given to',
  },
);
add(
  'sca.session-per-tpp',
  'sca-flow',
  'sca',
  'SCA sessions are per TPP',
  "Another TPP's SCA for the same PSU leaves a TPP's SCA session valid: the new TPP-Session-ID that ends the old one is the same TPP's.",
  {
    level: 'should',
    source:
      'Berlin Group: the SCA session belongs to the TPP; the spec\'s "a new TPP-Session-ID ... invalidates the old one" does not say whether another TPP\'s session counts',
  },
);
add(
  'events.redirect-only',
  'events',
  'event',
  'Callbacks',
  "TPP callbacks are only browser redirects to the TPP-Redirect-URI after the PSU's SCA.",
);
const paramText = (p: RedirectParam): string => `${p.name} (${p.type}, ${p.presence}): ${p.rule}.`;
for (const p of REDIRECT_SUCCESS_PARAMS)
  add(`events.success.${p.name}`, 'events-success', 'event', `success: ${p.name}`, paramText(p));
for (const p of REDIRECT_FAILURE_PARAMS)
  add(`events.failure.${p.name}`, 'events-failure', 'event', `failure: ${p.name}`, paramText(p));

const BY_ID: ReadonlyMap<string, Clause> = new Map(clauses.map((clause) => [clause.id, clause]));
if (BY_ID.size !== clauses.length) {
  const seen = new Set<string>();
  const repeated = clauses.map((clause) => clause.id).filter((id) => seen.has(id) || !seen.add(id));
  throw new Error(`clause ids must be unique; repeated: ${[...new Set(repeated)].join(', ')}`);
}

export const CLAUSES: readonly Clause[] = Object.freeze(clauses);

/** Clause by id; throws on an unknown id, naming the known ids that share its first segment. */
export function clauseById(id: string): Clause {
  const clause = BY_ID.get(id);
  if (clause) return clause;
  const prefix = `${id.split('.')[0]}.`;
  const siblings = CLAUSES.filter((c) => c.id.startsWith(prefix)).map((c) => c.id);
  const hint = siblings.length
    ? `known ids starting with "${prefix}": ${siblings.join(', ')}`
    : `no clause id starts with "${prefix}"`;
  throw new Error(`unknown clause id ${JSON.stringify(id)}; ${hint}`);
}

/** Link to the section of a clause (see sectionLink). */
export function clauseLink(id: string, base?: string): string {
  return sectionLink(clauseById(id).section, base);
}
