// The sandbox's simulated payment batch (§ Versioning, release 1.16.0): 5 runs a day, for every
// payment except periodic ones. A run executes authorised payments that are due; lack of funds
// makes a payment PDNG until the day's last run, then RJCT (fundsAvailable false).
import { isoDate } from './clock.ts';
import { convert } from './money.ts';
import type { BankRules } from './rules.ts';
import type { Account, BankState, Payment, Txn } from './state.ts';

/**
 * What the batch reads and writes of the bank: its state and rules. A Bank is one; batch.ts names
 * no Bank because Bank.tick runs the batch (bank.ts imports this file).
 */
export interface Ledger {
  readonly state: BankState;
  readonly rules: BankRules;
}

const RUNNABLE = new Set(['ACTC', 'PDNG']);

/** Account of the bank matching an iban or bban, if any. */
export function findAccount(bank: Ledger, ref: { iban?: string; bban?: string } | undefined): Account | undefined {
  if (!ref) return undefined;
  for (const a of bank.state.accounts.values())
    if ((ref.iban && a.iban === ref.iban) || (ref.bban && a.bban === ref.bban)) return a;
  return undefined;
}

/** Total of a payment in the debtor account's currency. */
export function paymentTotal(bank: Ledger, p: Payment): bigint {
  const acc = bank.state.accounts.get(p.debtorAccountId);
  if (!acc) return 0n;
  return p.items.reduce((sum, it) => sum + convert(it.amount, it.currency, acc.currency).value, 0n);
}

export function fundsFor(bank: Ledger, p: Payment): boolean {
  const acc = bank.state.accounts.get(p.debtorAccountId);
  return !!acc && acc.balance + acc.creditLine >= paymentTotal(bank, p);
}

/** Executes a payment now if funds allow; otherwise marks it PDNG or RJCT. */
export function executePayment(bank: Ledger, p: Payment, at: number, finalAttempt: boolean): void {
  const acc = bank.state.accounts.get(p.debtorAccountId);
  if (!acc || !fundsFor(bank, p)) {
    p.status = finalAttempt || !bank.rules.pendingWithoutFunds ? 'RJCT' : 'PDNG';
    p.fundsAvailable = false;
    return;
  }
  const day = isoDate(at);
  for (const [i, it] of p.items.entries()) {
    const { value, rate } = convert(it.amount, it.currency, acc.currency);
    const fx =
      it.currency !== acc.currency
        ? {
            sourceCurrency: it.currency,
            targetCurrency: acc.currency,
            unitCurrency: it.currency,
            exchangeRate: rate.toFixed(4),
            quotationDate: day,
          }
        : undefined;
    const debit: Txn = {
      transactionId: `${p.paymentId}-${i}-d`,
      status: 'booked',
      bookingDate: day,
      valueDate: day,
      amount: -value,
      currency: acc.currency,
      creditorName: it.creditorName,
      creditorAccount: it.creditorAccount,
      debtorName: acc.accountName,
      debtorAccount: { iban: acc.iban, bban: acc.bban, currency: acc.currency },
      debtorAgent: acc.bic,
      remittanceInformationUnstructured: it.remittance,
      endToEndId: p.paymentId.slice(0, 35),
      bankTransactionCode: 'PMNT-ICDT-DMCT',
      proprietaryBankTransactionCode: p.product.slice(0, 35),
      currencyExchange: fx,
      source: 'payment',
    };
    acc.transactions.push(debit);
    acc.balance -= value;
    acc.lastChange = at;
    const creditor = findAccount(bank, it.creditorAccount);
    if (creditor) {
      const c = convert(it.amount, it.currency, creditor.currency).value;
      creditor.transactions.push({
        ...debit,
        transactionId: `${p.paymentId}-${i}-c`,
        amount: c,
        currency: creditor.currency,
        currencyExchange: undefined,
      });
      creditor.balance += c;
      creditor.lastChange = at;
    }
  }
  p.status = 'ACSC';
  p.fundsAvailable = true;
}

export function runBatch(bank: Ledger, at: number, lastOfDay: boolean): void {
  const day = isoDate(at);
  for (const p of bank.state.payments.values()) {
    if (
      (p.service === 'periodic-payments' && bank.rules.batchSkipsPeriodic) ||
      !RUNNABLE.has(p.status) ||
      p.executionDate > day
    )
      continue;
    executePayment(bank, p, at, lastOfDay);
  }
}

/** Runs every batch due between the last run and `now`. */
export function runDueBatches(bank: Ledger, now: number): void {
  const st = bank.state;
  if (now <= st.lastBatchAt) return;
  const times = [...bank.rules.batchTimesUtc].sort();
  let dayMs = Date.parse(isoDate(st.lastBatchAt) + 'T00:00:00Z');
  for (let guard = 0; dayMs <= now && guard < 20000; guard++, dayMs += 86400000) {
    const day = isoDate(dayMs);
    for (const [i, t] of times.entries()) {
      const at = Date.parse(`${day}T${t}:00Z`);
      if (at > st.lastBatchAt && at <= now) {
        runBatch(bank, at, i === times.length - 1);
        st.lastBatchAt = at;
      }
    }
  }
}
