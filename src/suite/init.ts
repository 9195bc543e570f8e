// `xs2a-conformance init`: probes a target and writes a starter profile, a profile in half an
// hour. It decides what the bank's answers show: the connection, whether a correctly signed request
// is accepted, the sandbox's customer list and its shape, which candidate paths of the operations the
// spec names without a path answer, the SCA pages' form fields, context radio group and abort button
// (tried with the form driver until an SCA completes), and the clock and batch controls if they
// answer. Every key it could not decide is written as a "FIND OUT" comment saying what to find out,
// with the default the suite takes without it.
//
// It sends only what a run sends, and only to the target: signed reads, the SCA pages, a GET on the
// path of a write operation (405 says the path exists without writing anything), a POST with an empty
// body where the write has no id in its path (refused as a bad body; a run sends worse), the clock
// control moved by 0 seconds. It never initialises the sandbox.
import { isAbsolute, resolve } from 'node:path';
import { parse } from 'node-html-parser';
import { composeIBAN } from 'ibantools';
import { describeFacts, inspectConnection, type TransportConfig } from '../transport/index.ts';
import { TppClient, type Exchange } from '../tpp/client.ts';
import { DEFAULT_FORM, yaml, type Profile } from '../session/profile.ts';
import { atPointer, DEFAULT_OPERATIONS, DEFAULT_RESPONSES, type OperationRef } from '../session/shapes.ts';
import { buildBody, DEFAULT_TEMPLATES } from '../session/templates.ts';
import { runFormSca, type ScaOutcome } from '../session/sca/form-driver.ts';
import { scaOrigins } from '../session/sca/index.ts';
import type { PsuContext } from '../spec/codes.ts';
import { newBban } from './sandbox.ts';
import { InitUnreachable } from './errors.ts';

/** One key of the starter profile: decided (with what showed it) or a question for the user. */
export interface Finding {
  /** Dotted profile key (`sca.form.contextField`, `operations.initialise-sandbox`). */
  key: string;
  /** The value written (decided) or suggested (the default the suite takes without it). */
  value: unknown;
  decided: boolean;
  /** What showed it, or what to find out. */
  note: string;
}

export interface InitResult {
  target: string;
  /** What the probes showed that is no key (the TLS facts, the signature's answer). */
  facts: string[];
  findings: Finding[];
}

export interface InitOptions {
  target: string;
  profile: Profile;
  transport: TransportConfig;
  timeoutMs?: number;
  /** The date written in the header (tests pin it). */
  now?: Date;
}

/** The abort button of an SCA page, in the languages of the platform's banks and English. */
const CANCEL_WORDS = /cancel|abort|avbryt|afbryd|peruuta|abbrechen|decline|deny|reject/i;
/** Names of the field a PSU types its national identity number into. */
const ID_FIELD_WORDS = /national|fnr|f[øo]dsels|personnummer|ssn|identity|psu|user|login|customer|person/i;

/**
 * Candidate method and path of each operation the spec names without one: the platform's first (DEFAULT_OPERATIONS),
 * then common names.
 */
const CANDIDATES: Record<string, OperationRef[]> = {
  'create-sandbox-customer': [{ method: 'POST', path: '/v1/sandbox/customers' }],
  'create-sandbox-agreement': [
    { method: 'POST', path: '/v1/sandbox/agreements' },
    { method: 'POST', path: '/v1/sandbox/corporate-agreements' },
  ],
  'initialise-sandbox': [
    { method: 'POST', path: '/v1/sandbox/initialise' },
    { method: 'POST', path: '/v1/sandbox/initialize' },
    { method: 'POST', path: '/v1/sandbox/reset' },
    { method: 'POST', path: '/v1/sandbox/init' },
  ],
  'update-sandbox-account-balance': [
    { method: 'PUT', path: '/v1/sandbox/accounts/{id}/balances' },
    { method: 'POST', path: '/v1/sandbox/accounts/{id}/balance' },
  ],
  'update-sandbox-card-account-balance': [
    { method: 'PUT', path: '/v1/sandbox/card-accounts/{id}/balances' },
    { method: 'POST', path: '/v1/sandbox/card-accounts/{id}/balance' },
  ],
  'register-tpp-contact': [
    { method: 'POST', path: '/v1/tpp-dialogue/contact' },
    { method: 'PUT', path: '/v1/tpp/contact' },
    { method: 'POST', path: '/v1/tpp/contact' },
  ],
};

