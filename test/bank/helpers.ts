// Shared helpers for the bank tests: a bank on 127.0.0.1:0, a signed TPP client, and an SCA driver
// that fills the bank's HTML forms over real HTTP.
import { startBank, SCA_FIELDS, SCA_ACTIONS, type RunningBank, type StartBankOptions } from '../../src/bank/index.ts';
import { TppClient, type PsuContext } from '../../src/tpp/client.ts';
import { testCredentials, type TestTpp } from '../../src/tpp/fixtures.ts';

export const REDIRECT = 'https://127.0.0.1/xs2a-conformance/callback';
export const PSU_IP = '192.0.2.10';

export interface TestBank {
  running: RunningBank;
  client: (psu?: PsuContext, which?: TestTpp) => TppClient;
  close(): Promise<void>;
}

export async function testBank(opts: StartBankOptions = {}): Promise<TestBank> {
  const running = await startBank({ mode: 'test', seed: 7, ...opts });
  const clients: TppClient[] = [];
  return {
    running,
    client: (psu = {}, which = '') => {
      const c = new TppClient({
        baseUrl: running.url,
        identity: testCredentials(which).qsealc,
        psu,
        clock: () => running.bank.now(),
        redirectUri: REDIRECT,
        record: false,
      });
      clients.push(c);
      return c;
    },
    close: async () => {
      await Promise.all(clients.map((c) => c.close()));
      await running.close();
    },
  };
}

/** Seeded private customers' national identity numbers, in seed order. */
export function privateNids(running: RunningBank): string[] {
  return [...running.bank.state.customers.values()].filter((c) => c.type === 'private').map((c) => c.customerNumber);
}

export function accountsOf(running: RunningBank, customerNumber: string) {
  return [...running.bank.state.accounts.values()].filter((a) => a.customerNumber === customerNumber);
}

export interface ScaOutcome {
  status: number;
  location?: string;
  params: Record<string, string>;
  html?: string;
}

/** Drives the SCA pages: identity, then context/accounts, following the bank's forms. */
export async function completeSca(
  href: string,
  opts: {
    nid: string;
    context?: 'PRIVATE' | 'CORPORATE';
    agreement?: string;
    accounts?: string[];
    cancelAt?: 'identify' | 'authorise';
  },
): Promise<ScaOutcome> {
  const page1 = await fetch(href);
  const html1 = await page1.text();
  const action1 = /action="([^"]+)"/.exec(html1)?.[1];
  if (!action1) return { status: page1.status, params: {}, html: html1 };
  const origin = new URL(href).origin;
  const post = (action: string, form: URLSearchParams) =>
    fetch(origin + action.replace(/&amp;/g, '&'), {
      method: 'POST',
      body: form,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      redirect: 'manual',
    });
  const f1 = new URLSearchParams({
    [SCA_FIELDS.identity]: opts.nid,
    [SCA_FIELDS.action]: opts.cancelAt === 'identify' ? SCA_ACTIONS.cancel : SCA_ACTIONS.proceed,
  });
  const r1 = await post(action1, f1);
  if (r1.status === 302) return outcome(r1);
  const html2 = await r1.text();
  const action2 = /action="([^"]+)"/.exec(html2)?.[1];
  if (!action2) return { status: r1.status, params: {}, html: html2 };
  const f2 = new URLSearchParams({
    [SCA_FIELDS.context]: opts.context ?? 'PRIVATE',
    [SCA_FIELDS.action]: opts.cancelAt === 'authorise' ? SCA_ACTIONS.cancel : SCA_ACTIONS.proceed,
  });
  const agreement = opts.agreement ?? /name="agreement" value="([^"]+)"/.exec(html2)?.[1];
  if (opts.context === 'CORPORATE' && agreement) f2.set(SCA_FIELDS.agreement, agreement);
  const boxes = opts.accounts ?? chooseBoxes(html2, opts.context ?? 'PRIVATE', agreement);
  for (const a of boxes) f2.append(SCA_FIELDS.accounts, a);
  const r2 = await post(action2, f2);
  if (r2.status === 302) return outcome(r2);
  return { status: r2.status, params: {}, html: await r2.text() };
}

/** The account boxes of the chosen context's fieldset. */
function chooseBoxes(html: string, context: string, agreement?: string): string[] {
  const sets = html.split('<fieldset>').filter((s) => s.includes('Accounts to share'));
  const pick = sets.find((s) => (context === 'PRIVATE' ? s.includes('(PRIVATE)') : !s.includes('(PRIVATE)'))) ?? '';
  void agreement;
  return [...pick.matchAll(/name="account" value="([^"]+)"/g)].map((m) => m[1]);
}

async function outcome(r: Response): Promise<ScaOutcome> {
  const location = r.headers.get('location') ?? '';
  return { status: r.status, location, params: Object.fromEntries(new URL(location).searchParams) };
}

export function scaHref(json: unknown): string {
  const href = (json as { _links?: { scaRedirect?: { href?: string } } })?._links?.scaRedirect?.href;
  if (!href) throw new Error(`no scaRedirect in ${JSON.stringify(json).slice(0, 300)}`);
  return href;
}

/** Gets a consent with a full SCA: returns the psu-id. */
export async function consentFor(
  tb: TestBank,
  nid: string,
  opts: { session?: string; context?: 'PRIVATE' | 'CORPORATE'; accounts?: string[] } = {},
): Promise<string> {
  const c = tb.client({ tppSessionId: opts.session ?? 'sess-1', psuIpAddress: PSU_IP });
  const ex = await c.request({ method: 'POST', path: '/v1/bank-offered-consents', body: {} });
  if (ex.response?.status !== 201)
    throw new Error(`bank-offered-consents: ${ex.response?.status} ${ex.response?.text}`);
  const out = await completeSca(scaHref(ex.response.json), { nid, context: opts.context, accounts: opts.accounts });
  if (!out.params['psu-id']) throw new Error(`SCA failed: ${JSON.stringify(out)}`);
  return out.params['psu-id'];
}

export const FIX = { 'x-accept-fix': 'amount-as-string' };

export function crossBorderBody(
  debtor: { iban: string; currency: string },
  over: Record<string, unknown> = {},
): Record<string, unknown> {
  return {
    instructedAmount: { amount: '12.50', currency: 'EUR' },
    creditorName: 'Zahlungsempfänger GmbH',
    creditorAccount: { iban: 'DE89370400440532013000', currency: 'EUR' },
    creditorAgent: 'COBADEFFXXX',
    creditorAddress: { street: 'Hauptstraße', buildingNumber: '1', postalCode: '10115', city: 'Berlin', country: 'DE' },
    debtorAccount: { iban: debtor.iban, currency: debtor.currency },
    remittanceInformationUnstructured: 'Invoice 42',
    purposeCode: 'SUPP',
    ...over,
  };
}

export function domesticBody(debtor: { bban: string }, over: Record<string, unknown> = {}): Record<string, unknown> {
  return {
    instructedAmount: { amount: '100.33', currency: 'NOK' },
    creditorName: 'Ola Mottaker',
    creditorAccount: { bban: '12345678903', currency: 'NOK' },
    debtorAccount: { bban: debtor.bban, currency: 'NOK' },
    remittanceInformationUnstructured: 'Takk for lånet',
    ...over,
  };
}
