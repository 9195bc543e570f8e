// Sandbox mock data for the account scenarios: accounts, card accounts and transactions created
// through the sandbox operations (spec § Endpoints 4-5 and "Other operations"), so a scenario owns
// the data it reads. Bodies come from the request templates (templates.ts, profile-overridable);
import { randomInt, randomUUID } from 'node:crypto';
import { composeIBAN } from 'ibantools';
import { buildBody } from './templates.ts';
import { describeResponse, fail } from './expect.ts';
import type { Profile } from './profile.ts';
import type { Exchange, RequestSpec } from '../tpp/client.ts';
import type { Xs2aWorld } from '../../steps/support/world.ts';

/**
 * Paths of the sandbox operations the spec names without a path (initialise, balance updates): the
 * platform's (facts §1.3), which the reference bank serves. A bank with other paths needs a profile key.
 */
export const SANDBOX_PATHS = {
  customers: '/v1/sandbox/customers',
  accounts: '/v1/sandbox/accounts',
  account: (id: string) => `/v1/sandbox/accounts/${encodeURIComponent(id)}`,
  accountTransactions: (id: string) => `/v1/sandbox/accounts/${encodeURIComponent(id)}/transactions`,
  accountBalances: (id: string) => `/v1/sandbox/accounts/${encodeURIComponent(id)}/balances`,
  cardAccounts: '/v1/sandbox/card-accounts',
  cardTransactions: (id: string) => `/v1/sandbox/card-accounts/${encodeURIComponent(id)}/transactions`,
  cardBalances: (id: string) => `/v1/sandbox/card-accounts/${encodeURIComponent(id)}/balances`,
  initialise: '/v1/sandbox/initialise',
} as const;

export function body(profile: Profile, name: string, vars: Record<string, unknown>): any {
  return buildBody(profile, name, vars);
}

/** A valid Norwegian BBAN (11 digits, MOD11 check digit), random enough to be new. */
export function newBban(): string {
  for (;;) {
    const body10 = '9710' + String(randomInt(0, 1_000_000)).padStart(6, '0');
    const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    const r = 11 - (body10.split('').reduce((s, d, i) => s + Number(d) * w[i], 0) % 11);
    if (r !== 10) return body10 + (r === 11 ? 0 : r);
  }
}

/** Milliseconds the target's clock is ahead of ours (moved by @clock scenarios). */
export function clockOffsetMs(w: Xs2aWorld): number {
  return w.clockOffsetSeconds * 1000;
}

/** Sends as the World does, but signs with the target's clock when a scenario moved it (Date within 60 s). */
export async function sendNow(w: Xs2aWorld, spec: RequestSpec): Promise<Exchange> {
  // The World's client already signs with the target's (moved) clock.
  return w.send(spec);
}

/** The target's date `days` days back (UTC), as YYYY-MM-DD. */
export function daysAgo(w: Xs2aWorld, days: number): string {
  return new Date(Date.now() + clockOffsetMs(w) - days * 86_400_000).toISOString().slice(0, 10);
}

const accepted = (ex: Exchange, what: string, clauses: string[]): any => {
  const s = ex.response?.status ?? 0;
  if (s < 200 || s >= 300) fail(`${what} was not accepted: ${describeResponse(ex)}`, clauses);
  return ex.response!.json;
};

export interface SandboxAccount { id: string; iban?: string; bban: string; currency: string; accountName: string }

/** POST /v1/sandbox/accounts for the PSU's customer; `overrides` replace top-level fields. */
export async function createSandboxAccount(w: Xs2aWorld, overrides: Record<string, unknown> = {}): Promise<SandboxAccount> {
  const bban = newBban();
  const b = { ...body(w.profile, 'sandbox-account', { customerNumber: await w.nationalId('PRIVATE'), bban, iban: composeIBAN({ countryCode: 'NO', bban }) }), ...overrides };
  const json = accepted(await sendNow(w, { method: 'POST', path: SANDBOX_PATHS.accounts, body: b, psu: false }), 'POST /v1/sandbox/accounts', ['endpoints.create-sandbox-account']);
  const id = json?.id ?? json?.resourceId;
  if (typeof id !== 'string') fail(`POST /v1/sandbox/accounts answered no account id: ${JSON.stringify(json).slice(0, 300)}`, ['endpoints.create-sandbox-account']);
  const acc = { id, iban: b.iban, bban: b.bban, currency: b.currency, accountName: b.accountName };
  w.vars.set('sandboxAccount', acc);
  return acc;
}