const CLOCK_CANDIDATES = [{ method: 'POST', path: '/__control/clock', body: '{"advanceSeconds": {{seconds}}}' }];
const BATCH_CANDIDATES = [
  { method: 'POST', path: '/__control/batch', body: '{"lastOfDay": {{lastOfDay}}}' },
  { method: 'POST', path: '/__control/payment-batch', body: '{"runs": 1, "endOfDay": {{lastOfDay}}}' },
];

const PROBE_ID = 'xs2a-conformance-init-probe';

/** The answer's error code and message with the request's path taken out (to compare two 404s). */
function answerShape(ex: Exchange, path: string): string {
  const r = ex.response;
  if (!r) return `no answer: ${ex.error?.code}`;
  const j = r.json as
    { code?: unknown; message?: unknown; tppMessages?: Array<{ code?: unknown; text?: unknown }> } | undefined;
  const code = j?.code ?? j?.tppMessages?.[0]?.code;
  const message = String(j?.message ?? j?.tppMessages?.[0]?.text ?? r.text)
    .split(path)
    .join('<path>')
    .split(PROBE_ID)
    .join('<id>');
  return `${r.status} ${String(code)} ${message}`;
}

export async function probeTarget(o: InitOptions): Promise<InitResult> {
  const { profile, transport } = o;
  const target = o.target.replace(/\/+$/, '');
  const timeoutMs = o.timeoutMs ?? profile.timeoutMs;
  const facts: string[] = [];
  const findings: Finding[] = [];
  const decided = (key: string, value: unknown, note: string) => findings.push({ key, value, decided: true, note });
  const ask = (key: string, value: unknown, note: string) => findings.push({ key, value, decided: false, note });

  // 1. The connection.
  if (target.startsWith('https:')) {
    const f = await inspectConnection(target, transport, Math.min(timeoutMs, 10_000));
    facts.push(...describeFacts(f).split('\n'));
    if (f.cause) throw new InitUnreachable(describeFacts(f));
  } else {
    facts.push(`${target}: plain HTTP, no TLS (a bank is reached over HTTPS: tpp.tls in docs/profile.md)`);
  }
  const client = new TppClient({
    baseUrl: target,
    identity: profile.tpp.signing,
    redirectUri: profile.tpp.redirectUri,
    transport,
    timeoutMs,
    record: false,
  });
  const call = (method: string, path: string, body?: unknown) => client.request({ method, path, body, psu: false });

  // 2. A correctly signed request (§ Authentication: the account list needs the PSU's consent: 401 with scaRedirect).
  const accounts = await call('GET', '/v1/accounts');
  if (!accounts.response)
    throw new InitUnreachable(
      `GET ${target}/v1/accounts got no answer: ${accounts.error?.code}: ${accounts.error?.message}`,
    );
  const scaHref = (accounts.response.json as any)?._links?.scaRedirect?.href;
  if (accounts.response.status === 401 && typeof scaHref === 'string') {
    facts.push(
      "a correctly signed GET /v1/accounts is accepted: 401 with _links.scaRedirect (the PSU's consent is asked)",
    );
  } else {
    facts.push(
      `a correctly signed GET /v1/accounts answered ${accounts.response.status}: ${accounts.response.text.slice(0, 200)}`,
    );
    ask(
      'tpp.signing',
      { cert: 'certs/qsealc.pem', key: 'certs/qsealc.key' },
      `the bank did not accept the request signed with the signing certificate it has (the profile's tpp.signing, else the TEST-ONLY one): give your QSealC certificate and key (and tpp.tls for its QWAC); the answer was ${accounts.response.status}`,
    );
  }

  // 3. The sandbox and its customers.
  const customers = await call('GET', '/v1/sandbox/customers');
  let privateId: string | undefined;
  const sandbox = customers.response?.status === 200 && customers.response.json !== undefined;
  if (sandbox) {
    decided('environment', 'sandbox', 'GET /v1/sandbox/customers answers 200');
    privateId = readCustomers(customers.response!.json, decided, ask);
  } else {
    ask(
      'environment',
      'production',
      `GET /v1/sandbox/customers answered ${customers.response?.status ?? customers.error?.code}: no sandbox here; production scenarios need psu.private.nationalId and the payment scenarios --allow-payments`,
    );
  }
  if (!privateId)
    ask(
      'psu.private.nationalId',
      '01017012345',
      'the national identity number of a private PSU with accounts (masked in every report); for a corporate PSU psu.corporate.nationalId and corporateId (docs/profile.md, PSUs)',
    );

  // 4. The operations the spec names without a method or path.
  if (sandbox) {
    for (const [id, candidates] of Object.entries(CANDIDATES)) {
      const found: OperationRef[] = [];
      for (const c of candidates) {
        const answered = await operationAnswers(call, id, c);
        if (answered) found.push(answered);
      }
      if (found.length === 1) decided(`operations.${id}`, found[0], `${found[0].method} ${found[0].path} answers`);
      else if (found.length > 1)
        ask(
          `operations.${id}`,
          found[0],
          `several paths answer (${found.map((f) => `${f.method} ${f.path}`).join(', ')}): keep the one the bank documents`,
        );
      else
        decided(
          `operations.${id}`,
          null,
          `none of ${candidates.map((c) => `${c.method} ${c.path}`).join(', ')} answers: the bank has no such operation (its scenarios are not applicable); if it has one, write its method and path`,
        );
    }
    // A sandbox account read answers only for an id the bank knows: compared with a path that cannot exist.
    for (const id of ['get-sandbox-account', 'get-sandbox-card-account'] as const) {
      const c = DEFAULT_OPERATIONS[id]!;
      const path = c.path.replace('{id}', PROBE_ID);
      const [a, b] = [await call('GET', path), await call('GET', `${path}/${PROBE_ID}`)];
      if (a.response && b.response && answerShape(a, path) !== answerShape(b, `${path}/${PROBE_ID}`))
        decided(`operations.${id}`, c, `GET ${c.path} answers for an unknown id otherwise than an unknown path`);
      else
        ask(
          `operations.${id}`,
          c,
          `GET ${c.path} cannot be told from an unknown path by an id the bank does not know: check the bank's documentation (null if it has no such read)`,
        );
    }
  }
  ask(
    'operations.list-payment-authorisations',
    DEFAULT_OPERATIONS['list-payment-authorisations'],
    "the list of a payment's authorisations (Berlin Group: GET {paymentPath}/authorisations); null if the bank has none. init makes no payment to try it",
  );

  // 5. The sandbox account body: the default template tried once (a run creates such accounts).
  if (sandbox && privateId) await trySandboxAccount(call, profile, privateId, decided, ask);

  // 6. The SCA pages.
  if (typeof scaHref === 'string')
    await discoverSca({ profile, target, transport, timeoutMs, call, nationalId: privateId, decided, ask });

  // 7. Controls of the sandbox's clock and batch (the reference bank's; a bank's own are in its documentation).
  let clock = false;
  for (const c of CLOCK_CANDIDATES) {
    const ex = await call(c.method, c.path, JSON.parse(c.body.replace('{{seconds}}', '0')));
    if (ex.response && ex.response.status >= 200 && ex.response.status < 300) {
      decided('clockControl', c, `${c.method} ${c.path} with 0 seconds answers ${ex.response.status}`);
      clock = true;
      break;
    }
  }
  if (!clock)
    ask(
      'clockControl',
      undefined,
      "an operation that moves the sandbox's clock (method, path, body with {{seconds}}), if the bank has one; without it the time rules (60-second Date window, 59/61 minutes, 90 days) are not applicable",
    );
  let batch = false;
  for (const c of BATCH_CANDIDATES) {
    const ex = await call('GET', c.path);
    if (ex.response?.status === 405) {
      decided(
        'batchControl',
        c,
        `${c.path} has a ${c.method} (GET answers 405): its body is the reference bank's; check it`,
      );
      batch = true;
      break;
    }
  }
  if (!batch)
    ask(
      'batchControl',
      undefined,
      "an operation that runs the sandbox's payment batch now (method, path, body with {{lastOfDay}}), if the bank has one; without it the stateful model leaves the batch steps out",
    );

  // 8. What no probe shows: the rules the bank applies to payments it would have to make and approve.
  ask(
    'capabilities.products',
    profile.capabilities.products,
    'the payment products the bank offers as single payments',
  );
  ask(
    'capabilities.bulkProducts',
    profile.capabilities.bulkProducts,
    'the payment products the bank offers as bulk payments ([] if none; a product without a default template needs templates.<product without -credit-transfers>-bulk-payment)',
  );
  ask(
    'capabilities.periodicProducts',
    profile.capabilities.periodicProducts,
    'the payment products the bank offers as periodic payments ([] if none; a product without a default template needs templates.<product without -credit-transfers>-periodic-payment)',
  );
  ask(
    'capabilities.approveBeforeRead',
    profile.capabilities.approveBeforeRead,
    'the products whose details and status cannot be read before the PSU approves the payment (the spec names domestic-norway-credit-transfers; list more if the bank applies the rule to others)',
  );
  ask(
    'capabilities.cancellationSca',
    profile.capabilities.cancellationSca,
    "the payment statuses in which cancelling needs the PSU's SCA ([] if a DELETE alone cancels an authorised payment)",
  );
  ask(
    'preconditions.pdng',
    profile.preconditions?.pdng ?? 'unfunded',
    "how a payment reaches PDNG: unfunded (beyond the debtor's funds, after a batch run) or future-date (dated days ahead)",
  );
  ask(
    'templates.kid',
    buildTemplateDefault(profile, 'kid'),
    'where a norwegian-domestic payment carries the KID (merged into the payment body)',
  );
  return { target, facts, findings };
}

