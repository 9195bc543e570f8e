// In-memory state of the bank. Everything a request can change lives here, so stateDigest() (a
// stable hash of all of it) proves that bad input changes nothing.
import { createHash } from 'node:crypto';
import type { PsuContext } from '../spec/codes.ts';

export interface AccountRef {
  iban?: string;
  bban?: string;
  currency?: string;
}

export interface Customer {
  customerNumber: string;
  name: string;
  type: 'private' | 'corporate';
}

export interface Txn {
  transactionId: string;
  status: 'booked' | 'pending';
  bookingDate: string;
  valueDate: string;
  /** Signed minor units in `currency` (the account's currency): negative = money out. */
  amount: bigint;
  currency: string;
  creditorName?: string;
  creditorAccount?: AccountRef;
  creditorAgent?: string;
  creditorId?: string;
  ultimateCreditor?: string;
  debtorName?: string;
  debtorAccount?: AccountRef;
  debtorAgent?: string;
  ultimateDebtor?: string;
  remittanceInformationUnstructured?: string;
  remittanceInformationUnstructuredArray?: string[];
  remittanceInformationStructuredArray?: Array<{ reference: string; referenceType?: string; referenceIssuer?: string }>;
  endToEndId?: string;
  bankTransactionCode?: string;
  proprietaryBankTransactionCode?: string;
  purposeCode?: string;
  currencyExchange?: {
    sourceCurrency: string;
    targetCurrency: string;
    unitCurrency: string;
    exchangeRate: string;
    quotationDate: string;
    contractIdentification?: string;
  };
  source: 'seed' | 'sandbox' | 'payment';
}

export interface Account {
  id: string;
  customerNumber: string;
  accountName: string;
  bban: string;
  iban: string;
  bic: string;
  currency: string;
  product: string;
  /** ISO 20022 ExternalCashAccountType1Code. */
  cashAccountType: string;
  creditLine: bigint;
  /** Booked balance, minor units. */
  balance: bigint;
  lastChange: number;
  transactions: Txn[];
}

export interface CardTxn {
  cardTransactionId: string;
  status: 'booked' | 'pending';
  terminalId?: string;
  bookingDate: string;
  transactionDate: string;
  transactionAmount: { currency: string; amount: bigint };
  originalAmount: { currency: string; amount: bigint };
  merchantCategoryCode?: string;
  currencyExchange?: Record<string, string>;
  markupFee?: { currency: string; amount: bigint };
  markupFeePercentage?: string;
  cardAcceptorId?: string;
  cardAcceptorAddress?: Record<string, string>;
  maskedPan?: string;
  transactionDetails?: string;
  invoiced?: string;
  proprietaryBankTransactionCode?: string;
}

export interface CardAccount {
  id: string;
  customerNumber: string;
  maskedPan: string;
  currency: string;
  name: string;
  product: string;
  status: string;
  creditLimit: bigint;
  balance: bigint;
  cardId: string;
  expiry: string;
  accountNumber: string;
  lastChange: number;
  transactions: CardTxn[];
}

export interface Engagement {
  customer: string;
  accountIds: string[];
  roles: string[];
}

export interface Agreement {
  /** Also the psu-corporate-id (a UUID, spec § Events). */
  agreementId: string;
  owner: string;
  name: string;
  engagements: Engagement[];
}

export type { PaymentService } from '../spec/codes.ts';
import type { PaymentService } from '../spec/codes.ts';

export interface PaymentItem {
  amount: bigint;
  currency: string;
  creditorName?: string;
  creditorAccount: AccountRef;
  remittance?: string;
}

export interface Authorisation {
  authorisationId: string;
  kind: 'authorisation' | 'cancellation';
  scaStatus: string;
  scaId: string;
}

export interface Payment {
  paymentId: string;
  service: PaymentService;
  product: string;
  tppId: string;
  psuNid?: string;
  status: string;
  fundsAvailable?: boolean;
  body: unknown;
  debtorAccountId: string;
  items: PaymentItem[];
  executionDate: string;
  createdAt: number;
  authorisedAt?: number;
  basketId?: string;
  redirectUri: string;
  authorisations: Authorisation[];
  fingerprint: string;
}

export interface Basket {
  basketId: string;
  tppId: string;
  paymentIds: string[];
  createdAt: number;
  deleted: boolean;
  authorisations: Authorisation[];
  redirectUri: string;
}

export type ScaKind = 'consent' | 'user' | 'payment' | 'basket' | 'cancellation';

export interface ScaRequest {
  scaId: string;
  kind: ScaKind;
  tppId: string;
  tppSessionId: string;
  redirectUri: string;
  /** National identity the flow must end with (from PSU-ID), when known. */
  expectedNid?: string;
  corporateId?: string;
  targetId?: string;
  authorisationId?: string;
  createdAt: number;
  state: 'started' | 'identified' | 'finalised' | 'failed';
  identifiedNid?: string;
  /** Multi-page flows (variant dialect): the context and agreement chosen on the page before the approval. */
  chosenContext?: PsuContext;
  chosenAgreementId?: string;
}

export interface Consent {
  tppId: string;
  nid: string;
  context: PsuContext;
  corporateId: string;
  accountIds: string[];
  createdAt: number;
  /** Last successful SCA that granted or renewed it. */
  scaAt: number;
}

/** The PSU's SCA session with a TPP; `context` is what the PSU chose in the latest SCA. */
export interface Session {
  sessionId: string;
  scaAt: number;
  context: PsuContext;
}

export interface BankState {
  seq: number;
  customers: Map<string, Customer>;
  accounts: Map<string, Account>;
  cardAccounts: Map<string, CardAccount>;
  agreements: Map<string, Agreement>;
  payments: Map<string, Payment>;
  baskets: Map<string, Basket>;
  scaRequests: Map<string, ScaRequest>;
  consents: Map<string, Consent>;
  sessions: Map<string, Session>;
  psuIds: Map<string, { tppId: string; nid: string }>;
  /** Timestamps of successful calls without PSU present, per tpp|psu|account|operation. */
  calls: Map<string, number[]>;
  tppContacts: Map<string, { email: string; registeredAt: number }>;
  lastBatchAt: number;
}

export function emptyState(now: number): BankState {
  return {
    seq: 0,
    customers: new Map(),
    accounts: new Map(),
    cardAccounts: new Map(),
    agreements: new Map(),
    payments: new Map(),
    baskets: new Map(),
    scaRequests: new Map(),
    consents: new Map(),
    sessions: new Map(),
    psuIds: new Map(),
    calls: new Map(),
    tppContacts: new Map(),
    lastBatchAt: now,
  };
}

/** Stable JSON: Map entries sorted by key, BigInt as text. */
function stable(value: unknown): unknown {
  if (typeof value === 'bigint') return `${value}n`;
  if (value instanceof Map)
    return [...value.entries()]
      .sort(([a], [b]) => (String(a) < String(b) ? -1 : String(a) > String(b) ? 1 : 0))
      .map(([k, v]) => [k, stable(v)]);
  if (Array.isArray(value)) return value.map(stable);
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value).sort()) {
      const v = (value as Record<string, unknown>)[k];
      if (v !== undefined) out[k] = stable(v);
    }
    return out;
  }
  return value;
}

export function digestState(state: BankState): string {
  return createHash('sha256')
    .update(JSON.stringify(stable(state)))
    .digest('hex');
}

export const consentKey = (tppId: string, nid: string, context: PsuContext, corporateId = ''): string =>
  `${tppId}|${nid}|${context}|${corporateId}`;
export const sessionKey = (tppId: string, nid: string): string => `${tppId}|${nid}`;
