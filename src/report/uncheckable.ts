// Clauses that a conformance suite cannot check from outside the bank, each with the reason.
// Coverage lists them as gaps with a reason instead of as missing checks.
//
// Codes of spec § Errors (the status/code pairs and the tppMessages code list) that no scenario can
// provoke from outside on a bank that keeps to the spec are listed here too, under the key
// `codes.<CODE>` (uncheckableCodeKey), each with the reason; test/spec/codes-covered.spec.ts requires
// every code of the spec to be named in a scenario or listed here, never both.

/** The UNCHECKABLE key of an error or tppMessages code of spec § Errors. */
export const uncheckableCodeKey = (code: string): string => `codes.${code}`;

export const UNCHECKABLE: Record<string, string> = {
  'sca.consent-revocation': 'revocation happens directly between PSU and bank, and the bank need not notify TPPs',
  'sca.biometric': "biometric authentication happens in the bank's mobile app, outside any HTTP exchange a TPP sees",
  'tpp.eidas-certificate':
    'a qualified certificate and the registration are checked against the national registers in production; from outside only a refusal can be seen, which tpp.role-checked covers (features/tpp-identities.feature)',
  'signing.response-signature':
    'the bank MAY sign responses: an unsigned response breaks no rule (a signed one is verified where present)',
  'states.transactions-pending-may-change':
    'it permits the bank to change pending transactions; no behaviour of a bank can break a permission',
  'deprecations.lighter-transaction-list':
    'the dated change moved "extra information" from the transaction list to the details operation without naming one field: a list that still carries a field breaks nothing stated, and the details operation that took them is checked on its own (features/transaction-details.feature)',
  'deprecations.remittance-information-structured':
    'no removal date is given: until it goes, a bank may still send or take remittanceInformationStructured, so neither its presence nor its absence breaks anything stated; its replacement remittanceInformationStructuredArray is a field of the transaction details, checked there (fields.transaction-details.remittanceInformationStructuredArray)',
  // § Versioning > Notable release changes (src/spec/versioning.ts RELEASE_CHANGES); the others are tagged on
  // scenarios.
  'releases.sandbox-batch-5-runs-a-day':
    'the times of the runs are not stated, and a run that finds no payment due leaves no trace: from outside only the runs that executed a payment show, at the moment the status is read, so 5 runs cannot be told from 4 or 6 (that a day of runs executes a single payment and leaves a periodic one alone is checked: releases.sandbox-payment-batch)',
  'releases.sandbox-ncbct-in-signing-baskets':
    'the spec names the payment type NCBCT nowhere else and ties it to no payment product: a signing basket takes only paymentIds of payments created by POST /v1/payments/{payment-product} (§ Endpoints 1, § Resources > Signing basket), and no request or answer of a basket or a payment names a payment type, so no scenario can make an NCBCT payment to put in a basket, nor tell one apart from the payments the basket scenarios put in (features/signing-baskets.feature)',
  // Codes of spec § Errors (key uncheckableCodeKey(code)); the others are named in scenarios
  // (features/error-codes.feature and the operations' features).
  'codes.NOT_FOUND':
    'the generic not-found code: the pairs table gives RESOURCE_UNKNOWN (404) for a resource not found, which the scenarios check, and the spec ties NOT_FOUND to no other situation, so a bank that keeps to the spec need never send it',
  'codes.SCA_NOT_FOUND':
    "an SCA the bank does not know has no TPP-Redirect-URI to carry a code back (the only callbacks are redirects, § Events), and the page the PSU sees instead is the bank's SCA UI, which the spec does not show",
  'codes.CONSENT_UNKNOWN':
    'consent is registered inside the SCA flow and hidden from the TPP (§ Authentication, step 3): the TPP has no consent id to name, and a request without consent is answered 401 with a scaRedirect, a body of _links only',
  'codes.CONSENT_INVALID':
    'consent is hidden from the TPP (§ Authentication, step 3), so the TPP cannot send an invalid one; a request the consent does not cover is answered 401 with a scaRedirect, a body of _links only',
  'codes.CONSENT_EXPIRED':
    "consent is hidden from the TPP and may be revoked with the bank at any time without notice (§ Authentication, steps 3 and 10); a request after it lapsed is answered 401 with a scaRedirect, a body of _links only, and the consent's lifetime is not stated",
  'codes.KID_MISSING':
    "needs a creditor account that takes payments with a KID only; which accounts those are is the bank's data, named neither by the spec nor by the profile, so no payment can be made to lack a KID that is required (KID_INVALID and the 400 of KID errors are checked)",
  'codes.PAYMENT_FAILED':
    "the spec gives it only as an example of the failed-SCA redirect's code and states no situation in which a payment's authorisation fails; the one provocation the reference bank knows (authorising a payment in a context whose accounts do not hold its debtor account) needs a corporate agreement for the PSU's own identity that the profile does not declare",
};
