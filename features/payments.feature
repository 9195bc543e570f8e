@area:payments
Feature: Payment initiation of the other products, bulk and periodic payments, fee information
  POST /v1/payments/{payment-product} (Endpoints > Other operations) for the products beside
  cross-border: norwegian-domestic-credit-transfers (named by the spec), the instant "straks"
  product and SEPA (the platform's product list), each with the allowLogicalDuplicate query.
  Their bodies are not shown by the spec: they follow Berlin Group 1.3 (templates a profile can
  replace). Bulk and periodic payments follow Berlin Group 1.3; release 1.18.1 rejects
  MonthlyVariable periodic payments with duplicate months. KID errors return 400.

  Background:
    Given a private PSU who has completed SCA

  # trips on: a norwegian-domestic payment refused, or answered without paymentId, with a status outside the list or links without verbs
  @clause:endpoints.initiate-payment @clause:fields.link.verbs @clause:conventions.amount-string
  @must @sca @payments @mutating @op:initiate-payment
  Scenario: A norwegian-domestic payment is created
    Given the bank offers the payment product "norwegian-domestic-credit-transfers"
    When the TPP initiates a single payment of product "norwegian-domestic-credit-transfers"
    Then the request is accepted
    And the payment answer has a paymentId, a transactionStatus of the spec and links with verbs
    And every amount in the payment answer is a string in the currency's minor units
    And the payment answer keeps to the tppMessage and psuMessage rules

  # Berlin Group NextGenPSD2 1.3 initiatePayment answers 201 Created.
  # trips on: a created norwegian-domestic payment answered 200 instead of 201
  @clause:endpoints.initiate-payment.success
  @should @sca @payments @mutating @op:initiate-payment
  Scenario: A created norwegian-domestic payment is answered with 201
    Given the bank offers the payment product "norwegian-domestic-credit-transfers"
    When the TPP initiates a single payment of product "norwegian-domestic-credit-transfers"
    Then the response status is 201

  # The product list beyond the two the spec names is the platform's (src/spec PAYMENT_PRODUCTS); bodies are Berlin Group 1.3.
  # trips on: a <product> payment refused, answered without paymentId or status, or a fee indicator true without the fee
  @clause:endpoints.initiate-payment @clause:fields.link.verbs
  @should @sca @payments @mutating @op:initiate-payment
  Scenario Outline: A <product> payment is created
    Given the bank offers the payment product "<product>"
    When the TPP initiates a single payment of product "<product>"
    Then the request is accepted
    And the payment answer has a paymentId, a transactionStatus of the spec and links with verbs
    And the payment answer's transactionFeeIndicator and transactionFees agree
    And every amount in the payment answer is a string in the currency's minor units

    Examples:
      | product                                            |
      | instant-norwegian-domestic-credit-transfers-straks |
      | sepa-credit-transfers                              |

  # trips on: a payment of an unknown product created, or refused without the error body
  @clause:endpoints.initiate-payment @clause:fields.error-body
  @must @sca @payments @mutating @op:initiate-payment
  Scenario: A payment of an unknown product is refused
    When the TPP initiates a norwegian-domestic payment under the unknown product "norwegian-express-credit-transfers"
    Then the payment is refused with an error body
    And the same request without the violation is accepted

  # trips on: a logical duplicate norwegian-domestic payment refused with allowLogicalDuplicate=true
  @clause:endpoints.initiate-payment
  @must @sca @payments @mutating @op:initiate-payment
  Scenario: A logical duplicate norwegian-domestic payment is accepted with allowLogicalDuplicate=true
    Given the bank offers the payment product "norwegian-domestic-credit-transfers"
    When the TPP initiates the same single payment of product "norwegian-domestic-credit-transfers" twice with allowLogicalDuplicate true
    Then both payments are accepted

  # trips on: a logical duplicate accepted with allowLogicalDuplicate=false, or the same payment refused with allowLogicalDuplicate=true too
  @clause:endpoints.initiate-payment
  @must @sca @payments @mutating @op:initiate-payment
  Scenario: A logical duplicate norwegian-domestic payment is refused with allowLogicalDuplicate=false
    Given the bank offers the payment product "norwegian-domestic-credit-transfers"
    When the TPP initiates the same single payment of product "norwegian-domestic-credit-transfers" twice with allowLogicalDuplicate false
    Then the second payment is refused as a logical duplicate
    And the same request without the violation is accepted

  # "KID errors return status 400" is stated; what a KID error is (MOD10/MOD11) and where the KID goes
  # (remittanceInformationStructured, which the spec deprecates) are not: the platform's, SHOULD.
  # trips on: a KID failing both its MOD10 and MOD11 checks accepted, or a KID passing MOD10 refused
  @clause:errors.kid-error @clause:releases.kid-errors-400
  @should @sca @payments @mutating @op:initiate-payment
  Scenario: A KID error is answered with 400
    Given the bank offers the payment product "norwegian-domestic-credit-transfers"
    When the TPP initiates a single payment of product "norwegian-domestic-credit-transfers" in which "the KID passes its MOD10 check"
    Then the request is accepted
    When the TPP initiates a single payment of product "norwegian-domestic-credit-transfers" in which "the KID fails its MOD10 and MOD11 checks"
    Then the request is refused with status 400

  # trips on: an emoji in a norwegian-domestic creditorName accepted, or a NOK amount with one fraction digit accepted
  @sca @payments @mutating @op:initiate-payment
  Scenario Outline: A norwegian-domestic payment in which <change> is refused
    Given the bank offers the payment product "norwegian-domestic-credit-transfers"
    When the TPP initiates a single payment of product "norwegian-domestic-credit-transfers" in which "<change>"
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @must @clause:limits.amount-precision
    Examples:
      | change                            |
      | the amount has one fraction digit |

    # The fields of products other than cross-border are not shown: that a norwegian-domestic
    # creditorName reaches a system that cannot process an emoji is the platform's, SHOULD.
    @should @clause:errors.unprocessable-character
    Examples: an emoji
      | change                            |
      | the creditorName holds an emoji   |

  # Berlin Group NextGenPSD2 1.3: POST /v1/bulk-payments/{payment-product}. Which products are offered as bulk is not
  # stated: the profile's capabilities.bulkProducts (the platform: norwegian-domestic).
  # trips on: a bulk payment of two credit transfers of the profile's bulk product refused or answered without paymentId
  @clause:endpoints.initiate-payment
  @should @sca @payments @mutating @bulk @op:initiate-payment
  Scenario: A bulk payment is created
    When the TPP initiates a bulk payment of a product the profile offers in that service
    Then the request is accepted
    And the payment answer has a paymentId, a transactionStatus of the spec and links with verbs

  # Berlin Group NextGenPSD2 1.3: POST /v1/periodic-payments/{payment-product} with startDate and frequency.
  # trips on: a monthly periodic payment refused or answered without paymentId
  @clause:endpoints.initiate-payment
  @should @sca @payments @mutating @periodic @op:initiate-payment
  Scenario: A periodic payment is created
    When the TPP initiates a periodic payment of product "norwegian-domestic-credit-transfers"
    Then the request is accepted
    And the payment answer has a paymentId, a transactionStatus of the spec and links with verbs

  # Versioning, release 1.18.1: periodic payments with frequency MonthlyVariable containing duplicate month identifiers are rejected.
  # trips on: a MonthlyVariable periodic payment repeating month 4 accepted, or one with distinct months refused
  @clause:endpoints.initiate-payment @clause:releases.monthly-variable-duplicate-months
  @must @sca @payments @mutating @periodic @op:initiate-payment
  Scenario: MonthlyVariable months must differ
    When the TPP initiates a periodic payment of product "norwegian-domestic-credit-transfers" in which "the MonthlyVariable months are 1, 4, 7 and 10"
    Then the request is accepted
    When the TPP initiates a periodic payment of product "norwegian-domestic-credit-transfers" in which "the MonthlyVariable months repeat month 4"
    Then the payment is refused with an error body

  # The spec shows the path only; GET is the reading the platform's pages use.
  # The product is the profile's (capabilities.feeInformation; default the spec's path with the platform's variant, straks).
  # trips on: the fee information of the straks product not answered, or with amounts as numbers or in the wrong minor units
  @clause:endpoints.fee-information @clause:conventions.amount-string
  @should @sca @payments @production-safe @op:fee-information
  Scenario: The fee information of a product is read
    When the TPP reads the fee information of a product the profile names
    Then the response status is 200
    And every amount in the payment answer is a string in the currency's minor units