type Note = (key: string, value: unknown, note: string) => void;

/** The customer list's container, id and type fields, and the type values; returns a private customer's national id. */
function readCustomers(doc: unknown, decided: Note, ask: Note): string | undefined {
  const container = Array.isArray(doc) ? '' : Object.keys(doc as object).find((k) => Array.isArray((doc as any)[k]));
  if (container === undefined) {
    ask(
      'responses.sandbox-customers.list',
      DEFAULT_RESPONSES['sandbox-customers.list'],
      `GET /v1/sandbox/customers answered no list: ${JSON.stringify(doc).slice(0, 160)}`,
    );
    return undefined;
  }
  const pointer = container === '' ? '' : `/${container}`;
  const items = (atPointer(doc, pointer) as unknown[]).filter(
    (x): x is Record<string, unknown> => !!x && typeof x === 'object',
  );
  decided(
    'responses.sandbox-customers.list',
    pointer,
    pointer ? `the customers are in ${pointer}` : 'the answer is a plain list',
  );
  const first = items[0] ?? {};
  const idPointer =
    DEFAULT_RESPONSES['sandbox-customer.nationalId'].find((p) => typeof atPointer(first, p) === 'string') ??
    Object.keys(first)
      .map((k) => `/${k}`)
      .find((p) => items.every((x) => /^\d{11}$/.test(String(atPointer(x, p)))));
  if (idPointer)
    decided(
      'responses.sandbox-customer.nationalId',
      idPointer,
      `each customer's national identity number (11 digits) is at ${idPointer}`,
    );
  else
    ask(
      'responses.sandbox-customer.nationalId',
      DEFAULT_RESPONSES['sandbox-customer.nationalId'],
      `which field of a customer holds its national identity number: ${JSON.stringify(first).slice(0, 160)}`,
    );
  const typePointer =
    DEFAULT_RESPONSES['sandbox-customer.type'].find((p) => typeof atPointer(first, p) === 'string') ??
    Object.keys(first)
      .filter((k) => /type|kind|category/i.test(k))
      .map((k) => `/${k}`)[0];
  if (!typePointer) {
    ask(
      'responses.sandbox-customer.type',
      DEFAULT_RESPONSES['sandbox-customer.type'],
      `which field of a customer says private or corporate: ${JSON.stringify(first).slice(0, 160)}`,
    );
    return idPointer ? String(atPointer(first, idPointer)) : undefined;
  }
  decided('responses.sandbox-customer.type', typePointer, `each customer's type is at ${typePointer}`);
  const values = [...new Set(items.map((x) => String(atPointer(x, typePointer))))];
  const privateType = values.find((v) => /priv|person|individ|natural|retail/i.test(v));
  const corporateType = values.find((v) => /corp|org|company|business|legal|enterprise/i.test(v));
  if (privateType && corporateType)
    decided(
      'customerTypes',
      { private: privateType, corporate: corporateType },
      `the customers' types are ${values.join(', ')}`,
    );
  else
    ask(
      'customerTypes',
      { private: privateType ?? 'private', corporate: corporateType ?? 'corporate' },
      `which of the customers' types (${values.join(', ')}) is a private and which a corporate customer`,
    );
  const privateOne = items.find((x) => privateType !== undefined && String(atPointer(x, typePointer)) === privateType);
  return idPointer && privateOne ? String(atPointer(privateOne, idPointer)) : undefined;
}

