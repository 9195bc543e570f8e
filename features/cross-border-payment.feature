@area:cross-border-payment
Feature: Create cross-border payment
  POST /v1/payments/cross-border-credit-transfers (Endpoints 2) with the body of Resources >
  Cross-border payment (request body), its required headers, x-accept-fix and the
  allowLogicalDuplicate query; the created answer follows Cross-border payment (response body).
  Each field rule is tried on both sides of its limit, every try as a payment of its own; a failure
  names each try that was answered against the spec, with its clauses. Every payment differs from
  every other one (amount and remittance), so no two tries are logical duplicates.

  Background:
    Given a private PSU who has completed SCA

  # trips on: a complete, valid cross-border payment refused, or answered without paymentId, with a transactionStatus outside the list, links without verbs or amounts as numbers
  @clause:endpoints.create-cross-border-payment @clause:fields.cross-border-payment-request @clause:fields.cross-border-payment-response
  @clause:fields.cross-border-payment-response.paymentId @clause:fields.cross-border-payment-response.transactionStatus @clause:fields.cross-border-payment-response._links
  @clause:fields.link @clause:fields.link.verbs @clause:versioning.accept-fix.amount-as-string @clause:conventions.amount-string
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A complete cross-border payment is created
    When the TPP initiates a cross-border payment
    Then the request is accepted
    And the response body matches the "cross-border-payment-response" schema
    And the payment answer has a paymentId, a transactionStatus of the spec and links with verbs
    And every amount in the payment answer is a string in the currency's minor units

  # Berlin Group NextGenPSD2 1.3 initiatePayment answers 201 Created; the spec only says "labelled created".
  # trips on: a created cross-border payment answered 200 instead of 201
  @clause:endpoints.create-cross-border-payment.success
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A created cross-border payment is answered with 201
    When the TPP initiates a cross-border payment
    Then the response status is 201

  # `_links` is not required in the response table ("_links | map of Link | no"): a link is checked only
  # when the answer carries it.
  # trips on: transactionFeeIndicator true without transactionFees, a fee amount as a number, a psuMessage over 512 characters, a self link that does not lead to the payment
  @clause:fields.cross-border-payment-response.transactionFees @clause:fields.cross-border-payment-response.transactionFeeIndicator
  @clause:fields.cross-border-payment-response.tppMessages @clause:fields.cross-border-payment-response.psuMessage @clause:limits.psu-message-length
  @clause:fields.link.href
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: The fees, messages and links of a created payment follow the response table
    When the TPP initiates a cross-border payment
    Then the request is accepted
    And the payment answer's transactionFeeIndicator and transactionFees agree
    And the payment answer keeps to the tppMessage and psuMessage rules
    And any self link of the payment answer reads the payment

  # Berlin Group NextGenPSD2 1.3 initiatePayment: the answer links to the payment (self) and to its
  # authorisation (startAuthorisation or scaRedirect). The spec's response table makes `_links` optional.
  # trips on: a created payment answered without a self link, or with neither startAuthorisation nor scaRedirect
  @clause:fields.cross-border-payment-response._links @clause:fields.link.href
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A created payment links to itself and to a way to authorise it
    When the TPP initiates a cross-border payment
    Then the request is accepted
    And the payment's self link reads the payment
    And the payment answer links to a way to authorise it

  # trips on: a refused payment whose tppMessages have a category other than ERROR/WARNING, a code outside the Errors lists or a text over 512 characters
  @clause:fields.tpp-message @clause:fields.tpp-message.category @clause:fields.tpp-message.code @clause:fields.tpp-message.path @clause:fields.tpp-message.text
  @clause:limits.tpp-message-text-length
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: The tppMessages of a refused payment follow the tppMessage table
    When the TPP initiates a cross-border payment in which "creditorName has 71 characters"
    Then the request is refused with status 400
    And the payment answer keeps to the tppMessage and psuMessage rules
    And the same request without the violation is accepted

  # trips on: a cross-border payment accepted without its required header <header>
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario Outline: A cross-border payment without <header> is refused
    When the TPP initiates a cross-border payment without the required "<header>" header
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @clause:headers.create-cross-border-payment.x-accept-fix @clause:headers.x-accept-fix
    Examples: x-accept-fix
      | header       |
      | x-accept-fix |

    @clause:headers.create-cross-border-payment.x-request-id
    Examples: X-Request-ID
      | header       |
      | X-Request-ID |

    @clause:headers.create-cross-border-payment.tpp-session-id
    Examples: TPP-Session-ID
      | header         |
      | TPP-Session-ID |

    @clause:headers.create-cross-border-payment.tpp-redirect-uri
    Examples: TPP-Redirect-URI
      | header           |
      | TPP-Redirect-URI |

    @clause:headers.create-cross-border-payment.digest
    Examples: Digest
      | header |
      | Digest |

    @clause:headers.create-cross-border-payment.tpp-signature-certificate
    Examples: TPP-Signature-Certificate
      | header                    |
      | TPP-Signature-Certificate |

    @clause:headers.create-cross-border-payment.signature @clause:signing.missing-rejected
    Examples: Signature
      | header    |
      | Signature |

    @clause:headers.create-cross-border-payment.psu-id
    Examples: PSU-ID
      | header |
      | PSU-ID |

    @clause:headers.create-cross-border-payment.psu-ip-address
    Examples: PSU-IP-Address
      | header         |
      | PSU-IP-Address |

  # trips on: x-accept-fix read as a single value, so a comma-separated list of two fixes is refused
  @clause:headers.x-accept-fix @clause:headers.create-cross-border-payment.x-accept-fix
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: x-accept-fix takes a comma-separated list of fixes
    When the TPP initiates a cross-border payment whose x-accept-fix header is "amount-as-string,longer-names"
    Then the request is accepted

  # trips on: creditorName of 71 characters accepted, of 70 or with Norwegian letters refused, or a payment without creditorName accepted
  @clause:fields.cross-border-payment-request.creditorName @clause:limits.creditor-name-length @clause:conventions.json-utf8
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: creditorName is required and at most 70 characters
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                | answer      |
      | creditorName has 70 characters     | accepted    |
      | creditorName has Norwegian letters | accepted    |
      | creditorName has 71 characters     | refused 400 |
      | creditorName is left out           | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: a bban of 31 characters accepted, or one of 30 refused
  @clause:fields.account-reference.bban @clause:limits.bban-length @clause:fields.cross-border-payment-request.creditorAccount
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A bban holds at most 30 characters
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                             | answer      |
      | creditorAccount is a bban of 30 characters with a creditorAgent | accepted    |
      | creditorAccount is a bban of 31 characters with a creditorAgent | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: an iban of 35 characters or with a wrong check digit accepted, or the longest registered iban (33 characters) refused
  @clause:fields.account-reference.iban @clause:limits.iban-length @clause:fields.cross-border-payment-request.creditorAccount
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: An iban holds at most 34 characters in the ISO 13616 structure
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                                           | answer      |
      | creditorAccount is an iban of 35 characters                                   | refused 400 |
      | creditorAccount is an iban with a wrong check digit                           | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # The spec states the iban's length and structure; that a bank pays to every structurally valid iban
  # (this one is Russian) it does not: the platform's habit, SHOULD.
  # trips on: the longest registered iban (33 characters) refused
  @clause:fields.account-reference.iban @clause:limits.iban-length @clause:fields.cross-border-payment-request.creditorAccount
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: An iban of 33 characters, the longest in the IBAN registry, is taken
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                                           | answer      |
      | creditorAccount is an iban of 33 characters, the longest in the IBAN registry | accepted    |
    Then each payment is answered as listed

  # trips on: an account reference without bban and iban, or without currency, or with the currency XYZ accepted, or a payment without creditorAccount or debtorAccount accepted
  @clause:fields.account-reference @clause:fields.account-reference.currency @clause:conventions.currency-code
  @clause:fields.cross-border-payment-request.creditorAccount @clause:fields.cross-border-payment-request.debtorAccount
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: Both accounts are required, each identified by bban or iban with a currency code
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                       | answer      |
      | creditorAccount has neither bban nor iban | refused 400 |
      | creditorAccount has no currency           | refused 400 |
      | creditorAccount has the currency XYZ      | refused 400 |
      | debtorAccount has no currency             | refused 400 |
      | creditorAccount is left out               | refused 400 |
      | debtorAccount is left out                 | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: a bban creditorAccount without creditorAgent accepted, a creditorAgent of 7 characters or in lower case accepted, or a valid 11-character BIC or an iban payment without creditorAgent refused
  @clause:fields.cross-border-payment-request.creditorAgent
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: creditorAgent is a BIC, required when the creditor account is a bban
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                    | answer      |
      | creditorAgent is an 11-character BIC                   | accepted    |
      | creditorAgent is left out with an iban creditorAccount | accepted    |
      | creditorAgent is left out with a bban creditorAccount  | refused 400 |
      | creditorAgent is 7 characters, not a BIC               | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # The request table gives no pattern for creditorAgent (the upper-case BIC pattern is that of the
  # transaction details); refusing a lower-case BIC rather than reading it is a strictness choice.
  # trips on: a creditorAgent in lower case accepted
  @clause:fields.cross-border-payment-request.creditorAgent
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A creditorAgent in lower case is refused
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                    | answer      |
      | creditorAgent is a BIC in lower case                   | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: a creditorAddress street of 71 characters or an address without country accepted, a street of 70 or a payment without address refused
  @clause:fields.cross-border-payment-request.creditorAddress
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: creditorAddress is optional, its street at most 70 characters and its country required
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                      | answer      |
      | creditorAddress street has 70 characters | accepted    |
      | creditorAddress has only a country       | accepted    |
      | creditorAddress is left out              | accepted    |
      | creditorAddress street has 71 characters | refused 400 |
      | creditorAddress has no country           | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: creditorAddress country UK or de accepted, or a code of the spec's list (NO, AQ, BV …) refused
  @clause:conventions.country-code @clause:fields.cross-border-payment-request.creditorAddress
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: The creditor's country is a code of the spec's list
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                 | answer      |
      | creditorAddress country is UK, not an ISO 3166 code | refused 400 |
      | creditorAddress country is de in lower case         | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # The list gives the valid codes, not that a bank pays to every country (KP, IR, SY, AQ …): SHOULD.
  # trips on: a code of the spec's list (NO, AQ, BV …) refused
  @clause:conventions.country-code @clause:fields.cross-border-payment-request.creditorAddress
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A creditor in any country of the spec's list is taken
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                 | answer      |
      | every country code of the list                      | accepted    |
    Then each payment is answered as listed

  # trips on: an empty remittanceInformationUnstructured or one of 141 characters accepted, or one of 1 or 140 characters, with Norwegian letters or left out refused
  @clause:fields.cross-border-payment-request.remittanceInformationUnstructured @clause:limits.remittance-length @clause:conventions.json-utf8
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: remittanceInformationUnstructured is optional, 1 to 140 characters, UTF-8
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                     | answer      |
      | remittanceInformationUnstructured has 1 character       | accepted    |
      | remittanceInformationUnstructured has 140 characters    | accepted    |
      | remittanceInformationUnstructured has Norwegian letters | accepted    |
      | remittanceInformationUnstructured is left out           | accepted    |
      | remittanceInformationUnstructured is empty              | refused 400 |
      | remittanceInformationUnstructured has 141 characters    | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: a purposeCode of the spec's list refused, GDDS (outside the subset) or othr (lower case) accepted
  @clause:fields.cross-border-payment-request.purposeCode @clause:conventions.enums-exact
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: purposeCode is optional and one of the spec's list, exactly
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                     | answer      |
      | every purposeCode of the list                           | accepted    |
      | purposeCode is left out                                 | accepted    |
      | purposeCode is GDDS, an ISO 20022 code outside the list | refused 400 |
      | purposeCode is othr in lower case                       | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: a requestedExecutionDate of February 30th or written DD.MM.YYYY accepted, or a valid ISO date refused
  @clause:fields.cross-border-payment-request.requestedExecutionDate @clause:conventions.date-json
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: requestedExecutionDate is an ISO 8601 date
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                     | answer      |
      | requestedExecutionDate is February 30th                 | refused 400 |
      | requestedExecutionDate is written DD.MM.YYYY            | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # How far ahead a bank executes is not stated (and the spec lists EXECUTION_DATE_INVALID): SHOULD.
  # trips on: a valid ISO date a year ahead refused
  @clause:fields.cross-border-payment-request.requestedExecutionDate @clause:conventions.date-json
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A requestedExecutionDate a year ahead is taken
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                     | answer      |
      | requestedExecutionDate is an ISO 8601 date a year ahead | accepted    |
    Then each payment is answered as listed

  # trips on: a payment without instructedAmount, or without its amount or currency, or with the currency XYZ or eur accepted
  @clause:fields.cross-border-payment-request.instructedAmount @clause:conventions.currency-code
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: instructedAmount is required, with an amount and a currency code
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                            | answer      |
      | instructedAmount is left out                   | refused 400 |
      | instructedAmount has no amount                 | refused 400 |
      | instructedAmount has no currency               | refused 400 |
      | instructedAmount currency is XYZ               | refused 400 |
      | instructedAmount currency is eur in lower case | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # The list gives the valid codes, not the currencies a bank executes payments in (KPW, IRR, SYP …):
  # taking all of them is the platform's habit, SHOULD. (XYZ refused is MUST in the instructedAmount scenario.)
  # trips on: a currency code of the spec's list (CUC, KPW, XAF …) refused with its ISO 4217 minor units
  @clause:conventions.currency-code @clause:limits.amount-precision @clause:fields.cross-border-payment-request.instructedAmount
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: Every currency code of the spec's list is taken
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                                 | answer      |
      | every currency code of the list, in its minor units | accepted    |
    Then each payment is answered as listed

  # trips on: an amount sent as a JSON number or with a decimal comma accepted
  @clause:conventions.amount-string @clause:versioning.accept-fix.amount-as-string @clause:fields.cross-border-payment-request.instructedAmount
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: Amounts are strings holding a plain decimal
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                         | answer      |
      | instructedAmount amount is a JSON number    | refused 400 |
      | instructedAmount amount has a decimal comma | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: an amount of 19 digits accepted, or one of 18 refused; fraction digits not checked against the currency's minor units (EUR 12.5, JPY 1250.00, KWD 12.50 accepted, or EUR 12.50, JPY 1250, KWD 12.500 refused)
  @clause:limits.amount-precision @clause:fields.cross-border-payment-request.instructedAmount
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: Amounts have precision 18 and as many fraction digits as the currency's minor units
    When the TPP initiates a cross-border payment in each of these ways:
      | way                            | answer      |
      | instructedAmount has 19 digits | refused 400 |
      | amount "12.50" EUR             | accepted    |
      | amount "12.5" EUR              | refused 400 |
      | amount "12.505" NOK            | refused 400 |
      | amount "1250" JPY              | accepted    |
      | amount "1250.00" JPY           | refused 400 |
      | amount "1250" ISK              | accepted    |
      | amount "1250.5" ISK            | refused 400 |
      | amount "12.500" KWD            | accepted    |
      | amount "12.50" KWD             | refused 400 |
      | amount "12.345" BHD            | accepted    |
      | amount "12.3" BHD              | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: an emoji in creditorName accepted
  @clause:errors.unprocessable-character
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A character the downstream system cannot process is refused with 400
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                              | answer      |
      | creditorName holds an emoji                      | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # 18 digits with 2 fraction digits leave 16 integer digits, beyond the usual DECIMAL(18,5) reading of
  # "precision 18 and scale 5" (13); and the remittance field is "ASCII or UTF-8; may be truncated or
  # re-encoded during processing", which pulls against refusing an emoji there. Both SHOULD.
  # trips on: an amount of 18 digits refused, or an emoji in remittanceInformationUnstructured accepted
  @clause:limits.amount-precision @clause:errors.unprocessable-character @clause:fields.cross-border-payment-request.remittanceInformationUnstructured
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: The platform takes 18 amount digits and refuses an emoji in the remittance
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                              | answer      |
      | instructedAmount has 18 digits                   | accepted    |
      | remittanceInformationUnstructured holds an emoji | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # The spec is silent on signs; the Berlin Group amount pattern allows "-", but an instructed amount at or below zero moves no money (src/spec amounts.sign).
  # trips on: a cross-border payment of a negative or zero amount accepted
  @clause:amounts.sign
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: An instructed amount is positive
    When the TPP initiates a cross-border payment in each of these ways:
      | way                                 | answer      |
      | instructedAmount amount is negative | refused 400 |
      | instructedAmount amount is zero     | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # src/spec currencies: for the withdrawn and non-ISO codes of the spec's list, the minor units are those of ISO 4217 when withdrawn, or the customary ones (SHOULD).
  # XDR has no minor unit in ISO 4217 ("N.A."): the rule says nothing there, so any fraction digits up to the scale are accepted.
  # trips on: an amount in a withdrawn or non-ISO currency of the list refused with its minor units, or accepted with other fraction digits (MRO 1250); XDR with fraction digits refused
  @clause:currencies.BYR.minor-units @clause:currencies.XDR.minor-units @clause:currencies.GGP.minor-units @clause:currencies.HRK.minor-units
  @clause:currencies.IMP.minor-units @clause:currencies.JEP.minor-units @clause:currencies.MRO.minor-units @clause:currencies.SLL.minor-units
  @clause:currencies.SPL.minor-units @clause:currencies.STD.minor-units @clause:currencies.TVD.minor-units @clause:currencies.VEF.minor-units
  @clause:currencies.ZWD.minor-units
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: Amounts in the currencies outside today's ISO 4217 carry their minor units
    When the TPP initiates a cross-border payment in each of these ways:
      | way                  | answer      |
      | amount "1250" BYR    | accepted    |
      | amount "1250.00" BYR | refused 400 |
      | amount "1250" XDR    | accepted    |
      | amount "1250.25" XDR | accepted    |
      | amount "12.50" GGP   | accepted    |
      | amount "12.5" GGP    | refused 400 |
      | amount "12.50" HRK   | accepted    |
      | amount "12.5" HRK    | refused 400 |
      | amount "12.50" IMP   | accepted    |
      | amount "12.5" IMP    | refused 400 |
      | amount "12.50" JEP   | accepted    |
      | amount "12.5" JEP    | refused 400 |
      | amount "12.50" MRO   | accepted    |
      | amount "1250" MRO    | refused 400 |
      | amount "12.50" SLL   | accepted    |
      | amount "12.5" SLL    | refused 400 |
      | amount "12.50" SPL   | accepted    |
      | amount "12.5" SPL    | refused 400 |
      | amount "12.50" STD   | accepted    |
      | amount "1250" STD    | refused 400 |
      | amount "12.50" TVD   | accepted    |
      | amount "12.5" TVD    | refused 400 |
      | amount "12.50" VEF   | accepted    |
      | amount "12.5" VEF    | refused 400 |
      | amount "12.50" ZWD   | accepted    |
      | amount "12.5" ZWD    | refused 400 |
    Then each payment is answered as listed
    And the same request without the violation is accepted

  # trips on: a logical duplicate refused although the TPP sent allowLogicalDuplicate=true
  @clause:endpoints.create-cross-border-payment.query.allowLogicalDuplicate
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A logical duplicate is accepted with allowLogicalDuplicate=true
    When the TPP initiates the same cross-border payment twice with allowLogicalDuplicate true
    Then both payments are accepted

  # trips on: a logical duplicate accepted although the TPP sent allowLogicalDuplicate=false
  @clause:endpoints.create-cross-border-payment.query.allowLogicalDuplicate
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A logical duplicate is refused with allowLogicalDuplicate=false
    When the TPP initiates the same cross-border payment twice with allowLogicalDuplicate false
    Then the second payment is refused as a logical duplicate
    And the same request without the violation is accepted

  # trips on: allowLogicalDuplicate=maybe accepted although the query parameter is a boolean
  @clause:endpoints.create-cross-border-payment.query.allowLogicalDuplicate
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario: allowLogicalDuplicate takes a boolean only
    When the TPP initiates a cross-border payment whose allowLogicalDuplicate query is "maybe" instead of "true"
    Then the request is refused with status 400
    And the same request without the violation is accepted
