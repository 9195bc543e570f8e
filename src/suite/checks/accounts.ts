// Checks of the account information answers (§ Endpoints: accounts, balances, card accounts; § Limits:
// calls without the PSU present; § Versioning: longer-names, cash-account-type-iso; § Errors: 5xx).
import { isCurrencyCode } from '../../spec/currencies.ts';
import { describeResponse, expectErrorBody, jsonOf } from '../../session/expect.ts';
import { ISO_CASH_ACCOUNT_TYPES, sandboxAccountOf, sandboxCardOf } from '../accounts.ts';
import { isSameAccount } from '../sandbox.ts';
import { defineCheck, type Problem } from './check.ts';
import { templateCarries } from '../../session/templates.ts';

/**
 * GET /v1/accounts: a non-empty `accounts` list whose entries have a resourceId, an iban or bban and a currency code.
 */
export const accountsWellFormed = defineCheck({
  id: 'accounts.list-well-formed',
  clauses: ['endpoints.list-accounts'],
  run(_s, ex) {
    const list = (ex?.response?.json as any)?.accounts;
    if (!Array.isArray(list) || !list.length)
      return {
        title: `expected a non-empty \`accounts\` list: ${describeResponse(ex)}`,
        expected: 'a non-empty accounts list',
        received: list,
      };
    const bad = list.find(
      (a: any) => typeof a?.resourceId !== 'string' || !(a.iban || a.bban) || !isCurrencyCode(a.currency),
    );
    if (bad)
      return {
        title: `account ${JSON.stringify(bad).slice(0, 200)} lacks a resourceId, an iban or bban, or a currency code`,
        clauses: ['conventions.currency-code'],
        expected: 'resourceId, iban or bban, currency',
        received: bad,
      };
    return undefined;
  },
});

/** GET …/balances: a non-empty `balances` list. */
export const balancesNonEmpty = defineCheck({
  id: 'accounts.balances-non-empty',
  clauses: ['endpoints.get-balances'],
  run(_s, ex) {
    const b = (ex?.response?.json as any)?.balances;
    return Array.isArray(b) && b.length
      ? undefined
      : {
          title: `expected a non-empty \`balances\` list: ${describeResponse(ex)}`,
          expected: 'a non-empty balances list',
          received: b,
        };
  },
});

/** GET /v1/accounts lists the sandbox account the scenario created (by iban or bban). */
export const accountsListHoldsSandbox = defineCheck({
  id: 'accounts.list-holds-sandbox-account',
  clauses: ['endpoints.list-accounts'],
  run(s, ex) {
    const acc = sandboxAccountOf(s);
    const list = jsonOf(ex)?.accounts ?? [];
    return list.some((a: any) => isSameAccount(a, acc))
      ? undefined
      : {
          title: `the account list lacks the sandbox account ${acc.iban ?? acc.bban}: ${describeResponse(ex)}`,
          expected: acc.iban ?? acc.bban,
        };
  },
});

/**
 * Account information requests at the edges (`edgeCases`): each is answered, and a 5xx only as the error body with 500
 * and SYSTEM_ERROR.
 */
export const accountsEdgeCases5xxSystemError = defineCheck({
  id: 'accounts.edge-case-5xx-system-error',
  clauses: ['errors.SYSTEM_ERROR'],
  run(s) {
    for (const ex of s.need('edgeCases', 'edge-case requests')) {
      if (!ex.response) return { title: `no answer: ${describeResponse(ex)}` };
      if (ex.response.status >= 500) expectErrorBody(ex, 500, 'SYSTEM_ERROR', ['errors.SYSTEM_ERROR']);
    }
    return undefined;
  },
});

/** Calls without the PSU present (`calls`): each is accepted (2xx). */
export const accountsCallsAccepted = defineCheck({
  id: 'accounts.calls-without-psu-accepted',
  clauses: ['limits.calls-without-psu'],
  run(s) {
    for (const [i, ex] of s.need('calls').entries()) {
      const status = ex.response?.status ?? 0;
      if (status < 200 || status >= 300)
        return { title: `call ${i + 1} was not accepted: ${describeResponse(ex)}`, expected: '2xx', received: status };
    }
    return undefined;
  },
});

