// What a scenario keeps between its steps: typed fields, each set by the step (or suite function)
// that makes it and read by the ones that follow. A field an earlier step should have set and did
// not is read through ScenarioSession.need, which fails the scenario naming it.
import type { PsuContext as Context } from '../spec/codes.ts';
import type { Exchange } from '../tpp/client.ts';
import type { PaymentService } from './payment-requests.ts';

/** One entry of the PSU's account list (Berlin Group accountList item: resourceId, iban or bban, currency …). */
export type ListedAccount = Record<string, any>;

/** A sandbox account as the bank answered it (`sent` keeps what the scenario asked for, e.g. the name it checks). */
export interface SandboxAccount {
  id: string;
  iban?: string;
  bban?: string;
  currency: string;
  name?: string;
  sent: Record<string, unknown>;
}

/** A sandbox card account as the bank answered it. */
export interface SandboxCard {
  id: string;
  maskedPan: string;
  name?: string;
  sent: Record<string, unknown>;
}

/**
 * A sandbox transaction the scenario created `days` back: the sandbox list id the bank answered, and the item (as
 * answered, else as sent).
 */
export interface CreatedTxn {
  days: number;
  id?: string;
  item: any;
}

/** A signing basket the scenario created. */
export interface CreatedBasket {
  basketId: string;
  self: string;
  links: Record<string, { href: string; verbs?: string[] }>;
  status?: string;
}

/** The response key (`responses.<key>`) naming the id of what the last sandbox creation made. */
export type CreatedIdKey = 'sandbox-account.id' | 'sandbox-card-account.id';

/** A payment the scenario created, as the scenario keeps it. */
export interface CreatedPayment {
  service: PaymentService;
  product: string;
  paymentId: string;
  /** Path of the payment resource: its `self` link when given, else the Berlin Group path. */
  self: string;
  links: Record<string, { href: string; verbs?: string[] }>;
  status?: string;
}

/** One request of a table-driven scenario and the answer the spec wants for it. */
export interface ListedTry {
  way: string;
  /** `accepted` (2xx) or `refused <status>` (that status with the error body). */
  expected: string;
  clauses: string[];
  ex: Exchange | undefined;
}

/**
 * What counts as accepted for a control:
 * - `served`: 2xx, or 401 with `_links.scaRedirect` (the spec lets the server demand SCA on any
 *   request: the request was understood and not refused; the signature oracle's "accepted" too);
 * - `succeeded`: 2xx only, where the refusal checked is itself the demand for SCA (a 401).
 */
export type Acceptance = 'served' | 'succeeded';

/** How to send the request without the violation, as the violating step kept it. */
export interface Control {
  /** The request without the violation, in words: "the same account list, signed as it was". */
  what: string;
  accepts: Acceptance;
  send: () => Promise<Exchange>;
}

export interface ScenarioState {
  // ---- the PSU
  /** The PSU's account list (GET /v1/accounts), read once per PSU session. */
  accounts?: ListedAccount[];
  /** National identity numbers found for a context (sandbox customers list), read once per scenario. */
  nationalIds: Partial<Record<Context, string>>;

  // ---- transport (features/transport.feature)
  /** A handshake offering only some TLS versions: what it offered and what came of it. */
  tlsAttempt?: { offered: string; protocol?: string; refused?: string };
  /**
   * A request sent with another TLS client certificate than the run's (none, or an unknown CA's), and the TLS it was
   * sent with.
   */
  otherCert?: { what: string; exchange: Exchange };

  // ---- sandbox data and account information
  sandboxAccount?: SandboxAccount;
  /** The AIS resourceId of the sandbox account (found in the PSU's account list). */
  sandboxAisId?: string;
  sandboxCard?: SandboxCard;
  /** The AIS resourceId of the sandbox card account. */
  cardAisId?: string;
  createdTxns?: CreatedTxn[];
  /** The target's booking date → days back, of the created transactions. */
  txnDays?: Map<string, number>;
  /** The answer to a sandbox transaction creation the scenario judges later. */
  creation?: Exchange;
  /** Which id the answer to the last sandbox creation should name. */
  createdIdKey?: CreatedIdKey;
  newestTxnId?: string;
  /** An account of the PSU with pending transactions, and those transactions' ids. */
  pendingAccount?: string;
  allPending?: string[];
  bookedTxn?: { accountId: string; transactionId: string };
  /** The booked transactionIds of a first read of `stableAccount`. */
  firstRead?: string[];
  stableAccount?: string;
  listedTxnId?: string;
  /** Card transactions the scenario created. */
  switchTxnId?: string;
  /** A card transaction created with card acceptor information: the item as sent. */
  acceptorTxn?: Record<string, any>;
  cardTxnIds?: string[];
  /** Exchanges the scenario sent together and judges together. */
  edgeCases?: Exchange[];
  detailReads?: Exchange[];
  calls?: Exchange[];
  unusual?: Array<{ name: string; ex: Exchange }>;

  // ---- payments and baskets
  /** The payment the scenario works on (the last one created), and every payment it created. */
  payment?: CreatedPayment;
  payments: CreatedPayment[];
  authorisationId?: string;
  /** The scaRedirect of the last authorisation started, until its SCA is run. */
  scaRedirect?: string;
  basket?: CreatedBasket;
  tries?: ListedTry[];
  /** The first of two identical initiations. */
  first?: Exchange;
  deletion?: Exchange;
  unfunded?: CreatedPayment;
  funded?: CreatedPayment;
  paymentStatuses?: string[];

  // ---- SCA, consents
  rememberedPsuId?: string;
  rememberedAccounts?: ListedAccount[];
  firstSessionId?: string;
  agreementsBefore?: string[];
  /** The corporate id with no consent yet comes from the seeded data (preconditions.newCorporateId: seeded). */
  seededCorporateId?: boolean;

  // ---- negative checks
  /**
   * The request the last violating step sent, without its violation (controls.ts): sent and judged by the control step.
   */
  control?: Control;
}

export const emptyState = (): ScenarioState => ({ nationalIds: {}, payments: [] });
