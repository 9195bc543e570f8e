// Deterministic seed data (the sandbox's "known state", also what the initialise operation
// restores): private customers with two accounts and a card account each, corporate customers
// with two accounts and an agreement (spec § Endpoints > Other operations, sandbox initialisation).
import { composeIBAN } from 'ibantools';
import { isoDate } from './clock.ts';
import { withLuhn } from '../spec/kid.ts';
import { encId, makeNationalIdentityNumber, nameUuid, prng } from './ids.ts';
import { DAY_MS } from './rules.ts';
import { emptyState, type Account, type BankState, type CardAccount, type Txn } from './state.ts';

export const BANK_BIC = 'XSBKNOKK';
export const BANK_CODE = '9710';

export interface SeedOptions {
  privateCustomers?: number;
  corporateCustomers?: number;
}

const FIRST = ['Ola', 'Kari', 'Per', 'Ingrid', 'Nils', 'Sigrid', 'Lars', 'Astrid', 'Erik', 'Solveig'];
const LAST = ['Nordmann', 'Hansen', 'Johansen', 'Olsen', 'Larsen', 'Andersen', 'Pedersen', 'Nilsen'];
const COMPANIES = ['Fjordkraft Testdrift AS', 'Nordlys Handel AS', 'Bergen Bakeri AS', 'Tromsø Tech AS'];
const MERCHANTS = ['REMA 1000', 'Kiwi', 'Vinmonopolet', 'NSB Vy', 'Elkjøp', 'Narvesen', 'Coop Extra', 'Circle K'];

/** A valid Norwegian BBAN (11 digits, MOD11 check digit). */
export function makeBban(rand: () => number): string {
  for (;;) {
    const body = BANK_CODE + String(Math.floor(rand() * 1e6)).padStart(6, '0');
    const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    const r = 11 - (body.split('').reduce((s, d, i) => s + Number(d) * w[i], 0) % 11);
    if (r === 10) continue;
    return body + (r === 11 ? 0 : r);
  }
}

/** A valid BBAN from a 10-digit body (the body is bumped until a MOD11 check digit exists). */
export function bbanWithCheck(body10: string): string {
  for (let b = Number(body10); ; b++) {
    const body = String(b).padStart(10, '0');
    const w = [5, 4, 3, 2, 7, 6, 5, 4, 3, 2];
    const r = 11 - (body.split('').reduce((s, d, i) => s + Number(d) * w[i], 0) % 11);
    if (r !== 10) return body + (r === 11 ? 0 : r);
  }
}

/** Counterparty accounts of the seed transactions (outside the seeded customers). */
export const COUNTERPARTY = {
  employer: bbanWithCheck('9710000001'),
  power: bbanWithCheck('9710000002'),
  insurance: bbanWithCheck('9710000003'),
  friend: bbanWithCheck('9710000004'),
} as const;

export function ibanFor(bban: string): string {
  return composeIBAN({ countryCode: 'NO', bban }) ?? `NO00${bban}`;
}

/**
 * The counterparties' IBANs, composed once: they recur in every customer's history (composing them for each
 * transaction was a tenth of a seed's time, and a seed is made at every initialise).
 */
const COUNTERPARTY_IBAN = {
  employer: ibanFor(COUNTERPARTY.employer),
  power: ibanFor(COUNTERPARTY.power),
  insurance: ibanFor(COUNTERPARTY.insurance),
  friend: ibanFor(COUNTERPARTY.friend),
} as const;

/** The dates of the seed's histories, by days before the seed's time: every customer's history has the same days. */
let seedDays: { now: number; days: Map<number, string> } | undefined;

/** The ISO date `days` days before `now`, made once per seed's time (a seed's tenth went to formatting dates). */
function dayBefore(now: number, days: number): string {
  if (seedDays?.now !== now) seedDays = { now, days: new Map() };
  let day = seedDays.days.get(days);
  if (day === undefined) seedDays.days.set(days, (day = isoDate(now - days * DAY_MS)));
  return day;
}