/**
 * Whether a candidate operation answers, without writing: a GET on a write's path answers 405 where the path exists
 * (and, without an id, an empty body is refused as a body, not as a path).
 */
async function operationAnswers(
  call: (m: string, p: string, b?: unknown) => Promise<Exchange>,
  id: string,
  c: OperationRef,
): Promise<OperationRef | undefined> {
  const path = c.path.replace('{id}', PROBE_ID);
  const get = await call('GET', path);
  const status = get.response?.status;
  if (status === 405) {
    // RFC 9110 § 15.5.6: Allow lists the methods the path has; the candidate's own when it is one of them.
    const allow = String(get.response?.headers['allow'] ?? '')
      .split(',')
      .map((m) => m.trim().toUpperCase())
      .filter((m) => m && m !== 'GET' && m !== 'HEAD' && m !== 'OPTIONS');
    if (allow.length && !allow.includes(c.method)) return allow.length === 1 ? { ...c, method: allow[0] } : undefined;
    return c;
  }
  if (status === undefined || c.path.includes('{id}') || id === 'initialise-sandbox') return undefined;
  // GET answered (a read beside the write) or 404: the write itself with an empty body.
  const write = await call(c.method, path, {});
  const ws = write.response?.status;
  return ws !== undefined && ws !== 404 && ws !== 405 && ws !== 501 ? c : undefined;
}

