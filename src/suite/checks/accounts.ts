// Checks of the account information answers (§ Endpoints: accounts, balances).
import { isCurrencyCode } from '../../spec/currencies.ts';
import { describeResponse } from '../../session/expect.ts';
import { defineCheck } from './check.ts';

/** GET /v1/accounts: a non-empty `accounts` list whose entries have a resourceId, an iban or bban and a currency code. */
export const accountsWellFormed = defineCheck({
  id: 'accounts.list-well-formed',
  clauses: ['endpoints.list-accounts'],
  run(_s, ex) {
    const list = (ex?.response?.json as any)?.accounts;
    if (!Array.isArray(list) || !list.length) return { title: `expected a non-empty \`accounts\` list: ${describeResponse(ex)}`, expected: 'a non-empty accounts list', received: list };
    const bad = list.find((a: any) => typeof a?.resourceId !== 'string' || !(a.iban || a.bban) || !isCurrencyCode(a.currency));
    if (bad) return { title: `account ${JSON.stringify(bad).slice(0, 200)} lacks a resourceId, an iban or bban, or a currency code`, clauses: ['conventions.currency-code'], expected: 'resourceId, iban or bban, currency', received: bad };
    return undefined;
  },
});

/** GET …/balances: a non-empty `balances` list. */
export const balancesNonEmpty = defineCheck({
  id: 'accounts.balances-non-empty',
  clauses: ['endpoints.get-balances'],
  run(_s, ex) {
    const b = (ex?.response?.json as any)?.balances;
    return Array.isArray(b) && b.length ? undefined : { title: `expected a non-empty \`balances\` list: ${describeResponse(ex)}`, expected: 'a non-empty balances list', received: b };
  },
});
