// Error bodies, versioning and the general headers and conventions (§ Errors, § Versioning,
// § Endpoints > Header parameters, § Resources > Conventions).
import { Then, When } from '@cucumber/cucumber';
import { sendWithControl } from '../src/suite/controls.ts';
import { responseOf } from '../src/session/expect.ts';
import {
  expectHttpDate,
  expectJsonUtf8,
  malformedPayment,
  obsoleteHttpDate,
  OPTIONAL_HEADER_VALUES,
  unusualRequests,
  utf8HeaderValue,
} from '../src/suite/platform.ts';
import { buildBody } from '../src/session/templates.ts';
import { accountVars, SANDBOX_PATHS } from '../src/suite/sandbox.ts';
import { sendWithHostPort } from '../src/suite/session-requests.ts';
import type { RequestSpec } from '../src/tpp/client.ts';
import type { Xs2aWorld } from './support/world.ts';
import { eachAtOnce } from '../src/suite/concurrently.ts';
import { tamperWith } from '../src/suite/tamper.ts';
import { check } from '../src/suite/checks/check.ts';
import {
  errorBodyStatus,
  jsonDatesIso,
  neverXml,
  requestIdEchoed,
  serverErrorsAreSystemError,
} from '../src/suite/checks/platform.ts';

const ACCOUNTS: RequestSpec = { method: 'GET', path: '/v1/accounts' };

// ---------------------------------------------------------------- error bodies

const CONSENT_BODY = { access: { allPsd2: 'allAccounts' } };
/**
 * Requests answered with an error, each with its control (the same request without what makes it one) where one exists.
 */
const ERROR_REQUESTS: Record<string, { spec: RequestSpec; control?: RequestSpec; what?: string }> = {
  // No control: no request without the violation exists, the path itself is what the bank does not serve.
  'a request to a path the bank does not serve': { spec: { method: 'GET', path: '/v1/no-such-resource' } },
  'an account list request with the PSU-ID 12345': {
    spec: { ...ACCOUNTS, headers: { 'PSU-ID': '12345' } },
    control: ACCOUNTS,
    what: "the same account list request with the PSU's psu-id",
  },
  'an account list request without TPP-Redirect-URI': {
    spec: { ...ACCOUNTS, headers: { 'TPP-Redirect-URI': null } },
    control: ACCOUNTS,
    what: 'the same account list request with TPP-Redirect-URI',
  },
  'a consent request to /v1/consents': {
    spec: { method: 'POST', path: '/v1/consents', body: CONSENT_BODY },
    control: { method: 'POST', path: '/v1/bank-offered-consents', body: CONSENT_BODY },
    what: 'the same consent request to /v1/bank-offered-consents',
  },
};

When('the TPP provokes an error with {string}', async function (this: Xs2aWorld, name: string) {
  const e = ERROR_REQUESTS[name];
  if (!e) throw new Error(`unknown error request "${name}"; known: ${Object.keys(ERROR_REQUESTS).join('; ')}`);
  await (e.control ? sendWithControl(this.session, e.spec, e.control, e.what ?? name) : this.session.send(e.spec));
});

Then('the answer is an error body whose status is the HTTP status', function (this: Xs2aWorld) {
  return check(this.session, errorBodyStatus);
});

When('the TPP posts a cross-border payment whose body is {}', async function (this: Xs2aWorld, name: string) {
  const { violating, control } = malformedPayment(name, await this.session.paymentBody('cross-border-payment'));
  await sendWithControl(this.session, violating, control, 'the same payment as a JSON object in UTF-8');
});

When('the TPP creates a sandbox account whose name contains an emoji', async function (this: Xs2aWorld) {
  const vars = await accountVars(this.session, { accountName: 'Feriekonto' });
  const create = (v: Record<string, unknown>): RequestSpec => ({
    method: 'POST',
    path: SANDBOX_PATHS.accounts,
    body: buildBody(this.session.profile, 'sandbox-account', v),
    psu: false,
  });
  await sendWithControl(
    this.session,
    create({ ...vars, accountName: 'Feriekonto 🏖️' }),
    create(vars),
    'the same sandbox account named without the emoji',
  );
});

When('the TPP sends requests that commonly break servers', async function (this: Xs2aWorld) {
  const odd = unusualRequests(await this.session.paymentBody('cross-border-payment'));
  this.session.state.unusual = await eachAtOnce(this.session, odd, async ({ name, spec }) => ({
    name,
    ex: await this.session.send(spec),
  }));
});

Then('every answer arrived and every 5xx answer is the error body with code SYSTEM_ERROR', function (this: Xs2aWorld) {
  return check(this.session, serverErrorsAreSystemError);
});

// ---------------------------------------------------------------- versioning

When('the TPP reads the account list at {string}', async function (this: Xs2aWorld, path: string) {
  await this.session.send({ method: 'GET', path });
});