function buildTemplateDefault(profile: Profile, name: string): unknown {
  return profile.templates?.[name] ?? DEFAULT_TEMPLATES[name];
}

/**
 * POST /v1/sandbox/accounts with the profile's template: accepted, the body fits and the id is read; refused, the
 * bank's words say what it wants.
 */
async function trySandboxAccount(
  call: (m: string, p: string, b?: unknown) => Promise<Exchange>,
  profile: Profile,
  customerNumber: string,
  decided: Note,
  ask: Note,
): Promise<void> {
  const bban = newBban();
  const body = buildBody(profile, 'sandbox-account', {
    customerNumber,
    bban,
    iban: composeIBAN({ countryCode: 'NO', bban }),
    accountName: 'xs2a-conformance init',
    cashAccountType: 'CACC',
    currency: 'NOK',
  });
  const ex = await call('POST', '/v1/sandbox/accounts', body);
  const r = ex.response;
  const sandboxTemplates = [
    'templates.sandbox-account',
    'templates.sandbox-card-account',
    'templates.sandbox-account-transaction',
    'templates.sandbox-balance-update',
    'templates.tpp-contact',
  ];
  if (r && r.status >= 200 && r.status < 300) {
    const id = DEFAULT_RESPONSES['sandbox-account.id'].find((p) =>
      ['string', 'number'].includes(typeof atPointer(r.json, p)),
    );
    if (id)
      decided(
        'responses.sandbox-account.id',
        id,
        `POST /v1/sandbox/accounts with the default template answered ${r.status}, the new account's id at ${id} (the other sandbox templates are taken as the platform's too: their scenarios show it)`,
      );
    else
      ask(
        'responses.sandbox-account.id',
        DEFAULT_RESPONSES['sandbox-account.id'],
        `POST /v1/sandbox/accounts answered ${r.status} without an id at the default pointers: ${r.text.slice(0, 160)}`,
      );
    return;
  }
  const why = r ? `${r.status}: ${r.text.slice(0, 200)}` : `${ex.error?.code}`;
  const [first, ...others] = sandboxTemplates;
  ask(
    first,
    buildTemplateDefault(profile, 'sandbox-account'),
    `POST /v1/sandbox/accounts refused the platform's body (${why}): this sandbox takes other bodies; write the one the bank documents (placeholders: docs/profile.md, templates)`,
  );
  for (const key of others)
    ask(
      key,
      buildTemplateDefault(profile, key.slice('templates.'.length)),
      `likely not the platform's either (${first} was refused): the body the bank documents`,
    );
}