/** GET /v1/card-accounts lists the sandbox card account the scenario created (by masked PAN). */
export const accountsCardListHoldsSandbox = defineCheck({
  id: 'accounts.card-list-holds-sandbox-card',
  clauses: ['conventions.psu-contexts'],
  run(s, ex) {
    const c = sandboxCardOf(s);
    return (jsonOf(ex)?.cardAccounts ?? []).some((x: any) => x.maskedPan === c.maskedPan)
      ? undefined
      : { title: `the card account list lacks ${c.maskedPan}: ${describeResponse(ex)}`, expected: c.maskedPan };
  },
});

/**
 * longer-names ("card account and account name up to 70 characters") states a length, not that the bank
 * keeps a name as written: the listed name must have the `n` characters it was created with (not cut),
 * in whatever letters the bank keeps it (a bank may normalise a name). A profile whose template cannot
 * carry the name makes the scenario not applicable before the account is made (accounts.ts nameAskable).
 */
function wholeName(sent: unknown, n: number, listed: unknown, what: string): Problem | undefined {
  const want = [...String(sent ?? '')].length;
  const got = typeof listed === 'string' ? [...listed].length : undefined;
  if (got === want) return undefined;
  return {
    title: `${what} is listed with name ${JSON.stringify(listed)} (${got ?? 0} characters), created with ${n}: the name is not shown in full`,
    expected: `a name of ${want} characters`,
    received: listed,
  };
}

/**
 * longer-names: the sandbox card account is listed with its whole name (`n` characters; the text as the bank keeps it).
 */
export const accountsCardNameKept = defineCheck<[n: number]>({
  id: 'accounts.card-name-kept',
  clauses: ['versioning.accept-fix.longer-names'],
  run(s, ex, n) {
    const c = sandboxCardOf(s);
    const found = (jsonOf(ex)?.cardAccounts ?? []).find((x: any) => x.maskedPan === c.maskedPan);
    return wholeName(c.sent.name, n, found?.name, `card account ${c.maskedPan}`);
  },
});

/** longer-names: the sandbox account is listed with its whole name (`n` characters; the text as the bank keeps it). */
export const accountsNameKept = defineCheck<[n: number]>({
  id: 'accounts.name-kept',
  clauses: ['versioning.accept-fix.longer-names'],
  run(s, ex, n) {
    const a = sandboxAccountOf(s);
    const found = (jsonOf(ex)?.accounts ?? []).find((x: any) => isSameAccount(x, a));
    return wholeName(a.sent.accountName, n, found?.name, `account ${a.iban ?? a.bban}`);
  },
});

/** Without longer-names: no account name in the list is longer than `n` characters. */
export const accountsNamesAtMost = defineCheck<[n: number]>({
  id: 'accounts.names-at-most',
  clauses: ['versioning.accept-fix.longer-names'],
  run(_s, ex, n) {
    const long = (jsonOf(ex)?.accounts ?? []).filter((x: any) => String(x.name ?? '').length > n);
    return long.length
      ? {
          title: `account ${long[0].resourceId} is listed with a name of ${long[0].name.length} characters`,
          expected: `at most ${n} characters`,
          received: long[0].name,
        }
      : undefined;
  },
});

/** cash-account-type-iso: every cashAccountType in the account list is an ISO 20022 ExternalCashAccountType1Code. */
export const accountsCashAccountTypesIso = defineCheck({
  id: 'accounts.cash-account-types-iso',
  clauses: ['versioning.accept-fix.cash-account-type-iso'],
  run(_s, ex) {
    const bad = (jsonOf(ex)?.accounts ?? []).filter(
      (x: any) => x.cashAccountType !== undefined && !ISO_CASH_ACCOUNT_TYPES.includes(x.cashAccountType),
    );
    return bad.length
      ? {
          title: `cashAccountType ${JSON.stringify(bad[0].cashAccountType)} of account ${bad[0].resourceId} is not an ISO 20022 code`,
          expected: 'an ISO 20022 cash account type code',
          received: bad[0].cashAccountType,
        }
      : undefined;
  },
});

