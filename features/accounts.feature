@area:accounts
Feature: Accounts, balances and transaction lists
  A TPP with account information rights reads the PSU's accounts, balances and transactions after
  the PSU's consent (What the service does). Transactions are grouped as booked and pending; a booked
  transaction's transactionId is stable (States > Other states). Without paging parameters a page
  holds 200 transactions, also in the pagination links; with bookingStatus both or pending every
  pending transaction is returned whatever dateFrom, dateTo and limit say (Limits).

  # trips on: account list answered without an `accounts` array, or an account without resourceId
  @must @sca @production-safe @op:list-accounts @clause:endpoints.list-accounts @clause:conventions.json-utf8
  Scenario: The account list names the PSU's granted accounts
    Given a private PSU who has completed SCA
    When the TPP reads the account list
    Then the request is accepted
    And every listed account has a resourceId, an iban or bban and a currency code

  # trips on: an account created for the PSU and granted at SCA missing from the account list
  @must @sandbox @sca @mutating @op:list-accounts @clause:endpoints.list-accounts @clause:conventions.psu-contexts
  Scenario: An account the PSU granted at SCA is in the account list
    Given a sandbox account of the PSU
    And a private PSU who has completed SCA
    When the TPP reads the account list
    Then the account list holds the sandbox account

  # trips on: balances answered without a `balances` list, or with an amount as a JSON number
  @must @sca @production-safe @op:get-balances @clause:endpoints.get-balances @clause:conventions.amount-string @clause:conventions.currency-code
  Scenario: The balances of an account are amounts as strings
    Given a private PSU who has completed SCA
    When the TPP reads the balances of the PSU's first account
    Then the request is accepted
    And the balances are a non-empty list whose amounts are strings with the currency's minor units

  # trips on: a balance or transaction list of an unknown account answered 200 or 403 instead of 404 RESOURCE_UNKNOWN
  @must @sca @production-safe @clause:errors.RESOURCE_UNKNOWN
  Scenario Outline: <what> of an unknown account is refused with 404 RESOURCE_UNKNOWN
    Given a private PSU who has completed SCA
    When the TPP reads <what> of the account "no-such-account-0000"
    Then the request is refused with status 404 and code RESOURCE_UNKNOWN
    And the same request without the violation is accepted

    @op:get-balances @clause:endpoints.get-balances
    Examples: balances
      | what         |
      | the balances |

    @op:list-transactions @clause:endpoints.list-transactions
    Examples: transactions
      | what             |
      | the transactions |

  # Berlin Group NextGenPSD2 1.3: getAccountList, getBalances and getTransactionList answer 200.
  # trips on: a read answered 201 or 204
  @should @sca @production-safe
  Scenario Outline: Reading <what> answers 200
    Given a private PSU who has completed SCA
    When the TPP reads <what>
    Then the response status is 200

    @op:list-accounts @clause:endpoints.list-accounts.success
    Examples: account list
      | what             |
      | the account list |

    @op:get-balances @clause:endpoints.get-balances.success
    Examples: balances
      | what                                    |
      | the balances of the PSU's first account |

    @op:list-transactions @clause:endpoints.list-transactions.success
    Examples: transactions
      | what                                        |
      | the transactions of the PSU's first account |

  # trips on: transactions answered without a `transactions.booked` list, or with amounts as numbers
  @must @sca @production-safe @op:list-transactions @clause:endpoints.list-transactions @clause:states.transactions-booked-and-pending @clause:conventions.amount-string
  Scenario: The transaction list groups transactions and carries amounts as strings
    Given a private PSU who has completed SCA
    When the TPP reads the transactions of the PSU's first account with bookingStatus "both"
    Then the transactions are grouped as booked and pending
    And every listed transaction amount is a string with the currency's minor units

  # Berlin Group NextGenPSD2 1.3 getTransactionList: what each bookingStatus value selects. The spec
  # names the values ("values including `both`, `pending`, `all`"), not what they select; `booked` is not
  # even named (docs/levels.md).
  # trips on: bookingStatus booked answering pending transactions, pending answering booked ones, or both/all lacking a group
  @should @sca @production-safe @op:list-transactions @clause:endpoints.list-transactions @clause:states.transactions-booked-and-pending
  Scenario Outline: bookingStatus <status> answers <groups>
    Given a private PSU who has completed SCA
    And an account of the PSU with pending transactions
    When the TPP reads the transactions of that account with bookingStatus "<status>"
    Then the transaction report holds <groups>
    And no transaction is both booked and pending

    Examples:
      | status  | groups                          |
      | booked  | booked transactions only        |
      | pending | pending transactions only       |
      | both    | booked and pending transactions |
      | all     | booked and pending transactions |

  # Berlin Group NextGenPSD2 1.3: bookingStatus information lists standing orders in `transactions.information`.
  # trips on: bookingStatus information refused or answered without an `information` list
  @should @sca @production-safe @op:list-transactions @clause:endpoints.list-transactions
  Scenario: bookingStatus information answers the information group
    Given a private PSU who has completed SCA
    When the TPP reads the transactions of the PSU's first account with bookingStatus "information"
    Then the transaction report holds an information list

  # The limit says "(sandbox and card accounts unaffected)": the sandbox is exempt, and a run against
  # the sandbox (the default environment) cannot hold a bank to it. Applying it there too is the
  # platform's habit, so SHOULD (docs/levels.md).
  # trips on: pending transactions outside dateFrom/dateTo, or beyond limit, left out with bookingStatus both/pending
  @should @sca @production-safe @op:list-transactions @clause:limits.pending-all-returned @clause:endpoints.list-transactions
  Scenario Outline: With bookingStatus <status> every pending transaction is returned whatever <filter>
    Given a private PSU who has completed SCA
    And an account of the PSU with pending transactions
    When the TPP reads the transactions of that account with bookingStatus "<status>" and <filter>
    Then every pending transaction of the account is in the answer

    Examples:
      | status  | filter                            |
      | both    | dateFrom and dateTo 30 days back  |
      | pending | dateFrom and dateTo 30 days back  |
      | both    | limit 1                           |
      | pending | dateFrom yesterday and limit 1    |

  # Berlin Group NextGenPSD2 1.3 getTransactionList: dateFrom and dateTo bound the booking date, both inclusive.
  # trips on: dateFrom or dateTo ignored, or applied exclusively
  @should @sandbox @sca @mutating @op:list-transactions @clause:endpoints.list-transactions
  Scenario Outline: <filter> bounds the booked transactions
    Given a sandbox account of the PSU with booked transactions 30, 20 and 10 days back
    And a private PSU who has completed SCA
    When the TPP reads the booked transactions of the sandbox account with <filter>
    Then the booked transactions are those of <expected> days back

    Examples:
      | filter                                 | expected |
      | dateFrom 20 days back                  | 20, 10   |
      | dateFrom 40 days back, dateTo 20 back  | 30, 20   |
      | dateFrom 20 days back, dateTo 20 back  | 20       |

  # The spec names limit and offset without their meaning; read as in the sandbox list (§ Endpoints 5):
  # offset transactions are skipped before counting the limit.
  # trips on: limit ignored, or offset not skipping the first transactions of the unpaged order
  @should @sandbox @sca @mutating @op:list-transactions @clause:endpoints.list-transactions
  Scenario: limit and offset page the booked transactions
    Given a sandbox account of the PSU with 6 booked transactions
    And a private PSU who has completed SCA
    When the TPP reads the booked transactions of the sandbox account with limit 2 and offset 3
    Then the booked transactions are the 4th and 5th of the unpaged list

  # trips on: a page of 100 (or all 401) transactions without paging parameters, or pagination links with another page size
  @must @sandbox @sca @mutating @op:list-transactions @clause:limits.default-page-size @clause:endpoints.list-transactions
  Scenario: Without paging parameters a page holds 200 transactions, also through the pagination links
    Given a sandbox account of the PSU with 401 booked transactions
    And a private PSU who has completed SCA
    When the TPP reads the booked transactions of the sandbox account without paging parameters
    Then the page holds 200 booked transactions and transactions._links has a next link
    And following the next links gives pages of 200 and 1 transactions, 401 distinct in all

  # trips on: booked transactionIds generated anew on each read
  @must @sca @production-safe @op:list-transactions @clause:states.transactions-booked-stable-id @clause:releases.stable-transaction-id
  Scenario: A booked transaction keeps its transactionId across reads
    Given a private PSU who has completed SCA
    When the TPP reads the booked transactions of the PSU's first account twice
    Then both reads list the same booked transactionIds
    And the details of the first booked transaction carry that transactionId

  # trips on: a list without bookingStatus answered 200, or refused without the code
  # Berlin Group NextGenPSD2 1.3: bookingStatus is a required query parameter of getTransactionList.
  @should @sca @production-safe @op:list-transactions @clause:errors.QUERY_PARAMETER_REQUIRED @clause:endpoints.list-transactions
  Scenario: A transaction list without bookingStatus is refused with QUERY_PARAMETER_REQUIRED
    Given a private PSU who has completed SCA
    When the TPP reads the transactions of the PSU's first account with the query "dateFrom=2024-01-01" instead of "bookingStatus=booked&dateFrom=2024-01-01"
    Then the request is refused with status 400 and code QUERY_PARAMETER_REQUIRED
    And the same request without the violation is accepted

  # trips on: dateFrom after dateTo answered 200 (an empty list) or refused with another code
  @must @sca @production-safe @op:list-transactions @clause:errors.PERIOD_INVALID @clause:endpoints.list-transactions
  Scenario: A period whose dateFrom is after its dateTo is refused with PERIOD_INVALID
    Given a private PSU who has completed SCA
    When the TPP reads the transactions of the PSU's first account with the query "bookingStatus=booked&dateFrom=2024-03-02&dateTo=2024-03-01" instead of "bookingStatus=booked&dateFrom=2024-03-01&dateTo=2024-03-02"
    Then the request is refused with status 400 and code PERIOD_INVALID
    And the same request without the violation is accepted

  # trips on: a malformed query value answered 200 or 500
  @sca @production-safe @op:list-transactions @clause:errors.FORMAT_ERROR @clause:endpoints.list-transactions
  Scenario Outline: A malformed query (<query>) is refused with FORMAT_ERROR
    Given a private PSU who has completed SCA
    When the TPP reads the transactions of the PSU's first account with the query "<query>" instead of "<usual>"
    Then the request is refused with status 400 and code FORMAT_ERROR
    And the same request without the violation is accepted

    @must
    Examples:
      | query                                               | usual                                           |
      | bookingStatus=everything&dateFrom=2024-01-01        | bookingStatus=both&dateFrom=2024-01-01          |
      | bookingStatus=booked&dateFrom=2024-01-01&limit=many | bookingStatus=booked&dateFrom=2024-01-01&limit=5 |

    # An impossible date in a period: PERIOD_INVALID ("invalid period in a list request") is as good a
    # reading of the spec as FORMAT_ERROR; the platform answers FORMAT_ERROR.
    @should
    Examples: an invalid date in the period
      | query                                    | usual                                    |
      | bookingStatus=booked&dateFrom=2024-13-45 | bookingStatus=booked&dateFrom=2024-12-15 |
      | bookingStatus=booked&dateFrom=yesterday  | bookingStatus=booked&dateFrom=2024-12-15 |

  # SYSTEM_ERROR cannot be provoked from outside a correct bank: this checks that whatever 5xx the
  # edge cases below provoke carries the error body with SYSTEM_ERROR. The spec pairs 500 with
  # SYSTEM_ERROR; that every 5xx (502, 503 from an edge) is that 500, and that every odd request gets
  # an answer, it does not say: SHOULD (docs/levels.md).
  # trips on: an internal failure on an extreme offset, limit or id answered 500 with an HTML page or a bare body
  @should @sca @production-safe @op:list-transactions @clause:errors.SYSTEM_ERROR @clause:endpoints.get-transaction-details.status.500 @clause:fields.error-body
  Scenario: Any 5xx answer of the account operations carries the SYSTEM_ERROR error body
    Given a private PSU who has completed SCA
    When the TPP sends edge-case account information requests
    Then every 5xx answer among them is an error body with status 500 and code SYSTEM_ERROR

  # The spec names `all` among the values of bookingStatus ("query filters mentioned: `bookingStatus`
  # with values including `both`, `pending`, `all`", Other operations), and release 1.11.7 made it
  # bookable: a transaction list with it is taken, MUST. What `all` selects is not stated (the outline
  # "bookingStatus <status> answers <groups>" reads it as Berlin Group's, SHOULD).
  # trips on: booking-status-all-refused (bookingStatus all refused with 400, as before release 1.11.7)
  @must @sca @production-safe @op:list-transactions @clause:releases.booking-status-all @clause:endpoints.list-transactions
  Scenario: A transaction list with bookingStatus all is taken
    Given a private PSU who has completed SCA
    When the TPP reads the transactions of the PSU's first account with bookingStatus "all"
    Then the request is accepted