interface ScaProbe {
  profile: Profile;
  target: string;
  transport: TransportConfig;
  timeoutMs: number;
  call: (m: string, p: string, b?: unknown) => Promise<Exchange>;
  nationalId: string | undefined;
  decided: Note;
  ask: Note;
}

interface PageForms {
  textFields: string[];
  radios: Map<string, string[]>;
  buttons: Array<{ name?: string; value?: string; text: string }>;
  scripted: boolean;
}

function readPage(html: string, into: PageForms): void {
  const root = parse(html);
  if (!root.querySelectorAll('form').length && root.querySelectorAll('script').length) into.scripted = true;
  for (const el of root.querySelectorAll('form input, form select, form textarea')) {
    const name = el.getAttribute('name');
    const type = (el.getAttribute('type') ?? 'text').toLowerCase();
    if (!name) continue;
    if (type === 'radio')
      into.radios.set(name, [...new Set([...(into.radios.get(name) ?? []), el.getAttribute('value') ?? 'on'])]);
    else if (['text', 'tel', 'number', 'password', 'email', 'search'].includes(type) && !into.textFields.includes(name))
      into.textFields.push(name);
  }
  for (const b of root.querySelectorAll('form button, form input[type=submit]')) {
    into.buttons.push({
      name: b.getAttribute('name') ?? undefined,
      value: b.getAttribute('value') ?? undefined,
      text: b.textContent.trim(),
    });
  }
}

/**
 * Drives the SCA with the form driver, learning the pages' fields from each try, until a PRIVATE, a CORPORATE and an
 * aborted flow reach the redirect.
 */
