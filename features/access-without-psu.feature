@area:access-without-psu
Feature: Account access without the PSU present
  A request without PSU-IP-Address has no PSU present (§ Limits): balances, transactions and
  transaction details allow at most 4 such calls per 24 hours; transactions older than 90 days are not
  readable; details need a consent at most 90 days old; the transaction list needs an SCA within 180
  days. Each scenario uses a sandbox account of its own, so the allowance starts unused.
  Scenarios tagged @clock move the target's clock; the steps sign with the moved clock, and the clock
  is moved back (and the sandbox initialised) after the scenario.

  # trips on: a fifth call without PSU-IP-Address within 24 hours answered 200, or refused without 429 ACCESS_EXCEEDED
  @must @sandbox @sca @mutating @clause:limits.calls-without-psu @clause:errors.ACCESS_EXCEEDED
  Scenario Outline: The fifth call for <operation> without PSU-IP-Address within 24 hours is refused with 429 ACCESS_EXCEEDED
    Given a sandbox account of the PSU with 2 booked transactions
    And a private PSU who has completed SCA
    When the TPP reads <operation> of the sandbox account 4 times without PSU-IP-Address
    Then each of those calls is accepted
    When the TPP reads <operation> of the sandbox account once more without PSU-IP-Address
    Then the request is refused with status 429 and code ACCESS_EXCEEDED
    And the same request without the violation is accepted

    @op:get-balances
    Examples: balances
      | operation    |
      | the balances |

    @op:list-transactions
    Examples: transactions
      | operation        |
      | the transactions |

    @op:get-transaction-details @clause:endpoints.get-transaction-details.no-psu-calls @clause:endpoints.get-transaction-details.status.429
    Examples: transaction details
      | operation                  |
      | a transaction's details    |

  # trips on: calls with PSU-IP-Address counted against the allowance of calls without a PSU
  @must @sandbox @sca @mutating @clause:limits.calls-without-psu
  Scenario Outline: With PSU-IP-Address <operation> is not limited to 4 calls
    Given a sandbox account of the PSU with 2 booked transactions
    And a private PSU who has completed SCA
    When the TPP reads <operation> of the sandbox account 6 times with PSU-IP-Address
    Then each of those calls is accepted

    @op:get-balances
    Examples: balances
      | operation    |
      | the balances |

    @op:get-transaction-details @clause:endpoints.get-transaction-details.no-psu-calls
    Examples: transaction details
      | operation               |
      | a transaction's details |

  # trips on: the allowance not renewed after 24 hours (429 on the first call of the next day)
  @must @sandbox @sca @mutating @clock @op:get-balances @clause:limits.calls-without-psu
  Scenario: After 24 hours the calls without PSU-IP-Address are allowed again
    Given a sandbox account of the PSU with 2 booked transactions
    And a private PSU who has completed SCA
    When the TPP reads the balances of the sandbox account 4 times without PSU-IP-Address
    And the target's clock moves 24 hours and 1 minute on
    And the TPP reads the balances of the sandbox account once more without PSU-IP-Address
    Then the request is accepted

  # trips on: a transaction booked 91 days ago readable without PSU-IP-Address, or one of 90 days refused
  @must @sandbox @sca @mutating @clause:limits.history-without-psu @clause:releases.history-without-sca-90-days
  Scenario: Without PSU-IP-Address transactions are readable 90 days back, not 91
    Given a sandbox account of the PSU with booked transactions 90 and 91 days back
    And a private PSU who has completed SCA
    When the TPP reads the booked transactions of the sandbox account from 90 days back without PSU-IP-Address
    Then the booked transactions hold the one of 90 days back
    When the TPP reads the booked transactions of the sandbox account from 91 days back without PSU-IP-Address
    Then the request is refused, or it holds no booked transaction older than 90 days
    When the TPP reads the details of the transaction of 90 days back without PSU-IP-Address
    Then the request is accepted
    When the TPP reads the details of the transaction of 91 days back without PSU-IP-Address
    Then the request is refused with a client error

  # trips on: the 90-day limit applied with the PSU present (details of a transaction of 91 days back refused with PSU-IP-Address)
  @must @sandbox @sca @mutating @op:get-transaction-details @clause:limits.history-without-psu
  Scenario: With PSU-IP-Address a transaction of 91 days back is readable
    Given a sandbox account of the PSU with booked transactions 90 and 91 days back
    And a private PSU who has completed SCA
    When the TPP reads the details of the transaction of 91 days back with PSU-IP-Address
    Then the request is accepted

  # trips on: details without PSU-IP-Address served on a consent 91 days old, or refused on one of 89 days
  @must @sandbox @sca @mutating @clock @op:get-transaction-details @clause:limits.consent-age-details @clause:endpoints.get-transaction-details.no-psu-consent-age @clause:sca.redirect-on-401
  Scenario: Details without PSU-IP-Address need a consent at most 90 days old
    Given a sandbox account of the PSU with 1 booked transactions
    And a private PSU who has completed SCA
    When the target's clock moves 89 days on
    And a new transaction is booked today on the sandbox account
    And the TPP reads the details of the newest transaction without PSU-IP-Address
    Then the request is accepted
    When the target's clock moves 2 days on
    And a new transaction is booked today on the sandbox account
    And the TPP reads the details of the newest transaction without PSU-IP-Address
    Then the response status is 401
    And the response body matches the "sca-required-response" schema

  # trips on: the transaction list without PSU-IP-Address served 181 days after the last SCA, or refused at 179 days
  @must @sandbox @sca @mutating @clock @op:list-transactions @clause:limits.sca-renewal @clause:sca.redirect-on-401 @clause:releases.sca-renewal-180-days
  Scenario: The transaction list without PSU-IP-Address needs an SCA within 180 days
    Given a sandbox account of the PSU with 1 booked transactions
    And a private PSU who has completed SCA
    When the target's clock moves 179 days on
    And the TPP reads the booked transactions of the sandbox account from 10 days back without PSU-IP-Address
    Then the request is accepted
    When the target's clock moves 2 days on
    And the TPP reads the booked transactions of the sandbox account from 10 days back without PSU-IP-Address
    Then the response status is 401
    And the response body matches the "sca-required-response" schema