/** cash-account-type-iso: the sandbox account is listed with the cashAccountType it was created with. */
export const accountsSandboxCashAccountType = defineCheck<[code: string]>({
  id: 'accounts.sandbox-cash-account-type',
  clauses: ['versioning.accept-fix.cash-account-type-iso'],
  run(s, ex, code) {
    // The bank keeps what it was sent only where the profile's template sends it: a sandbox whose
    // account body has no account type cannot be asked for one, and the list's codes (checked before) are all there is.
    if (!templateCarries(s.profile, 'sandbox-account', 'cashAccountType')) {
      s.attach(
        `not read back: the sandbox-account template (templates.sandbox-account) carries no {{cashAccountType}}, so the bank was not asked for ${code}; the account list's codes are checked as ISO 20022 codes`,
        'text/plain',
      );
      return undefined;
    }
    const a = sandboxAccountOf(s);
    const found = (jsonOf(ex)?.accounts ?? []).find((x: any) => isSameAccount(x, a));
    return found?.cashAccountType === code
      ? undefined
      : {
          title: `the account created with cashAccountType ${code} is listed with ${JSON.stringify(found?.cashAccountType)}`,
          expected: code,
          received: found?.cashAccountType,
        };
  },
});

/** Berlin Group NextGenPSD2 1.3 AccountStatus: the values of a card account's `status`. */
const CARD_ACCOUNT_STATUSES = ['enabled', 'deleted', 'blocked'];

/**
 * Release 1.23.2, card account status: the card account read (details or list) carries a `status` of Berlin Group's
 * AccountStatus.
 */
export const accountsCardStatus = defineCheck({
  id: 'accounts.card-account-status',
  clauses: ['releases.card-account-status'],
  run(s, ex) {
    const json = jsonOf(ex);
    const c = sandboxCardOf(s);
    const card = json?.cardAccount ?? (json?.cardAccounts ?? []).find((x: any) => x.maskedPan === c.maskedPan);
    if (!card) return { title: `no card account in the answer: ${describeResponse(ex)}`, expected: 'cardAccount' };
    if (!CARD_ACCOUNT_STATUSES.includes(card.status))
      return {
        title: `card account ${card.maskedPan ?? c.maskedPan} has status ${JSON.stringify(card.status)}`,
        expected: CARD_ACCOUNT_STATUSES.join(', '),
        received: card.status,
      };
    return undefined;
  },
});

/**
 * Release 1.23.2, card acceptor information: the created card transaction is read with the cardAcceptorId and
 * cardAcceptorAddress it was created with.
 */
export const accountsCardAcceptor = defineCheck({
  id: 'accounts.card-acceptor-information',
  clauses: ['releases.card-acceptor-information'],
  run(s, ex) {
    const sent = s.need('acceptorTxn', 'card transaction at a card acceptor');
    const report = jsonOf(ex)?.cardTransactions;
    const t = [...(report?.booked ?? []), ...(report?.pending ?? [])].find(
      (x: any) => x?.cardTransactionId === sent.cardTransactionId,
    );
    if (!t)
      return {
        title: `card transaction ${sent.cardTransactionId} is not in the card transactions: ${describeResponse(ex)}`,
      };
    const address = t.cardAcceptorAddress ?? {};
    const lost = Object.keys(sent.cardAcceptorAddress).filter((k) => address[k] !== sent.cardAcceptorAddress[k]);
    if (t.cardAcceptorId !== sent.cardAcceptorId || lost.length) {
      return {
        title: `card transaction ${sent.cardTransactionId} is read with cardAcceptorId ${JSON.stringify(t.cardAcceptorId)} and cardAcceptorAddress ${JSON.stringify(t.cardAcceptorAddress)}: created with ${JSON.stringify(sent.cardAcceptorId)} and ${JSON.stringify(sent.cardAcceptorAddress)}`,
        expected: { cardAcceptorId: sent.cardAcceptorId, cardAcceptorAddress: sent.cardAcceptorAddress },
        received: { cardAcceptorId: t.cardAcceptorId, cardAcceptorAddress: t.cardAcceptorAddress },
      };
    }
    return undefined;
  },
});
