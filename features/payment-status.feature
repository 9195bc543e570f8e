@area:payment-status
Feature: Payment status, reading, authorising and cancelling payments
  States and transitions > Payment status: a status is read per payment with GET .../status and
  carries fundsAvailable, which indicates a rejection caused by lack of funds; deleting a PDNG
  payment is an error with a descriptive message; norwegian-domestic payments cannot be read
  before the PSU approves them. GET, DELETE and the startAuthorisation link (POST with an empty
  body) are the operations the spec refers to; their answers follow Berlin Group 1.3.

  Background:
    Given a private PSU who has completed SCA

  # trips on: a payment status read without fundsAvailable, with a status outside the list, or a psuMessage over 512 characters
  @clause:endpoints.get-payment-status @clause:states.payment-status-per-payment @clause:states.payment-status-funds-available
  @clause:fields.payment-status-response @clause:fields.payment-status-response.transactionStatus @clause:fields.payment-status-response.fundsAvailable
  @clause:fields.payment-status-response.psuMessage @clause:limits.psu-message-length @clause:releases.funds-available
  @must @sca @payments @mutating @op:get-payment-status
  Scenario: The status of a payment is read per payment and carries fundsAvailable
    Given the TPP has initiated a cross-border payment
    When the TPP reads the payment status
    Then the request is accepted
    And the response body matches the "payment-status-response" schema
    And the payment status response carries fundsAvailable
    And the payment answer keeps to the tppMessage and psuMessage rules

  # Berlin Group NextGenPSD2 1.3 getPaymentInitiationStatus answers 200.
  # trips on: a payment status answered with another 2xx than 200
  @clause:endpoints.get-payment-status.success
  @should @sca @payments @mutating @op:get-payment-status
  Scenario: A payment status is answered with 200
    Given the TPP has initiated a cross-border payment
    When the TPP reads the payment status
    Then the response status is 200

  # Berlin Group NextGenPSD2 1.3 getPaymentInformation answers 200 with the payment.
  # trips on: a created payment that cannot be read back, or is read back with amounts as numbers
  @clause:endpoints.get-payment @clause:endpoints.get-payment.success @clause:conventions.amount-string @clause:versioning.accept-fix.amount-as-string
  @should @sca @payments @mutating @op:get-payment
  Scenario: A payment is read back with its amounts as strings
    Given the TPP has initiated a cross-border payment
    When the TPP reads the payment
    Then the response status is 200
    And every amount in the payment answer is a string in the currency's minor units

  # trips on: a payment that does not exist, or its status, answered other than 404 RESOURCE_UNKNOWN
  @clause:errors.RESOURCE_UNKNOWN @clause:endpoints.get-payment-status @clause:endpoints.get-payment
  @must @sca @payments @production-safe @op:get-payment-status
  Scenario: A payment that does not exist is unknown
    When the TPP reads the status of a payment that does not exist
    Then the request is refused with status 404 and code RESOURCE_UNKNOWN
    When the TPP reads a payment that does not exist
    Then the request is refused with status 404 and code RESOURCE_UNKNOWN

  # The spec names the product: domestic-norway-credit-transfers (the first of the profile's
  # capabilities.approveBeforeRead, whose default is the spec's; not applicable where the bank does not offer it).
  # trips on: a domestic-norway-credit-transfers payment or its status read before the PSU approved it, or not readable after approval
  @clause:states.payment-norwegian-domestic-after-approval
  @must @sca @payments @mutating @op:get-payment-status
  Scenario: A payment of the product the spec names is readable only after the PSU approved it
    Given the TPP has initiated a single payment of a product read only after the PSU's approval
    Then the payment cannot be read before approval
    Given the PSU has authorised the payment
    Then the payment and its status can be read

  # The spec names the link ("POST with an empty body"), not its answer nor the status after the SCA
  # ("Transitions of payment status … not shown"): SHOULD.
  # trips on: the startAuthorisation link refused with an empty body, answered without a scaRedirect link with verbs, or a payment still RCVD after the PSU's SCA
  @clause:endpoints.start-payment-authorisation @clause:fields.link @clause:fields.link.verbs
  @should @sca @payments @mutating @op:start-payment-authorisation
  Scenario: The startAuthorisation link starts the PSU's SCA of the payment
    Given the TPP has initiated a cross-border payment
    When the TPP starts the payment authorisation
    Then the request is accepted
    And the authorisation answer carries a scaRedirect link with verbs
    When the PSU completes the SCA of that authorisation
    Then the payment status is no longer RCVD

  # Berlin Group NextGenPSD2 1.3: startPaymentAuthorisation answers 201; after the SCA the payment is ACTC.
  # trips on: the authorisation start answered 200, or a payment not ACTC after its SCA
  @clause:endpoints.start-payment-authorisation.success
  @should @sca @payments @mutating @op:start-payment-authorisation
  Scenario: A started authorisation is answered with 201 and leaves the payment ACTC
    Given the TPP has initiated a cross-border payment
    When the TPP starts the payment authorisation
    Then the response status is 201
    When the PSU completes the SCA of that authorisation
    Then the payment status is ACTC

  # Berlin Group NextGenPSD2 1.3: the authorisation is listed under .../authorisations; the spec names no
  # such list (operations.list-payment-authorisations, may be null: not applicable).
  # trips on: the started authorisation missing from the list
  @clause:endpoints.start-payment-authorisation
  @should @sca @payments @mutating @op:start-payment-authorisation @uses:list-payment-authorisations
  Scenario: A started authorisation is listed with the payment's authorisations
    Given the TPP has initiated a cross-border payment
    When the TPP starts the payment authorisation
    And the TPP lists the payment authorisations
    Then the list holds the started authorisation

  # The other reading (capabilities.cancellationSca without ACTC): the DELETE alone cancels an authorised payment.
  # trips on: an authorised payment not CANC after the DELETE at a bank whose profile says it needs no SCA
  @clause:endpoints.cancel-payment @clause:endpoints.cancel-payment.success
  @should @sca @payments @mutating @op:cancel-payment
  Scenario: Cancelling an authorised payment where the bank needs no SCA for it
    Given the TPP has initiated a cross-border payment
    And the PSU has authorised the payment
    And the profile says cancelling the payment in its status needs no SCA
    When the TPP deletes the payment
    Then the response status is 204 or 202
    And the payment status is CANC

  # Berlin Group NextGenPSD2 1.3: DELETE of a payment that needs no authorisation to cancel answers 204 and the payment becomes CANC.
  # trips on: deleting a payment not yet authorised refused, or the payment not CANC afterwards
  @clause:endpoints.cancel-payment @clause:endpoints.cancel-payment.success
  @should @sca @payments @mutating @op:cancel-payment
  Scenario: A payment not yet authorised is deleted
    Given the TPP has initiated a cross-border payment
    When the TPP deletes the payment
    Then the response status is 204 or 202
    And the payment status is CANC

  # Berlin Group NextGenPSD2 1.3: deleting an authorised payment answers 202 with a startAuthorisation link to .../cancellation-authorisations; after that SCA the payment is CANC.
  # Where the profile says cancelling an authorised payment needs no SCA (capabilities.cancellationSca), not applicable.
  # trips on: an authorised payment cancelled without the PSU's SCA, or not CANC after the cancellation SCA
  @clause:endpoints.cancel-payment @clause:endpoints.cancel-payment.success
  @should @sca @payments @mutating @op:cancel-payment
  Scenario: Cancelling an authorised payment needs the PSU's SCA
    Given the TPP has initiated a cross-border payment
    And the PSU has authorised the payment
    And the profile says cancelling the payment in its status needs the PSU's SCA
    When the TPP deletes the payment
    Then the response status is 202
    And the payment status is ACTC
    When the TPP follows the cancellation's startAuthorisation link
    Then the response status is 201
    When the PSU completes the SCA of that authorisation
    Then the payment status is CANC

  # The delete rule is stated; how a payment reaches PDNG is not ("Transitions … not shown"): the
  # profile names the recipe (preconditions.pdng: unfunded, the platform's batch waiting for funds, or
  # future-date), so the rule itself is checked at MUST.
  # trips on: a PDNG payment deleted, or its deletion refused without a descriptive message
  @clause:states.payment-delete-pending @clause:endpoints.cancel-payment
  @must @sca @payments @mutating @sandbox @clock @op:cancel-payment
  Scenario: Deleting a PDNG payment is refused with a descriptive message
    Given the PSU has a payment in status PDNG, reached by the profile's recipe
    When the TPP deletes the payment in status PDNG
    Then the deletion is refused with a descriptive message
    And the same request without the violation is accepted

  # That an unfunded payment is rejected within a day, and what fundsAvailable says of one that is not
  # rejected, are the platform's (transitions are not shown): SHOULD.
  # trips on: a payment rejected for lack of funds whose status says fundsAvailable true (or is not RJCT), or an executed payment with fundsAvailable false
  @clause:states.payment-status-funds-available @clause:fields.payment-status-response.fundsAvailable
  @should @sca @payments @mutating @sandbox @clock @op:get-payment-status
  Scenario: fundsAvailable tells a rejection for lack of funds
    Given the PSU has authorised a norwegian-domestic payment within the debtor's funds
    And the PSU has authorised a norwegian-domestic payment beyond the debtor's funds
    When a whole day of sandbox payment batches has run
    Then the payment beyond the debtor's funds is RJCT with fundsAvailable false
    And the payment within the debtor's funds is not rejected and has fundsAvailable true
