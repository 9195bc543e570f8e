@area:transaction-details
Feature: Transaction details
  GET /v1/accounts/{id}/transactions/{transactionId} (§ Endpoints 3): `id` is the account id of the
  list request, `transactionId` comes from the list response; no body. 200 answers
  `transactionsDetails`; 400, 401 (scaRedirect), 404 RESOURCE_UNKNOWN, 429 ACCESS_EXCEEDED and 500
  SYSTEM_ERROR answer the error bodies. The 429 rows are in access-without-psu.feature, the 500 row in
  accounts.feature. QUERY_PARAMETER_REQUIRED and PERIOD_INVALID cannot be provoked here: the operation
  takes no query parameters.

  # ultimateCreditor and ultimateDebtor are "not offered by the current implementation"; creditorName,
  # debtorName and remittance "not always available", bankTransactionCode and purposeCode "when
  # supported": each may be left out, and is checked against the created value only when shown.
  # The created value is the bank's record of the transaction (its creation answer, else its item in the
  # sandbox list, whose fields § Endpoints 5 shows), never the item as sent: the sandbox creation body is
  # not shown, so the bank may keep a value its own way; dates are compared as calendar dates.
  # trips on: details answered without `transactionsDetails`, or a field breaking its rule (purposeCode of 5, creditorAgent not a BIC, amount as a number), or a value other than the sandbox's record of the transaction (details-names-swapped)
  @must @sandbox @sca @mutating @op:get-transaction-details
  @clause:endpoints.get-transaction-details @clause:endpoints.get-transaction-details.path-ids @clause:endpoints.get-transaction-details.no-body
  @clause:fields.transaction-details @clause:fields.transaction-details.transactionId @clause:fields.transaction-details.bookingDate
  @clause:fields.transaction-details.valueDate @clause:fields.transaction-details.transactionAmount @clause:fields.transaction-details.creditorName
  @clause:fields.transaction-details.creditorAccount @clause:fields.transaction-details.debtorName @clause:fields.transaction-details.debtorAccount
  @clause:fields.transaction-details.ultimateCreditor @clause:fields.transaction-details.ultimateDebtor
  @clause:fields.transaction-details.remittanceInformationUnstructured @clause:fields.transaction-details.purposeCode
  @clause:fields.transaction-details.bankTransactionCode
  Scenario: The details of a transaction created with every optional field show them within their rules
    Given a sandbox account of the PSU with a transaction carrying every optional field
    And a private PSU who has completed SCA
    When the TPP reads the details of that transaction, taking its ids from the transaction list
    Then the request is accepted
    And the response body matches the "transaction-details-response" schema
    And the details show the values the transaction was created with

  # Berlin Group NextGenPSD2 1.3 getTransactionDetails answers 200; here the spec shows 200 itself.
  # trips on: details answered 201 or 204
  @must @sandbox @sca @mutating @op:get-transaction-details @clause:endpoints.get-transaction-details.success
  Scenario: Transaction details answer 200
    Given a sandbox account of the PSU with a transaction carrying every optional field
    And a private PSU who has completed SCA
    When the TPP reads the details of that transaction, taking its ids from the transaction list
    Then the response status is 200

  # trips on: a seeded transaction's details breaking a field rule: currencyExchange without its fields, a structured reference of 36, creditorId of 36, an agent not matching the BIC pattern, an endToEndId of 36
  @must @sca @production-safe @op:get-transaction-details
  @clause:fields.transaction-details @clause:fields.transaction-details.currencyExchange @clause:fields.transaction-details.creditorId
  @clause:fields.transaction-details.creditorAgent @clause:fields.transaction-details.debtorAgent @clause:fields.transaction-details.endToEndId
  @clause:fields.transaction-details.remittanceInformationUnstructuredArray @clause:fields.transaction-details.remittanceInformationStructuredArray
  @clause:fields.transaction-details.proprietaryBankTransactionCode @clause:fields.transaction-details.bankTransactionCode
  Scenario: The details of the PSU's recent booked transactions all match the spec's fields
    Given a private PSU who has completed SCA
    When the TPP reads the details of the first 15 booked transactions of the PSU's first 2 accounts
    Then every details answer is accepted and matches the "transaction-details-response" schema

  # trips on: corporate details with a `_links` entry that is not a Link (no href)
  @must @sca @corporate @production-safe @op:get-transaction-details @clause:fields.transaction-details._links @clause:fields.link.href
  Scenario: Corporate transaction details match the spec's fields, links included
    Given a corporate PSU who has completed SCA
    When the TPP reads the details of the first 15 booked transactions of the PSU's first 2 accounts
    Then every details answer is accepted and matches the "transaction-details-response" schema

  # trips on: a <field> of <length> characters created through the sandbox shown in full in the details (beyond <limit>)
  @must @sandbox @sca @mutating @op:get-transaction-details
  Scenario Outline: A <field> of <length> characters is refused at creation or shown within <limit> characters
    Given a sandbox account of the PSU with a transaction whose <field> has <length> characters
    And a private PSU who has completed SCA
    Then the transaction was refused at creation, or its details match the "transaction-details-response" schema
    And the same request without the violation is accepted

    @clause:fields.transaction-details.creditorName
    Examples: creditorName at most 70
      | field        | length | limit |
      | creditorName | 70     | 70    |
      | creditorName | 71     | 70    |

    @clause:fields.transaction-details.debtorName
    Examples: debtorName at most 70
      | field      | length | limit |
      | debtorName | 70     | 70    |
      | debtorName | 71     | 70    |

    @clause:fields.transaction-details.ultimateCreditor
    Examples: ultimateCreditor at most 70
      | field            | length | limit |
      | ultimateCreditor | 71     | 70    |

    @clause:fields.transaction-details.ultimateDebtor
    Examples: ultimateDebtor at most 70
      | field          | length | limit |
      | ultimateDebtor | 71     | 70    |

    @clause:fields.transaction-details.remittanceInformationUnstructured
    Examples: remittanceInformationUnstructured at most 140
      | field                             | length | limit |
      | remittanceInformationUnstructured | 140    | 140   |
      | remittanceInformationUnstructured | 141    | 140   |

    @clause:fields.transaction-details.purposeCode
    Examples: purposeCode 1 to 4
      | field       | length | limit |
      | purposeCode | 4      | 4     |
      | purposeCode | 5      | 4     |

    @clause:fields.transaction-details.bankTransactionCode
    Examples: bankTransactionCode 4 to 14
      | field               | length | limit   |
      | bankTransactionCode | 3      | 4 to 14 |
      | bankTransactionCode | 4      | 4 to 14 |
      | bankTransactionCode | 14     | 4 to 14 |
      | bankTransactionCode | 15     | 4 to 14 |

  # trips on: details read without a PSU identity answered 200, 403, or 401 without a scaRedirect link with verbs GET
  @must @sca @production-safe @op:get-transaction-details @clause:endpoints.get-transaction-details.status.401 @clause:errors.sca-required @clause:fields.sca-required-response @clause:fields.sca-required-response._links
  Scenario: Details read without a PSU who gave consent demand SCA
    Given a private PSU who has completed SCA
    And a booked transaction of the PSU's first account
    When the TPP reads the details of that booked transaction without PSU-ID
    Then the response status is 401
    And the response body matches the "sca-required-response" schema
    And the same request without the violation is accepted

  # trips on: details of an unknown account or transaction answered 200, 400 or 403 instead of 404 RESOURCE_UNKNOWN
  @must @sca @production-safe @op:get-transaction-details @clause:endpoints.get-transaction-details.status.404 @clause:errors.RESOURCE_UNKNOWN
  Scenario Outline: Details of <what> are refused with 404 RESOURCE_UNKNOWN
    Given a private PSU who has completed SCA
    And a booked transaction of the PSU's first account
    When the TPP reads the details of <what>
    Then the request is refused with status 404 and code RESOURCE_UNKNOWN
    And the same request without the violation is accepted

    Examples:
      | what                                           |
      | that transaction on an unknown account         |
      | an unknown transaction on the PSU's first account |

  # trips on: a malformed <header> accepted, or refused with another status or code
  @sca @production-safe @op:get-transaction-details @clause:endpoints.get-transaction-details.status.400 @clause:errors.FORMAT_ERROR
  Scenario Outline: Details requested with a malformed <header> are refused with FORMAT_ERROR
    Given a private PSU who has completed SCA
    And a booked transaction of the PSU's first account
    When the TPP reads the details of that booked transaction with the header <header> set to "<value>" instead of <usual>
    Then the request is refused with status 400 and code FORMAT_ERROR
    And the same request without the violation is accepted

    @must @clause:headers.psu-id
    Examples: PSU-ID is a UUID
      | header | value      | usual           |
      | PSU-ID | not-a-uuid | its usual value |

    # Forwarded informational headers ("forwarded, if available"): refusing an ill-formed one rather
    # than ignoring it is the Berlin Group 1.3 default, SHOULD as in headers.feature.
    @should @clause:headers.psu-device-id
    Examples: PSU-Device-ID is a UUID
      | header        | value  | usual                                  |
      | PSU-Device-ID | device | "99391c7e-ad88-49ec-a2ad-99ddcb1f7721" |

    @should @clause:headers.psu-http-method
    Examples: PSU-HTTP-Method is GET, POST, PUT, PATCH or DELETE
      | header          | value | usual |
      | PSU-HTTP-Method | FETCH | "GET" |
