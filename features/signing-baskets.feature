@area:signing-baskets
Feature: Signing baskets
  Create signing basket (Endpoints 1): up to 10 payments created by POST /v1/payments/{payment-product}
  grouped under one basket, body { paymentIds }, x-accept-fix amount-as-string and the other required
  headers. A basket is not atomic and holds one status, the worst case of its payments; each payment's
  status is read per payment. Bulk and periodic payments cannot be put in a basket (400
  REFERENCE_MIX_INVALID). The spec shows neither method nor path: POST /v1/signing-baskets, its
  .../status and .../authorisations are Berlin Group 1.3's.

  Background:
    Given a private PSU who has completed SCA

  # trips on: a basket of two created payments refused, or answered without a transactionStatus of RCVD/ACTC/PATC/RJCT, with several statuses, or links without verbs
  @clause:endpoints.create-signing-basket @clause:endpoints.create-signing-basket.payments-created-first @clause:fields.signing-basket-request
  @clause:fields.signing-basket-request.paymentIds @clause:fields.signing-basket-response @clause:fields.signing-basket-response.basketId
  @clause:fields.signing-basket-response.transactionStatus @clause:fields.signing-basket-response._links @clause:fields.link.verbs
  @clause:headers.create-signing-basket.x-accept-fix @clause:versioning.accept-fix.value.create-signing-basket @clause:states.basket-single-status
  @must @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: A signing basket of two created payments is created
    Given the TPP has initiated 2 cross-border payments for a signing basket
    When the TPP creates a signing basket of those payments
    Then the request is accepted
    And the response body matches the "signing-basket-response" schema

  # Berlin Group NextGenPSD2 1.3 createSigningBasket answers 201 Created; the spec only says "labelled created".
  # trips on: a created signing basket answered 200 instead of 201
  @clause:endpoints.create-signing-basket.success
  @should @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: A created signing basket is answered with 201
    Given the TPP has initiated 1 cross-border payment for a signing basket
    When the TPP creates a signing basket of those payments
    Then the response status is 201

  # trips on: a basket of 10 payments refused
  @clause:limits.basket-size @clause:endpoints.create-signing-basket.at-most-10-ids @clause:fields.signing-basket-request.paymentIds
  @must @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: A signing basket of 10 payments is accepted
    Given the TPP has initiated 10 cross-border payments for a signing basket
    When the TPP creates a signing basket of those payments
    Then the request is accepted

  # trips on: a basket of 11 payments accepted, or the same basket without its 11th refused too
  @clause:limits.basket-size @clause:endpoints.create-signing-basket.at-most-10-ids @clause:fields.signing-basket-request.paymentIds
  @must @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: A signing basket of 11 payments is refused
    Given the TPP has initiated 11 cross-border payments for a signing basket
    When the TPP creates a signing basket of those payments, the last one being the 11th
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # trips on: a basket without paymentIds accepted
  @clause:fields.signing-basket-request.paymentIds @clause:fields.signing-basket-request
  @must @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: A signing basket without paymentIds is refused
    When the TPP creates a signing basket whose body is "{}"
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # Berlin Group NextGenPSD2 1.3 signingBasket: paymentIds holds at least one entry.
  # trips on: an empty signing basket accepted
  @clause:fields.signing-basket-request.paymentIds.min-items
  @should @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: A signing basket of no payments is refused
    When the TPP creates a signing basket whose body is '{"paymentIds": []}'
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # trips on: a basket of a payment id the TPP never created accepted
  @clause:endpoints.create-signing-basket.payments-created-first
  @must @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: A signing basket of a payment that was never created is refused
    When the TPP creates a signing basket of a payment id that was never created
    Then the payment is refused with an error body
    And the same request without the violation is accepted

  # trips on: a signing basket accepted without its required header <header>
  @must @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario Outline: A signing basket without <header> is refused
    Given the TPP has initiated 1 cross-border payment for a signing basket
    When the TPP creates a signing basket of those payments without the required "<header>" header
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @clause:headers.create-signing-basket.x-accept-fix @clause:headers.x-accept-fix
    Examples: x-accept-fix
      | header       |
      | x-accept-fix |

    @clause:headers.create-signing-basket.x-request-id
    Examples: X-Request-ID
      | header       |
      | X-Request-ID |

    @clause:headers.create-signing-basket.tpp-session-id
    Examples: TPP-Session-ID
      | header         |
      | TPP-Session-ID |

    @clause:headers.create-signing-basket.tpp-redirect-uri
    Examples: TPP-Redirect-URI
      | header           |
      | TPP-Redirect-URI |

    @clause:headers.create-signing-basket.tpp-signature-certificate
    Examples: TPP-Signature-Certificate
      | header                    |
      | TPP-Signature-Certificate |

    @clause:headers.create-signing-basket.signature @clause:signing.missing-rejected
    Examples: Signature
      | header    |
      | Signature |

    @clause:headers.create-signing-basket.psu-id
    Examples: PSU-ID
      | header |
      | PSU-ID |

    @clause:headers.create-signing-basket.psu-ip-address
    Examples: PSU-IP-Address
      | header         |
      | PSU-IP-Address |

  # trips on: a signing basket accepted with x-accept-fix longer-names instead of amount-as-string
  @clause:versioning.accept-fix.value.create-signing-basket @clause:headers.x-accept-fix
  @must @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: x-accept-fix on the signing basket carries amount-as-string
    Given the TPP has initiated 1 cross-border payment for a signing basket
    When the TPP creates a signing basket of those payments with x-accept-fix "longer-names"
    Then the request is refused with status 400
    When the TPP creates a signing basket of those payments with x-accept-fix "amount-as-string"
    Then the request is accepted

  # trips on: a <kind> payment put in a signing basket, or refused with another code than REFERENCE_MIX_INVALID
  @clause:errors.REFERENCE_MIX_INVALID @clause:states.basket-no-bulk-or-periodic
  @must @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario Outline: A <kind> payment cannot be put in a signing basket
    Given the TPP has initiated 1 cross-border payment for a signing basket
    And the TPP has initiated a <kind> payment of a product the profile offers in that service, for a signing basket
    When the TPP creates a signing basket of those payments, the last one being the <kind> payment
    Then the request is refused with status 400 and code REFERENCE_MIX_INVALID
    And the same request without the violation is accepted

    @bulk
    Examples: bulk
      | kind |
      | bulk |

    @periodic
    Examples: periodic
      | kind     |
      | periodic |

  # Berlin Group NextGenPSD2 1.3: the basket status is read with 200; the spec shows no path.
  # trips on: the signing basket status answered 201 or 204
  @clause:endpoints.get-signing-basket-status.success
  @should @sca @payments @mutating @baskets @op:get-signing-basket-status
  Scenario: The signing basket status answers 200
    Given the TPP has initiated 2 cross-border payments for a signing basket
    When the TPP creates a signing basket of those payments
    And the TPP reads the signing basket status
    Then the response status is 200

  # The worst-case rule is stated; the check also needs the creation answer to say RCVD and reads the
  # basket status at a path the spec does not show, after transitions it does not show: SHOULD.
  # trips on: a basket of RCVD payments reporting another status than RCVD, or a basket whose payments are all authorised not reporting that status
  @clause:states.basket-worst-case @clause:states.basket-single-status @clause:states.basket-payment-status-per-payment
  @clause:fields.basket-status-response @clause:fields.basket-status-response.transactionStatus @clause:endpoints.get-signing-basket-status
  @should @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: The basket status is the worst case of its payments, which are read one by one
    Given the TPP has initiated 2 cross-border payments for a signing basket
    When the TPP creates a signing basket of those payments
    Then the signing basket status is RCVD
    And the signing basket status is the worst case of its payments' statuses
    When the PSU authorises the signing basket
    Then each payment of the signing basket has its own status, read per payment
    And the signing basket status is the worst case of its payments' statuses

  # "A basket is not atomic" is stated; that a payment in a basket can be deleted, and the statuses the
  # others reach after the basket's SCA, are not: SHOULD.
  # trips on: one cancelled payment of a basket stopping the authorisation of the others (an atomic basket), or the basket then reporting ACTC, the best case
  @clause:states.basket-not-atomic @clause:states.basket-worst-case @clause:states.basket-payment-status-per-payment
  @should @sca @payments @mutating @baskets @op:create-signing-basket
  Scenario: A signing basket is not atomic
    Given the TPP has initiated 2 cross-border payments for a signing basket
    When the TPP creates a signing basket of those payments
    And the TPP deletes the first payment of the signing basket
    And the PSU authorises the signing basket
    Then the other payments of the signing basket are authorised
    And the signing basket status is the worst case of its payments' statuses
