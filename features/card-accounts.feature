@area:card-accounts
Feature: Card accounts
  A TPP with account information rights reads card accounts and their transactions (What the service
  does). The spec shows no paths for them: the Berlin Group NextGenPSD2 1.3 card account endpoints
  (GET /v1/card-accounts[/{id}[/balances|/transactions]]) are used. x-accept-fix values (§ Versioning):
  cardaccount-switch-originalamount-and-transactionamount and longer-names are default now,
  cash-account-type-iso is opt-in.

  # Berlin Group NextGenPSD2 1.3: GET /v1/card-accounts lists the card accounts in `cardAccounts`.
  # trips on: a card account created for the PSU and granted at SCA missing from the card account list
  @should @sandbox @sca @mutating @card-accounts @op:list-card-accounts @clause:endpoints.list-card-accounts @clause:endpoints.list-card-accounts.success @clause:conventions.psu-contexts @clause:conventions.amount-string
  Scenario: The card account list holds the PSU's card account
    Given a sandbox card account of the PSU
    And a private PSU who has completed SCA
    When the TPP reads the card account list
    Then the response status is 200
    And the card account list holds the sandbox card account
    And every amount in the answer is a string with the currency's minor units

  # Berlin Group NextGenPSD2 1.3: card account details, balances and transactions by the list's resourceId.
  # trips on: <what> of a granted card account refused, or answered with amounts as numbers
  @should @sandbox @sca @mutating @card-accounts @clause:conventions.amount-string
  Scenario Outline: <what> of the PSU's card account are readable
    Given a sandbox card account of the PSU with 2 card transactions
    And a private PSU who has completed SCA
    When the TPP reads <what> of the sandbox card account
    Then the response status is 200
    And every amount in the answer is a string with the currency's minor units

    @op:get-card-account @clause:endpoints.get-card-account @clause:endpoints.get-card-account.success
    Examples: details
      | what        |
      | the details |

    @op:get-card-balances @clause:endpoints.get-card-balances @clause:endpoints.get-card-balances.success
    Examples: balances
      | what         |
      | the balances |

    @op:list-card-transactions @clause:endpoints.list-card-transactions @clause:endpoints.list-card-transactions.success
    Examples: transactions
      | what             |
      | the transactions |

  # The spec says the fix gives the "correct mapping", not which mapping is correct (read here as the
  # Berlin Group one: transactionAmount in the account currency), and card paths are not shown: SHOULD.
  # trips on: transactionAmount and originalAmount swapped (originalAmount in the account currency, transactionAmount in the merchant's)
  @should @sandbox @sca @mutating @card-accounts @op:list-card-transactions @clause:versioning.accept-fix.cardaccount-switch-originalamount-and-transactionamount
  Scenario Outline: A card transaction keeps transactionAmount and originalAmount apart <how>
    Given a sandbox card account of the PSU with a card transaction of NOK in transactionAmount and EUR in originalAmount
    And a private PSU who has completed SCA
    When the TPP reads the transactions of the sandbox card account <how>
    Then that card transaction has transactionAmount in NOK and originalAmount in EUR

    Examples:
      | how                                                                             |
      | without x-accept-fix                                                            |
      | with x-accept-fix "cardaccount-switch-originalamount-and-transactionamount"     |

  # longer-names states a length ("card account and account name up to 70 characters"), not the letters: the
  # listed name must have all 70 characters, as the bank writes them; a profile template without the name: not applicable.
  # trips on: a card account name of 70 characters cut to 35 (the length before longer-names), at creation or in the list (longer-names-cut-in-list)
  @must @sandbox @sca @mutating @card-accounts @op:list-card-accounts @clause:versioning.accept-fix.longer-names
  Scenario Outline: A card account name of 70 characters is shown in full <how>
    Given a sandbox card account of the PSU named with 70 characters
    And a private PSU who has completed SCA
    When the TPP reads the card account list <how>
    Then the sandbox card account is listed with its name of 70 characters

    Examples:
      | how                                 |
      | without x-accept-fix                |
      | with x-accept-fix "longer-names"    |

  # longer-names states a length ("card account and account name up to 70 characters"), not the letters: the
  # listed name must have all 70 characters, as the bank writes them; a profile template without the name: not applicable.
  # trips on: an account name of 70 characters cut to 35 (the length before longer-names), at creation or in the list (longer-names-cut-in-list)
  @must @sandbox @sca @mutating @op:list-accounts @clause:versioning.accept-fix.longer-names
  Scenario Outline: An account name of 70 characters is shown in full <how>
    Given a sandbox account of the PSU named with 70 characters
    And a private PSU who has completed SCA
    When the TPP reads the account list <how>
    Then the sandbox account is listed with its name of 70 characters

    Examples:
      | how                              |
      | without x-accept-fix             |
      | with x-accept-fix "longer-names" |

  # trips on: an account name of 71 characters accepted and shown with 71 characters, or refused at creation while one of 70 is refused too
  @must @sandbox @sca @mutating @op:list-accounts @clause:versioning.accept-fix.longer-names
  Scenario: An account name of 71 characters is refused at creation or shown within 70
    Given a sandbox account of the PSU named with 71 characters, unless the sandbox refuses it
    And a private PSU who has completed SCA
    When the TPP reads the account list with x-accept-fix "longer-names"
    Then no account name in the list is longer than 70 characters
    And the same request without the violation is accepted

  # trips on: with cash-account-type-iso, cashAccountType still the legacy text ("Savings") instead of the ISO 20022 code
  @must @sandbox @sca @mutating @op:list-accounts @clause:versioning.accept-fix.cash-account-type-iso
  Scenario: With x-accept-fix cash-account-type-iso every cashAccountType is an ISO 20022 code
    Given a sandbox account of the PSU with cashAccountType "SVGS"
    And a private PSU who has completed SCA
    When the TPP reads the account list with x-accept-fix "cash-account-type-iso"
    Then every cashAccountType in the list is an ISO 20022 cash account type code
    And the sandbox account has cashAccountType "SVGS"

  # Release 1.23.2: "Card acceptor information and card account status added to card account APIs". A
  # release note only: the card account reads and their fields are not shown ("Fields of account ...
  # resources ...: not shown"). The sandbox card transaction the spec shows carries cardAcceptorId and
  # cardAcceptorAddress; that the read gives them back under those names is Berlin Group's cardTransaction: SHOULD.
  # trips on: card-acceptor-dropped (card transactions read without cardAcceptorId and cardAcceptorAddress)
  @should @sandbox @sca @mutating @card-accounts @op:list-card-transactions @clause:releases.card-acceptor-information
  Scenario: A card transaction is read with its card acceptor information
    Given a sandbox card account of the PSU with a card transaction at a card acceptor
    And a private PSU who has completed SCA
    When the TPP reads the transactions of the sandbox card account
    Then that card transaction carries the cardAcceptorId and cardAcceptorAddress it was created with

  # The same release note; the status is read as Berlin Group's cardAccountDetails.status (AccountStatus:
  # enabled, deleted, blocked), the card account's fields not being shown: SHOULD.
  # trips on: card-account-status-missing (a card account read without its status)
  @should @sandbox @sca @mutating @card-accounts @op:get-card-account @clause:releases.card-account-status
  Scenario: A card account is read with its status
    Given a sandbox card account of the PSU
    And a private PSU who has completed SCA
    When the TPP reads the details of the sandbox card account
    Then the card account carries a status of enabled, deleted or blocked