async function discoverSca(p: ScaProbe): Promise<void> {
  const pages: PageForms = { textFields: [], radios: new Map(), buttons: [], scripted: false };
  const origins = scaOrigins(p.profile, p.target);
  const run = async (
    fields: Record<string, string>,
    contextField: string,
    cancelButton: string,
    context: PsuContext,
    cancel = false,
  ): Promise<ScaOutcome> => {
    const ex = await p.call('GET', '/v1/accounts');
    const href = (ex.response?.json as any)?._links?.scaRedirect?.href;
    if (typeof href !== 'string') return { completed: false, params: {}, steps: [], problem: 'no scaRedirect' };
    return runFormSca({
      href: new URL(href, p.target).toString(),
      redirectUri: p.profile.tpp.redirectUri,
      origins,
      fields,
      contextField,
      cancelButton,
      context,
      cancel,
      vars: { 'psu.nationalId': p.nationalId, context, corporateId: undefined },
      transport: p.transport,
      timeoutMs: p.timeoutMs,
      maxSteps: DEFAULT_FORM.maxSteps,
      onPage: (html) => readPage(html, pages),
    });
  };
  let fields: Record<string, string> = { ...DEFAULT_FORM.fields };
  let contextField = DEFAULT_FORM.contextField;
  let cancel = DEFAULT_FORM.cancel;
  let outcome: ScaOutcome | undefined;
  // Each try shows the pages it reached; the next fills what they showed.
  for (let attempt = 0; attempt < 4; attempt++) {
    outcome = await run(fields, contextField, cancel, 'PRIVATE');
    const idField =
      pages.textFields.length === 1 ? pages.textFields[0] : pages.textFields.find((f) => ID_FIELD_WORDS.test(f));
    const ctx = [...pages.radios].find(([, values]) => values.includes('PRIVATE') && values.includes('CORPORATE'))?.[0];
    const abort = pages.buttons.find((b) => [b.name, b.value, b.text].some((s) => s && CANCEL_WORDS.test(s)));
    const next = {
      fields: idField ? { [idField]: '{{psu.nationalId}}' } : fields,
      contextField: ctx ?? contextField,
      cancel: abort ? (abort.value ?? abort.name ?? abort.text) : cancel,
    };
    const same = JSON.stringify(next) === JSON.stringify({ fields, contextField, cancel });
    ({ fields, contextField, cancel } = next);
    if (outcome.completed && outcome.params['psu-id'] && same) break;
  }
  const sawForms = pages.textFields.length > 0 || pages.radios.size > 0;
  if (!p.nationalId || !outcome?.completed || !outcome.params['psu-id']) {
    const why = !p.nationalId
      ? 'no PSU to log in with (set psu.private.nationalId first, then run init again)'
      : (outcome?.problem ?? `the redirect carried ${JSON.stringify(outcome?.params)}`);
    p.decided(
      'sca.driver',
      pages.scripted && !sawForms ? 'browser' : 'form',
      pages.scripted && !sawForms ? 'the SCA page has scripts and no form' : 'the SCA pages are plain HTML forms',
    );
    p.ask(
      'sca.form',
      { fields, contextField, cancel },
      `the SCA did not complete with the fields init read from its pages (${pages.textFields.join(', ') || 'no text field'}; radio groups ${[...pages.radios.keys()].join(', ') || 'none'}): ${why}. Map each field to {{psu.nationalId}}, {{context}} or {{corporateId}} (or write sca.browser.steps for pages that need a browser)`,
    );
    return;
  }
  p.decided('sca.driver', 'form', 'the SCA pages are plain HTML forms: the form driver completed a PRIVATE SCA');
  p.decided(
    'sca.form.fields',
    fields,
    `the PSU types its national identity number into ${Object.keys(fields).join(', ')}`,
  );
  const corporate = await run(fields, contextField, cancel, 'CORPORATE');
  if (corporate.completed && corporate.params['psu-corporate-id'])
    p.decided(
      'sca.form.contextField',
      contextField,
      `the radio group ${contextField} offers PRIVATE and CORPORATE; a CORPORATE SCA gave a psu-corporate-id`,
    );
  else
    p.ask(
      'sca.form.contextField',
      contextField,
      `a CORPORATE SCA did not complete with psu-corporate-id (${corporate.problem ?? JSON.stringify(corporate.params)}): the field that picks the context, and whether the PSU has a corporate agreement (psu.corporate in docs/profile.md)`,
    );
  const aborted = await run(fields, contextField, cancel, 'PRIVATE', true);
  if (aborted.completed && !aborted.params['psu-id'] && (aborted.params.code || aborted.params.status))
    p.decided(
      'sca.form.cancel',
      cancel,
      `the button "${cancel}" aborts the SCA: the redirect carried code ${aborted.params.code ?? '(none)'}`,
    );
  else
    p.ask(
      'sca.form.cancel',
      cancel,
      `pressing "${cancel}" did not end in a failure redirect (${aborted.problem ?? JSON.stringify(aborted.params)}): the name, value or text of the SCA page's abort button`,
    );
}

// ------------------------------------------------------------------ the file

/**
 * The path of a dotted profile key (the keys of `operations`, `responses` and `templates` hold dots of their own: the
 * first segment and the rest name them).
 */