When(
  'the TPP reads the account list at {string} instead of {string}',
  async function (this: Xs2aWorld, path: string, usual: string) {
    await sendWithControl(
      this.session,
      { method: 'GET', path },
      { method: 'GET', path: usual },
      `the same account list request at ${usual}`,
    );
  },
);

When('the TPP reads the account list opting in to the fixes {string}', async function (this: Xs2aWorld, fixes: string) {
  await this.session.send({ ...ACCOUNTS, headers: { 'x-accept-fix': fixes } });
});

When(
  'the TPP reads the account list opting in to the fixes {string} instead of {string}',
  async function (this: Xs2aWorld, fixes: string, usual: string) {
    await sendWithControl(
      this.session,
      { ...ACCOUNTS, headers: { 'x-accept-fix': fixes } },
      { ...ACCOUNTS, headers: { 'x-accept-fix': usual } },
      `the same account list request opting in to "${usual}"`,
    );
  },
);

// ---------------------------------------------------------------- headers and conventions

When(
  'the TPP reads the account list with the header {string} set to {string}',
  async function (this: Xs2aWorld, name: string, value: string) {
    await this.session.send({ ...ACCOUNTS, headers: { [name]: value } });
  },
);

// "instead of its usual value": the control sends the header as the TPP always does (the PSU's own PSU-ID, or none).
When(
  /^the TPP reads the account list with the header "([^"]+)" set to "([^"]*)" instead of (?:"([^"]*)"|its usual value)$/,
  async function (this: Xs2aWorld, name: string, value: string, usual?: string) {
    const control = usual == null ? ACCOUNTS : { ...ACCOUNTS, headers: { [name]: usual } };
    await sendWithControl(
      this.session,
      { ...ACCOUNTS, headers: { [name]: value } },
      control,
      `the same account list request with ${usual == null ? `${name} as the TPP always sends it` : `${name}: ${usual}`}`,
    );
  },
);

When(
  'the TPP reads the account list with the header {string} set to {string} in UTF-8 instead of {string}',
  async function (this: Xs2aWorld, name: string, value: string, usual: string) {
    await sendWithControl(
      this.session,
      { ...ACCOUNTS, headers: { [name]: utf8HeaderValue(value) } },
      { ...ACCOUNTS, headers: { [name]: usual } },
      `the same account list request with ${name}: ${usual}`,
    );
  },
);

When('the TPP reads the account list with every optional header of the header table', async function (this: Xs2aWorld) {
  await this.session.send({ ...ACCOUNTS, headers: { ...OPTIONAL_HEADER_VALUES } });
});

When('the TPP reads the account list with balances', async function (this: Xs2aWorld) {
  await this.session.send({ ...ACCOUNTS, query: { withBalance: true } });
});

Then('the response body is JSON in UTF-8', function (this: Xs2aWorld) {
  expectJsonUtf8(this.session.last);
});

Then('the answer is 406 or a JSON body, never XML', function (this: Xs2aWorld) {
  return check(this.session, neverXml);
});

// Undici always derives Host from the origin, so this request is built and signed by the client and sent here with the
// Host set.
When('the TPP reads the account list with the Host header naming the port', async function (this: Xs2aWorld) {
  await sendWithHostPort(this.session, ACCOUNTS);
});

When('the TPP sends an account list request without {word}', async function (this: Xs2aWorld, name: string) {
  const without: RequestSpec =
    name === 'Signature'
      ? { ...ACCOUNTS, tamper: tamperWith('signature.missing') }
      : { ...ACCOUNTS, headers: { [name]: null } };
  await sendWithControl(this.session, without, ACCOUNTS, `the same account list request with ${name}`);
});

Then("the response carries the request's X-Request-ID", function (this: Xs2aWorld) {
  return check(this.session, requestIdEchoed);
});

When('the TPP names the PSU by X-PSU-IDENTITY instead of PSU-ID', async function (this: Xs2aWorld) {
  this.session.psu.psuIdentity = await this.session.nationalId('PRIVATE');
  this.session.psu.psuId = undefined;
});

When(
  /^the TPP reads the account list with a Date in the (RFC 850|asctime) form$/,
  async function (this: Xs2aWorld, form: 'RFC 850' | 'asctime') {
    await this.session.send({ ...ACCOUNTS, sign: { date: { value: obsoleteHttpDate(Date.now(), form) } } });
  },
);

Then('any Date header of the answer is an RFC 7231 date', function (this: Xs2aWorld) {
  const d = responseOf(this.session.last).headers.date;
  expectHttpDate(Array.isArray(d) ? d[0] : d);
});

Then('every date in the JSON body is an ISO 8601 date or a date-time with offset', function (this: Xs2aWorld) {
  return check(this.session, jsonDatesIso);
});
