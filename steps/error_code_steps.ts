// The codes of spec § Errors (features/error-codes.feature): the few requests the other step files do
// not send, and the Then steps bound to the checks of src/suite/checks/errors.ts (a refusal that names
// a code, the failed-SCA redirect's `code`). Per-scenario state lives in STATE, keyed by the World;
// only the World's public members are used.
import { randomBytes } from 'node:crypto';
import { Then, When } from '@cucumber/cucumber';
import { check } from '../src/suite/checks/check.ts';
import { failureRedirectCode, refusalNamesCode } from '../src/suite/checks/errors.ts';
import { lastPayment } from '../src/suite/resend.ts';
import { singleOnlyProduct } from '../src/suite/payments-flow.ts';
import type { PaymentService } from '../src/session/payment-requests.ts';
import type { Exchange, RequestSpec } from '../src/tpp/client.ts';
import type { Xs2aWorld } from './support/world.ts';

/** What these steps need of the scenario's session (the World's session: steps/support/world.ts). */
interface CodeWorld {
  send(spec: RequestSpec): Promise<Exchange>;
  readonly last?: Exchange;
  paymentBody(template: string, vars?: Record<string, unknown>): Promise<any>;
}

/** Per scenario: the requests this file sent, for the report's evidence. */
interface CodeState {
  sent: Exchange[];
}
const STATE = new WeakMap<object, CodeState>();
const state = (w: object): CodeState => {
  let s = STATE.get(w);
  if (!s) STATE.set(w, (s = { sent: [] }));
  return s;
};

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

When(
  'the TPP initiates a cross-border payment whose requestedExecutionDate is today',
  async function (this: Xs2aWorld) {
    await sendCrossBorderDated(this.session, targetDateBack(this.session, 0));
  },
);

When(
  'the TPP initiates a cross-border payment whose requestedExecutionDate is {int} days back',
  async function (this: Xs2aWorld, days: number) {
    await sendCrossBorderDated(this.session, targetDateBack(this.session, days));
  },
);

When(
  'the TPP sends that payment again with allowLogicalDuplicate {string}',
  async function (this: Xs2aWorld, value: string) {
    const p = lastPayment(this.session);
    const query = Object.fromEntries(p.query);
    state(this.session).sent.push(
      await this.session.send({
        method: 'POST',
        path: p.path,
        query: { ...query, allowLogicalDuplicate: value },
        headers: p.fix,
        body: p.body,
      }),
    );
  },
);

When(
  'the TPP sends that payment again under a product offered only as single payments',
  async function (this: Xs2aWorld & CodeWorld) {
    const p = lastPayment(this.session);
    const product = singleOnlyProduct(this.session, p.path.split('/')[2] as PaymentService);
    const segments = p.path.split('/');
    segments[segments.length - 1] = product;
    // Another text: never a logical duplicate of the accepted one, whatever the bank compares.
    const tok = randomBytes(4).toString('hex');
    const retext = (o: any) => {
      if (o && typeof o.remittanceInformationUnstructured === 'string')
        o.remittanceInformationUnstructured = `Conformance ${tok}`;
    };
    retext(p.body);
    for (const item of Array.isArray(p.body?.payments) ? p.body.payments : []) retext(item);
    state(this.session).sent.push(
      await this.session.send({
        method: 'POST',
        path: segments.join('/'),
        query: Object.fromEntries(p.query),
        headers: p.fix,
        body: p.body,
      }),
    );
  },
);

Then('the refusal names the code {word}', function (this: Xs2aWorld, code: string) {
  return check(this.session, refusalNamesCode, code);
});

Then('the redirect carries the code {word}', function (this: Xs2aWorld, code: string) {
  return check(this.session, failureRedirectCode, code);
});