function seedTransactions(
  rand: () => number,
  acc: Account,
  count: number,
  pending: number,
  now: number,
  corporate: boolean,
): void {
  const txns: Txn[] = [];
  let sum = 0n;
  for (let i = 0; i < count; i++) {
    const day = dayBefore(now, Math.floor((400 * (count - i)) / count));
    const kind = i % 5;
    const cents = BigInt(Math.floor(rand() * 500000) + 5000);
    const t: Txn = {
      transactionId: encId(`txn|${acc.id}|${i}`),
      status: 'booked',
      bookingDate: day,
      valueDate: day,
      amount: 0n,
      currency: acc.currency,
      source: 'seed',
      endToEndId: `E2E${acc.bban}${String(i).padStart(5, '0')}`.slice(0, 35),
    };
    if (kind === 0) {
      // Incoming salary / customer payment.
      t.amount = cents * 10n;
      t.debtorName = corporate ? COMPANIES[i % COMPANIES.length] : 'Arbeidsgiver Test AS';
      t.debtorAccount = { bban: COUNTERPARTY.employer, iban: COUNTERPARTY_IBAN.employer, currency: acc.currency };
      t.debtorAgent = BANK_BIC;
      t.creditorName = acc.accountName;
      t.creditorAccount = { iban: acc.iban, bban: acc.bban, currency: acc.currency };
      t.creditorAgent = BANK_BIC;
      t.purposeCode = corporate ? 'SUPP' : 'SALA';
      t.bankTransactionCode = 'PMNT-RCDT-ESCT';
      t.proprietaryBankTransactionCode = 'LØNN';
      t.remittanceInformationUnstructured = corporate ? `Faktura ${1000 + i}` : `Lønn ${day.slice(0, 7)}`;
      t.ultimateDebtor = corporate ? undefined : 'Konsern Test ASA';
    } else if (kind === 1) {
      // Card purchase abroad: carries currencyExchange.
      t.amount = -cents;
      t.creditorName = MERCHANTS[i % MERCHANTS.length];
      t.bankTransactionCode = 'PMNT-CCRD-POSD';
      t.proprietaryBankTransactionCode = 'VISA VARE';
      t.remittanceInformationUnstructured = `*4321 ${day} ${t.creditorName}`;
      t.currencyExchange = {
        sourceCurrency: 'EUR',
        targetCurrency: acc.currency,
        unitCurrency: 'EUR',
        exchangeRate: '11.5000',
        quotationDate: day,
        contractIdentification: `FX${i}`,
      };
    } else if (kind === 2) {
      // Bill paid with KID: structured remittance.
      t.amount = -cents;
      t.creditorName = 'Strømselskapet Test AS';
      t.creditorAccount = { bban: COUNTERPARTY.power, iban: COUNTERPARTY_IBAN.power, currency: acc.currency };
      t.creditorAgent = BANK_BIC;
      t.debtorName = acc.accountName;
      t.debtorAccount = { iban: acc.iban, bban: acc.bban, currency: acc.currency };
      t.debtorAgent = BANK_BIC;
      t.bankTransactionCode = 'PMNT-ICDT-DMCT';
      t.proprietaryBankTransactionCode = 'GIRO';
      t.remittanceInformationStructuredArray = [
        { reference: withLuhn(String(100000 + i)), referenceType: 'SCOR', referenceIssuer: 'KID' },
      ];
      t.purposeCode = 'OTHR';
    } else if (kind === 3) {
      // Direct debit (AvtaleGiro): creditorId and ultimateCreditor.
      t.amount = -cents / 2n;
      t.creditorName = 'Forsikring Test ASA';
      t.creditorId = 'NO98ZZZ923456789';
      t.ultimateCreditor = 'Forsikring Test ASA, Skade';
      t.creditorAccount = {
        bban: COUNTERPARTY.insurance,
        iban: COUNTERPARTY_IBAN.insurance,
        currency: acc.currency,
      };
      t.bankTransactionCode = 'PMNT-RDDT-ESDD';
      t.proprietaryBankTransactionCode = 'AVTALEGIRO';
      t.remittanceInformationUnstructuredArray = ['AvtaleGiro', `Polise ${20000 + i}`];
      t.remittanceInformationUnstructured = `AvtaleGiro polise ${20000 + i}`;
    } else {
      t.amount = -cents;
      t.creditorName = FIRST[i % FIRST.length] + ' ' + LAST[i % LAST.length];
      t.creditorAccount = { bban: COUNTERPARTY.friend, iban: COUNTERPARTY_IBAN.friend, currency: acc.currency };
      t.bankTransactionCode = 'PMNT-ICDT-ESCT';
      t.proprietaryBankTransactionCode = 'OVERFØRSEL';
      t.remittanceInformationUnstructured = `Vipps-overføring ${i}`;
    }
    sum += t.amount;
    txns.push(t);
  }
  for (let i = 0; i < pending; i++) {
    const day = isoDate(now - i * 400 * DAY_MS); // one today, the others far in the past: "all pending" ignores dates
    txns.push({
      transactionId: encId(`pending|${acc.id}|${i}`),
      status: 'pending',
      bookingDate: day,
      valueDate: day,
      amount: -BigInt(1000 + i * 250),
      currency: acc.currency,
      creditorName: MERCHANTS[i % MERCHANTS.length],
      remittanceInformationUnstructured: `Reservasjon ${i}`,
      bankTransactionCode: 'PMNT-CCRD-POSD',
      source: 'seed',
    });
  }
  acc.transactions = txns;
  acc.balance = 5_000_000n + sum;
}

