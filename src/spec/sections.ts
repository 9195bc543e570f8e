/**
 * Sections of the interface spec, so a clause or a report line can name and link the section a rule
 * comes from. Anchors are the GitHub-style slugs of the headings.
 */

export const SPEC_DOCUMENT = 'interface-spec.md';

/** Heading text of each section, keyed by a short stable name. */
const HEADINGS = {
  'what-the-service-does': 'What the service does',
  resources: 'Resources and their fields',
  conventions: 'Conventions',
  'currency-code': 'Currency code (ISO 4217 alphabetic), allowed values, grouped by first letter',
  'country-code': 'Country code (ISO 3166-1 alpha-2, max 2 characters), allowed values, grouped by first letter',
  link: 'Link and links map',
  'account-reference': 'Account reference (used as creditorAccount and debtorAccount)',
  'cross-border-payment-request': 'Cross-border payment (request body)',
  'cross-border-payment-response': 'Cross-border payment (response body)',
  'tpp-message': 'tppMessage',
  'signing-basket': 'Signing basket',
  'transaction-details': 'Transaction details (response of the details operation)',
  'sandbox-account-transaction': 'Sandbox account transaction (item in the sandbox list response)',
  'sandbox-card-transaction-request': 'Sandbox card transaction (request item)',
  'sandbox-card-transaction-response': 'Sandbox card transaction (response)',
  'error-body': 'Error body',
  states: 'States and transitions',
  'payment-status': 'Payment status (`transactionStatus` of a payment)',
  'basket-status': 'Signing basket status (`transactionStatus` of a basket)',
  'other-states': 'Other states that are stated',
  endpoints: 'Endpoints',
  'header-parameters': 'Header parameters used by the described operations',
  'create-signing-basket': '1. Create signing basket',
  'create-cross-border-payment': '2. Create cross-border payment',
  'get-transaction-details': '3. Get transaction details',
  'create-sandbox-card-transactions': '4. Create sandbox card account transactions',
  'get-sandbox-account-transactions': '5. Get sandbox account transactions',
  'other-operations': 'Other operations that are referred to',
  authentication: 'Authentication',
  'tpp-identity': 'TPP identity',
  'request-signing': 'Request signing',
  'sca-flow': 'PSU authentication (SCA redirect flow)',
  events: 'Events',
  'events-success': 'Redirect after successful SCA',
  'events-failure': 'Redirect after failed SCA',
  errors: 'Errors',
  limits: 'Limits',
  versioning: 'Versioning',
  deprecations: 'Deprecations',
  'release-changes': 'Notable release changes',
} as const;

export type SectionKey = keyof typeof HEADINGS;

export interface SpecSection {
  readonly key: SectionKey;
  readonly title: string;
  /** Fragment of the heading in the spec document, with the leading `#`. */
  readonly anchor: string;
}

/** GitHub heading slug: lower case, punctuation other than `-` and `_` dropped, spaces to `-`. */
function slug(title: string): string {
  return title
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

export const SPEC_SECTIONS: Readonly<Record<SectionKey, SpecSection>> = Object.fromEntries(
  (Object.entries(HEADINGS) as Array<[SectionKey, string]>).map(([key, title]) => [
    key,
    Object.freeze({ key, title, anchor: `#${slug(title)}` }),
  ]),
) as Record<SectionKey, SpecSection>;

/** Link to a section: `interface-spec.md#limits`, or against a base such as a rendered copy of the spec. */
export function sectionLink(key: SectionKey, base: string = SPEC_DOCUMENT): string {
  return `${base}${SPEC_SECTIONS[key].anchor}`;
}