/** One sandbox account transaction item (template), with top-level overrides (undefined removes). */
export function sandboxTxn(w: Xs2aWorld, overrides: Record<string, unknown> = {}): Record<string, unknown> {
  const day = daysAgo(w, 1);
  const t = { ...body(w.profile, 'sandbox-account-transaction', { amountInt: -randomInt(100, 100000), valueDate: day, bookingDate: day }), ...overrides };
  for (const k of Object.keys(t)) if (t[k] === undefined) delete t[k];
  return t;
}

/** POST /v1/sandbox/accounts/{id}/transactions; returns the exchange (the caller judges it). */
export function postSandboxTxns(w: Xs2aWorld, accountId: string, items: unknown[]): Promise<Exchange> {
  return sendNow(w, { method: 'POST', path: SANDBOX_PATHS.accountTransactions(accountId), body: items, psu: false });
}

export async function createSandboxTxns(w: Xs2aWorld, accountId: string, items: unknown[]): Promise<any[]> {
  const json = accepted(await postSandboxTxns(w, accountId, items), `POST /v1/sandbox/accounts/{id}/transactions with ${items.length} items`, ['endpoints.create-sandbox-account-transactions']);
  return Array.isArray(json) ? json : [];
}

/** GET /v1/sandbox/accounts/{id}/transactions. */
export function listSandboxTxns(w: Xs2aWorld, accountId: string, query: Record<string, string | number | undefined> = {}, extra: Partial<RequestSpec> = {}): Promise<Exchange> {
  return sendNow(w, { method: 'GET', path: SANDBOX_PATHS.accountTransactions(accountId), query, psu: false, ...extra });
}

export interface SandboxCard { id: string; maskedPan: string; name: string }

/** POST /v1/sandbox/card-accounts for the PSU's customer. */
export async function createSandboxCard(w: Xs2aWorld, overrides: Record<string, unknown> = {}): Promise<SandboxCard> {
  const maskedPan = `5299xxxxxxxx${String(randomInt(0, 10000)).padStart(4, '0')}`;
  const b = { ...body(w.profile, 'sandbox-card-account', { customerNumber: await w.nationalId('PRIVATE') }), maskedPan, ...overrides };
  const json = accepted(await sendNow(w, { method: 'POST', path: SANDBOX_PATHS.cardAccounts, body: b, psu: false }), 'POST /v1/sandbox/card-accounts', ['endpoints.create-sandbox-card-account']);
  const id = json?.resourceId ?? json?.id;
  if (typeof id !== 'string') fail(`POST /v1/sandbox/card-accounts answered no card account id: ${JSON.stringify(json).slice(0, 300)}`, ['endpoints.create-sandbox-card-account']);
  const card = { id, maskedPan: b.maskedPan, name: b.name };
  w.vars.set('sandboxCard', card);
  return card;
}

/** One sandbox card transaction item (template), booked and transacted yesterday. */
export function cardTxn(w: Xs2aWorld, overrides: Record<string, unknown> = {}): Record<string, any> {
  const day = daysAgo(w, 1);
  const t = { ...body(w.profile, 'sandbox-card-transaction', { cardTransactionId: `ct-${randomUUID()}`, bookingDate: day, transactionDate: day, amountInt: -randomInt(100, 100000) }), ...overrides };
  for (const k of Object.keys(t)) if (t[k] === undefined) delete t[k];
  return t;
}

export function postCardTxns(w: Xs2aWorld, cardId: string, items: unknown[], extra: Partial<RequestSpec> = {}): Promise<Exchange> {
  return sendNow(w, { method: 'POST', path: SANDBOX_PATHS.cardTransactions(cardId), body: items, psu: false, ...extra });
}