/**
 * `state`, made by seedState at an instant of the same UTC day as `now`, as seedState makes it at `now`:
 * the seed reads `now` for its dates (whole days before or after it: the same within a day) and as the
 * time of the accounts' and cards' last change and of the last batch run (set here).
 */
export function restamped(state: BankState, now: number): BankState {
  state.lastBatchAt = now;
  for (const a of state.accounts.values()) a.lastChange = now;
  for (const c of state.cardAccounts.values()) c.lastChange = now;
  return state;
}

export function seedState(seed: number, now: number, opts: SeedOptions = {}): BankState {
  const rand = prng(seed);
  const state = emptyState(now);
  const nPrivate = opts.privateCustomers ?? 32;
  const nCorporate = opts.corporateCustomers ?? 2;
  const privateNids: string[] = [];
  const mkAccount = (
    owner: string,
    name: string,
    product: string,
    type: string,
    currency: string,
    tag: string,
  ): Account => {
    const bban = makeBban(rand);
    const acc: Account = {
      id: encId(`account|${seed}|${tag}`),
      customerNumber: owner,
      accountName: name,
      bban,
      iban: ibanFor(bban),
      bic: BANK_BIC,
      currency,
      product,
      cashAccountType: type,
      creditLine: 0n,
      balance: 0n,
      lastChange: now,
      transactions: [],
    };
    state.accounts.set(acc.id, acc);
    return acc;
  };
  for (let p = 0; p < nPrivate; p++) {
    let nid: string | undefined;
    while (!nid)
      nid = makeNationalIdentityNumber(
        1 + Math.floor(rand() * 28),
        1 + Math.floor(rand() * 12),
        50 + Math.floor(rand() * 40),
        100 + Math.floor(rand() * 399),
      );
    privateNids.push(nid);
    const name = `${FIRST[p % FIRST.length]} ${LAST[p % LAST.length]}`;
    state.customers.set(nid, { customerNumber: nid, name, type: 'private' });
    const a1 = mkAccount(nid, `Brukskonto ${name}`, 'Brukskonto', 'CACC', 'NOK', `p${p}a1`);
    seedTransactions(rand, a1, 260, 3, now, false);
    const a2 = mkAccount(
      nid,
      'Sparekonto med et ganske langt kontonavn som går forbi trettifem tegn',
      'Høyrente Sparekonto',
      'SVGS',
      'NOK',
      `p${p}a2`,
    );
    seedTransactions(rand, a2, 20, 0, now, false);
    const card: CardAccount = {
      id: encId(`card|${seed}|p${p}`),
      customerNumber: nid,
      maskedPan: `5213${String(p).padStart(2, '0')}xxxxxx${String(1000 + p).slice(-4)}`,
      currency: 'NOK',
      name: `Kredittkort ${name}`,
      product: 'Basic Credit',
      status: 'enabled',
      creditLimit: 3_000_000n,
      balance: 0n,
      cardId: String(p + 1),
      expiry: isoDate(now + 900 * DAY_MS),
      accountNumber: makeBban(rand),
      lastChange: now,
      transactions: [],
    };
    for (let i = 0; i < 12; i++) {
      const day = isoDate(now - (i * 7 + 1) * DAY_MS);
      const amt = BigInt(2000 + Math.floor(rand() * 90000));
      const foreign = i % 3 === 0;
      card.transactions.push({
        cardTransactionId: encId(`cardtxn|${card.id}|${i}`),
        status: i === 0 ? 'pending' : 'booked',
        terminalId: `T${1000 + i}`,
        bookingDate: day,
        transactionDate: day,
        transactionAmount: { currency: 'NOK', amount: -amt },
        originalAmount: foreign
          ? { currency: 'EUR', amount: -(amt * 100n) / 1150n }
          : { currency: 'NOK', amount: -amt },
        currencyExchange: foreign
          ? {
              sourceCurrency: 'EUR',
              targetCurrency: 'NOK',
              unitCurrency: 'EUR',
              exchangeRate: '11.5',
              quotationDate: day,
            }
          : undefined,
        merchantCategoryCode: '5411',
        cardAcceptorId: `ACC${i}`,
        cardAcceptorAddress: { city: foreign ? 'Berlin' : 'Oslo', country: foreign ? 'DE' : 'NO' },
        maskedPan: card.maskedPan,
        transactionDetails: MERCHANTS[i % MERCHANTS.length],
        invoiced: i > 6 ? 'true' : 'false',
        proprietaryBankTransactionCode: 'VISA',
      });
      card.balance -= amt;
    }
    state.cardAccounts.set(card.id, card);
  }
  for (let c = 0; c < nCorporate; c++) {
    const org = String(910000000 + Math.floor(rand() * 89999999));
    const name = COMPANIES[c % COMPANIES.length];
    state.customers.set(org, { customerNumber: org, name, type: 'corporate' });
    const a1 = mkAccount(org, `Driftskonto ${name}`, 'Bedriftskonto', 'CACC', 'NOK', `c${c}a1`);
    seedTransactions(rand, a1, 40, 2, now, true);
    const a2 = mkAccount(org, `Valutakonto ${name}`, 'Valutakonto', 'CACC', 'EUR', `c${c}a2`);
    seedTransactions(rand, a2, 10, 0, now, true);
    // Every private customer is engaged in two corporate agreements (customer i in agreements i and
    // i + 1 mod the corporate customers): each worker of a parallel run acts for its own PSU in both
    // contexts, and a PSU has a second corporate id that no SCA chose (an SCA page offers the first).
    const members = privateNids.filter(
      (_, i) => i % nCorporate === c || (nCorporate > 1 && (i + 1) % nCorporate === c),
    );
    const agreementId = nameUuid(`agreement|${seed}|${org}`);
    state.agreements.set(agreementId, {
      agreementId,
      owner: org,
      name: `Avtale ${name}`,
      engagements: members.map((customer) => ({
        customer,
        accountIds: [a1.id, a2.id],
        roles: ['VIEW', 'REGISTER'] as string[],
      })),
    });
  }
  return state;
}