function keyPath(key: string): string[] {
  const parts = key.split('.');
  return ['operations', 'responses', 'templates'].includes(parts[0]) ? [parts[0], parts.slice(1).join('.')] : parts;
}

/** The value at a dotted profile key of a plain object. */
export function valueAtKey(doc: Record<string, any>, key: string): unknown {
  return keyPath(key).reduce<any>((cur, k) => (cur === undefined || cur === null ? undefined : cur[k]), doc);
}

/** Sets a dotted profile key in a plain object. */
export function setKey(doc: Record<string, any>, key: string, value: unknown): void {
  const path = keyPath(key);
  let cur = doc;
  for (const k of path.slice(0, -1)) cur = cur[k] ??= {};
  cur[path[path.length - 1]] = value;
}

/**
 * The starter profile: the decided keys as YAML with what showed each, the undecided ones as "FIND OUT" comments with
 * the default the suite takes without them.
 */
export function renderProfile(r: InitResult, now = new Date(), carried: Record<string, unknown> = {}): string {
  // What the user's own profile gave (the TPP's certificates, proxy, PSUs) comes first, as given.
  const doc: Record<string, any> = { target: r.target, ...carried };
  for (const f of r.findings) if (f.decided) setKey(doc, f.key, f.value);
  const lines = [
    `# Starter profile written by \`xs2a-conformance init --target ${r.target}\` on ${now.toISOString().slice(0, 10)}.`,
    '# What init saw:',
    ...r.facts.map((f) => `#   ${f}`),
    "# Decided from the bank's answers:",
    ...r.findings.filter((f) => f.decided).map((f) => `#   ${f.key}: ${f.note}`),
    '# Then: xs2a-conformance run --profile <this file>; xs2a-conformance doctor lists what is still',
    '# inconclusive or not applicable, by the key that would change it. Keys: docs/profile.md.',
    '',
    yaml().stringify(doc, { lineWidth: 0 }).trimEnd(),
  ];
  const open = r.findings.filter((f) => !f.decided);
  if (open.length) {
    lines.push(
      '',
      `# ${open.length} keys init could not decide. Each FIND OUT says what to find out; the line`,
      "# under it is the default the suite takes without the key: write the bank's value in its place.",
    );
    for (const f of open) {
      lines.push('', `# FIND OUT ${f.key}: ${f.note}`);
      if (f.value === undefined) continue;
      const snippet: Record<string, any> = {};
      setKey(snippet, f.key, f.value);
      // The default as YAML to edit and uncomment (the leaf on one line).
      const text = new (yaml().Document)(snippet);
      yaml().visit(text, {
        Map: (_k, node, path) => {
          if (path.length > 4) node.flow = true;
        },
        Seq: (_k, node) => {
          node.flow = true;
        },
      });
      lines.push(
        ...text
          .toString({ lineWidth: 0 })
          .trimEnd()
          .split('\n')
          .map((l) => `#   ${l}`),
      );
    }
  }
  return lines.join('\n') + '\n';
}

/** The keys a starter profile asks about (its FIND OUT comments). */
export function openKeys(text: string): string[] {
  return [...text.matchAll(/^# FIND OUT ([^:\s]+):/gm)].map((m) => m[1]);
}

/**
 * The keys of a user's profile that init cannot probe (the TPP's certificates, proxy, PSUs), carried into the starter
 * profile; file paths made absolute from the profile's folder.
 */
export function carriedKeys(raw: Record<string, unknown>, baseDir: string): Record<string, unknown> {
  const FILES = new Set(['cert', 'key', 'pfx', 'ca']);
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string')
      return key && FILES.has(key) && !isAbsolute(v) && !v.includes('-----BEGIN') ? resolve(baseDir, v) : v;
    if (Array.isArray(v)) return v.map((x) => walk(x, key));
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, walk(x, k)]));
    return v;
  };
  const out: Record<string, unknown> = {};
  for (const k of ['tpp', 'proxy', 'noProxy', 'psu', 'timeoutMs']) if (raw[k] !== undefined) out[k] = walk(raw[k]);
  return out;
}
