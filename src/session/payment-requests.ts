// The low-level part of payment requests, shared by the suite's payment steps (src/suite/payments.ts,
// payments-flow.ts) and the fuzzer's stateful model (src/fuzz/model): the payment products and
// services, and request bodies from the templates, each unique.
import { randomBytes } from 'node:crypto';
import { buildBody } from './templates.ts';
import type { Profile } from './profile.ts';

export const PRODUCTS = {
  crossBorder: 'cross-border-credit-transfers',
  domestic: 'norwegian-domestic-credit-transfers',
  straks: 'instant-norwegian-domestic-credit-transfers-straks',
  sepa: 'sepa-credit-transfers',
} as const;

/** Service path segment of single, bulk and periodic payments (Berlin Group 1.3). */
export type { PaymentService } from '../spec/codes.ts';

// ------------------------------------------------------------------ request bodies

/** A body from the request templates (templates.ts; a profile replaces any by name). */
export function templateBody(profile: Profile, name: string, vars: Record<string, unknown>): any {
  return buildBody(profile, name, vars);
}

/** A short random token: makes each payment differ from every other (no logical duplicates between scenarios). */
export const token = (): string => randomBytes(5).toString('hex');

/**
 * A small random amount with two fraction digits (EUR, NOK): with the unique remittance text,
 * payments of different scenarios never coincide, and authorised ones never drain the debtor account.
 */
export const randomAmount = (): string =>
  `${1 + Math.floor(Math.random() * 99)}.${String(Math.floor(Math.random() * 100)).padStart(2, '0')}`;

/** An ISO date `days` after today (UTC). */
export const isoDateAhead = (days: number): string =>
  new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);

/** Gives the payment a unique remittance text (where it has one), so it is never a logical duplicate. */
export function makeUnique(body: any, tok = token()): any {
  if (body && typeof body === 'object' && typeof body.remittanceInformationUnstructured === 'string') {
    body.remittanceInformationUnstructured = `Conformance ${tok}`;
  }
  return body;
}
