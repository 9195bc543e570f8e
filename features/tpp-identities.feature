@area:tpp-identities
Feature: Several TPP identities
  The rules that involve more than one TPP or a PSD2 role. The TPP holds an eIDAS certificate and "is
  registered as an account information provider and/or a payment initiation provider. In production
  the certificate and the registration are checked on each request" (§ Authentication > TPP identity);
  "The TPP stores the psu-id (UUID, unique per TPP and bank pair, stable)" (§ Authentication > PSU
  authentication, step 5). The scenarios act as the profile's other TPPs (tpp.identities: second,
  aiOnly, piOnly), each with its own certificate, its own TPP session and its own SCA for the same PSU;
  a profile that names no such TPP makes them not applicable. The PSD2 role scenarios run where the
  target checks roles: production, a sandbox that declares it (capabilities.roleChecks), the reference
  bank.

  # "unique per TPP and bank pair": the psu-id belongs to the pair, so two TPPs get two psu-ids for one
  # PSU. The spec states it (step 5), MUST.
  # trips on: psu-id-shared-across-tpps (the same psu-id for the PSU with every TPP)
  @clause:sca.psu-id-per-tpp @clause:sca.psu-id-reused
  @must @sca @identity:second @op:list-accounts
  Scenario: Two TPPs get different psu-ids for the same PSU
    Given a private PSU who has completed SCA
    When the PSU completes SCA with the second TPP as well
    Then the second TPP holds a psu-id for the PSU that differs from the first TPP's

  # The spec does not say in words that a consent or SCA session serves only its TPP; it follows from
  # the psu-id "unique per TPP and bank pair" and the consent "hidden from the TPP", and it is Berlin
  # Group's rule: SHOULD. A request that needs SCA is answered 401 with scaRedirect (step 1).
  # trips on: consent-visible-to-other-tpp (another TPP served on the first TPP's psu-id, consent and session)
  @clause:sca.consent-per-tpp @clause:sca.redirect-on-401
  @should @sca @identity:second @op:list-accounts
  Scenario: Another TPP cannot use the PSU's consent and session with the first TPP
    Given a private PSU who has completed SCA
    When the second TPP reads the account list with the first TPP's psu-id and TPP-Session-ID
    Then the response demands SCA with a scaRedirect link

  # Whether another TPP's new TPP-Session-ID ends a TPP's session the spec does not say; sessions per
  # TPP are Berlin Group's: SHOULD.
  # trips on: session-shared-across-tpps (one SCA session per PSU: the second TPP's SCA ends the first's)
  @clause:sca.session-per-tpp @clause:sca.session
  @should @sca @identity:second @op:list-accounts
  Scenario: Another TPP's SCA for the same PSU leaves the first TPP's session valid
    Given a private PSU who has completed SCA
    When the PSU completes SCA with the second TPP as well
    And the TPP reads the account list
    Then the response status is 200

  # Invisibility of another TPP's payment is not stated in words; the answer for a resource the TPP
  # cannot reach is the spec's 404 RESOURCE_UNKNOWN pair: SHOULD.
  # trips on: payment-visible-to-other-tpp (another TPP reads a TPP's payment and its status)
  @clause:tpp.payments-per-tpp @clause:errors.RESOURCE_UNKNOWN
  @should @sca @payments @mutating @identity:second @op:get-payment
  Scenario: Another TPP cannot read a TPP's payment nor its status
    Given a private PSU who has completed SCA
    And the TPP has initiated a cross-border payment
    And the PSU has completed SCA with the second TPP as well
    When the second TPP reads that payment
    Then the request is refused with status 404 and code RESOURCE_UNKNOWN
    And the same request without the violation is accepted
    When the second TPP reads the status of that payment
    Then the request is refused with status 404 and code RESOURCE_UNKNOWN
    And the same request without the violation is accepted

  # As for payments: not stated in words, the spec's 404 RESOURCE_UNKNOWN pair: SHOULD.
  # trips on: basket-visible-to-other-tpp (another TPP reads a TPP's signing basket and its status)
  @clause:tpp.baskets-per-tpp @clause:errors.RESOURCE_UNKNOWN
  @should @sca @payments @mutating @baskets @identity:second @op:create-signing-basket
  Scenario: Another TPP cannot read a TPP's signing basket nor its status
    Given a private PSU who has completed SCA
    And the TPP has initiated 1 cross-border payment for a signing basket
    And the TPP creates a signing basket of those payments
    And the PSU has completed SCA with the second TPP as well
    When the second TPP reads that signing basket
    Then the request is refused with status 404 and code RESOURCE_UNKNOWN
    And the same request without the violation is accepted
    When the second TPP reads the status of that signing basket
    Then the request is refused with status 404 and code RESOURCE_UNKNOWN
    And the same request without the violation is accepted

  # "In production the certificate and the registration are checked on each request": a TPP not
  # registered for account information is refused the account list, MUST. Refused: a client error that
  # neither serves it nor starts an SCA. Read-only, one call with the PSU present: production-safe.
  # trips on: role-not-checked (the PI-only TPP's account list answered with a scaRedirect)
  @clause:tpp.role-checked
  @must @role-checks @production-safe @identity:piOnly @op:list-accounts
  Scenario: In production a TPP without the AI role cannot read accounts
    When the PI-only TPP reads the account list
    Then the request is refused for the TPP's PSD2 role
    And the same request without the violation is accepted

  # The same sentence for payment initiation, MUST. The AI-only TPP makes its own SCA (it may read the
  # PSU's accounts) and initiates a payment from the PSU's account.
  # trips on: role-not-checked (the AI-only TPP's payment created)
  @clause:tpp.role-checked
  @must @role-checks @sca @payments @mutating @identity:aiOnly @op:create-cross-border-payment
  Scenario: In production a TPP without the PI role cannot initiate a payment
    Given the PSU has completed SCA with the AI-only TPP as well
    When the AI-only TPP initiates a cross-border payment
    Then the request is refused for the TPP's PSD2 role
    And the same request without the violation is accepted

  # Which status and code refuse a request for its PSD2 role the spec does not show; FORBIDDEN is in its
  # tppMessage code list, and Berlin Group answers 403 FORBIDDEN: SHOULD.
  # trips on: role-refused-as-certificate-error (the refusal answered 400 CERTIFICATE_INVALID instead of 403 FORBIDDEN)
  @clause:tpp.role-refusal-403
  @should @role-checks @production-safe @identity:piOnly @op:list-accounts
  Scenario: A TPP without the AI role is refused the account list with 403 FORBIDDEN
    When the PI-only TPP reads the account list
    Then the refusal is status 403 with the code FORBIDDEN
    And the same request without the violation is accepted

  # As above, for payment initiation: SHOULD.
  # trips on: role-refused-as-certificate-error (the refusal answered 400 CERTIFICATE_INVALID instead of 403 FORBIDDEN)
  @clause:tpp.role-refusal-403
  @should @role-checks @sca @payments @mutating @identity:aiOnly @op:create-cross-border-payment
  Scenario: A TPP without the PI role is refused a payment with 403 FORBIDDEN
    Given the PSU has completed SCA with the AI-only TPP as well
    When the AI-only TPP initiates a cross-border payment
    Then the refusal is status 403 with the code FORBIDDEN
    And the same request without the violation is accepted

  # Release 1.17.0: "Single SCA payment initiation for payment-only TPPs"; the header table says PSU-Context
  # is "Required for single-SCA payment initiation". The spec does not say what the flow is. Read here: a
  # PI-only TPP that holds no psu-id initiates a payment with PSU-Context and without PSU-ID (not the
  # cross-border product, whose required headers name PSU-ID), and the SCA of its authorisation is the only
  # one: no SCA to obtain a psu-id first. A reading: SHOULD.
  # trips on: single-sca-refused (a payment without PSU-ID refused: the psu-id must be obtained by an SCA first)
  @clause:releases.single-sca-payment-initiation
  @should @sca @payments @mutating @identity:piOnly @op:initiate-payment
  Scenario: A PI-only TPP that knows no PSU gets a payment authorised with a single SCA
    Given a private PSU who has completed SCA
    When the PI-only TPP, holding no psu-id, initiates a norwegian-domestic payment from the PSU's account with PSU-Context PRIVATE and no PSU-ID
    Then the request is accepted
    When the PSU completes the SCA of the PI-only TPP's payment authorisation
    Then the PI-only TPP reads its payment as authorised
