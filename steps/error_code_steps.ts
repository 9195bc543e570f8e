// The codes of spec § Errors (features/error-codes.feature): a refusal that names a code (in its
// tppMessages, "Values of `code` in `tppMessages` of payment responses", or in the error body's
// `code`), the failed-SCA redirect's `code`, and the few requests the other step files do not send.
// Per-scenario state lives in STATE, keyed by the World; only the World's public members are used.
import { randomBytes } from 'node:crypto';
import { Then, When } from '@cucumber/cucumber';
import { CheckFailure } from '../src/session/expect.ts';
import { redirectParams } from '../src/suite/sca-checks.ts';
import type { ScaResult } from '../src/session/sca/index.ts';
import type { Exchange, RequestSpec } from '../src/tpp/client.ts';

/** What these steps need of the World (steps/support/world.ts). */
interface CodeWorld {
  send(spec: RequestSpec): Promise<Exchange>;
  readonly last?: Exchange;
  readonly lastSca?: ScaResult;
  paymentBody(template: string, vars?: Record<string, unknown>): Promise<any>;
}

/** Per scenario: the requests this file sent, for the report's evidence. */
interface CodeState { sent: Exchange[] }
const STATE = new WeakMap<object, CodeState>();
const state = (w: object): CodeState => {
  let s = STATE.get(w);
  if (!s) STATE.set(w, (s = { sent: [] }));
  return s;
};

const fail = (message: string, clauses: string[]): never => { throw new CheckFailure(message, clauses); };
const CROSS_BORDER_PATH = '/v1/payments/cross-border-credit-transfers';
/** § Endpoints > Header parameters: x-accept-fix is required on the cross-border operation. */
const ACCEPT_FIX = { 'x-accept-fix': 'amount-as-string' };

/** The target's date (its last answer's Date header, else this machine's), `days` back, as an ISO 8601 date. */
function targetDateBack(w: CodeWorld, days: number): string {
  const header = w.last?.response?.headers?.date;
  const at = typeof header === 'string' && !Number.isNaN(Date.parse(header)) ? Date.parse(header) : Date.now();
  return new Date(at - days * 86_400_000).toISOString().slice(0, 10);
}

async function sendCrossBorderDated(w: CodeWorld, date: string): Promise<void> {
  const body = await w.paymentBody('cross-border-payment');
  body.requestedExecutionDate = date;
  state(w).sent.push(await w.send({ method: 'POST', path: CROSS_BORDER_PATH, headers: ACCEPT_FIX, body }));
}

When('the TPP initiates a cross-border payment whose requestedExecutionDate is today', async function (this: CodeWorld) {
  await sendCrossBorderDated(this, targetDateBack(this, 0));
});

When('the TPP initiates a cross-border payment whose requestedExecutionDate is {int} days back', async function (this: CodeWorld, days: number) {
  await sendCrossBorderDated(this, targetDateBack(this, days));
});

/** The last request as sent: its path and query, its JSON body, and its x-accept-fix. */
function lastPayment(w: CodeWorld): { path: string; query: URLSearchParams; body: any; fix: Record<string, string> } {
  const req = w.last?.request;
  if (!req || req.method !== 'POST') fail('no payment was sent before this step', []);
  const url = new URL(req!.target, 'http://target.invalid');
  let body: any;
  try { body = JSON.parse(req!.body.toString('utf8')); } catch { fail(`the last request's body is not JSON: ${req!.body.toString('utf8').slice(0, 200)}`, []); }
  const fix = req!.headers.find(([name]) => name.toLowerCase() === 'x-accept-fix');
  return { path: url.pathname, query: url.searchParams, body, fix: fix ? { 'x-accept-fix': fix[1] } : {} };
}

When('the TPP sends that payment again with allowLogicalDuplicate {string}', async function (this: CodeWorld, value: string) {
  const p = lastPayment(this);
  const query = Object.fromEntries(p.query);
  state(this).sent.push(await this.send({ method: 'POST', path: p.path, query: { ...query, allowLogicalDuplicate: value }, headers: p.fix, body: p.body }));
});

When('the TPP sends that payment again under the product {string}', async function (this: CodeWorld, product: string) {
  const p = lastPayment(this);
  const segments = p.path.split('/');
  segments[segments.length - 1] = product;
  // Another text: never a logical duplicate of the accepted one, whatever the bank compares.
  const tok = randomBytes(4).toString('hex');
  const retext = (o: any) => { if (o && typeof o.remittanceInformationUnstructured === 'string') o.remittanceInformationUnstructured = `Conformance ${tok}`; };
  retext(p.body);
  for (const item of Array.isArray(p.body?.payments) ? p.body.payments : []) retext(item);
  state(this).sent.push(await this.send({ method: 'POST', path: segments.join('/'), query: Object.fromEntries(p.query), headers: p.fix, body: p.body }));
});

/** The codes a refusal names: its tppMessages' codes and the error body's code. */
function namedCodes(json: unknown): string[] {
  const o = (json && typeof json === 'object' ? json : {}) as Record<string, unknown>;
  const messages = Array.isArray(o.tppMessages) ? o.tppMessages : [];
  const codes = messages.map((m) => (m && typeof m === 'object' ? (m as Record<string, unknown>).code : undefined));
  return [...codes, o.code].filter((c): c is string => typeof c === 'string');
}

Then('the refusal names the code {word}', function (this: CodeWorld, code: string) {
  const r = this.last?.response;
  if (!r) fail(`expected a refusal naming ${code}, but there was no answer: ${this.last?.error?.message ?? 'no request sent'}`, ['fields.tpp-message.code']);
  if (r!.status < 400) fail(`expected a refusal naming ${code}, but the request was accepted with ${r!.status}: ${r!.text.slice(0, 300)}`, ['fields.tpp-message.code']);
  const codes = namedCodes(r!.json);
  if (!codes.includes(code)) {
    fail(`expected the refusal to name the code ${code} (in tppMessages or the error body's code), but it names ${codes.length ? codes.join(', ') : 'no code'}: ${r!.status} ${r!.text.slice(0, 300)}`, ['fields.tpp-message.code', 'fields.cross-border-payment-response.tppMessages']);
  }
});

Then('the redirect carries the code {word}', function (this: CodeWorld, code: string) {
  const params = redirectParams(this.lastSca);
  if (params['psu-id'] !== undefined && params.code === undefined) fail(`expected the failure redirect with the code ${code}, but the SCA succeeded (psu-id ${params['psu-id']})`, ['events.failure.code']);
  if (params.code !== code) fail(`expected the failure redirect to carry the code ${code}, but it carries ${params.code === undefined ? 'no code' : `"${params.code}"`} (parameters: ${JSON.stringify(params)})`, ['events.failure.code']);
});
