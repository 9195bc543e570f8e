// Clauses that a conformance suite cannot check from outside the bank, each with the reason.
// Coverage lists them as gaps with a reason instead of as missing checks.
export const UNCHECKABLE: Record<string, string> = {
  'sca.consent-revocation': 'revocation happens directly between PSU and bank, and the bank need not notify TPPs',
  'sca.biometric': 'biometric authentication happens in the bank\'s mobile app, outside any HTTP exchange a TPP sees',
  'conventions.tls': 'the transport version is negotiated below HTTP; a TLS scanner checks it, not this suite (the reference bank serves TLS 1.2+ with --tls)',
  'tpp.tls': 'the transport version is negotiated below HTTP; a TLS scanner checks it',
  'tpp.eidas-certificate': 'a qualified certificate and the registration are checked against the national registers in production; from outside only a refusal can be seen, which the production-mode role check covers',
  'signing.response-signature': 'the bank MAY sign responses: an unsigned response breaks no rule (a signed one is verified where present)',
  'states.transactions-pending-may-change': 'it permits the bank to change pending transactions; no behaviour of a bank can break a permission',
  'deprecations.lighter-transaction-list': 'the dated change moved fields without listing them; nothing stated remains to check',
  'deprecations.remittance-information-structured': 'no removal date is given',
};
