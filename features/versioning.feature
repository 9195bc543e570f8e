@area:versioning
Feature: Versioning
  Paths carry the version prefix /v1. Breaking changes are adopted early with the x-accept-fix
  header, a comma-separated list of the published fix names (§ Versioning).

  # trips on: the /v1 account list not served to a PSU with consent
  @clause:versioning.path-prefix
  @must @sca @production-safe @op:list-accounts
  Scenario: The account list is served under /v1
    Given a private PSU who has completed SCA
    When the TPP reads the account list at "/v1/accounts"
    Then the response status is 200

  # "Paths carry the version prefix /v1" is stated; the answer to another path (404, and not a /v2 the
  # bank may also serve) is not: SHOULD.
  # trips on: a path without the /v1 prefix (or with another version) served like the /v1 one
  @should @sca @production-safe @op:list-accounts
  Scenario Outline: A path without the /v1 prefix is not served (<path>)
    Given a private PSU who has completed SCA
    When the TPP reads the account list at "<path>" instead of "/v1/accounts"
    Then the request is refused with status 404
    And the same request without the violation is accepted

    @clause:versioning.path-prefix @clause:fields.error-body
    Examples:
      | path         |
      | /accounts    |
      | /v2/accounts |

  # trips on: a published fix name refused on an operation that does not require x-accept-fix
  @sca @production-safe @op:list-accounts
  Scenario Outline: The published fix <fixes> is accepted in x-accept-fix
    Given a private PSU who has completed SCA
    When the TPP reads the account list opting in to the fixes "<fixes>"
    Then the response status is 200

    @must @clause:headers.x-accept-fix @clause:versioning.accept-fix.amount-as-string
    Examples: amount-as-string
      | fixes            |
      | amount-as-string |

    @must @clause:headers.x-accept-fix @clause:versioning.accept-fix.cardaccount-switch-originalamount-and-transactionamount
    Examples: cardaccount-switch-originalamount-and-transactionamount
      | fixes                                                   |
      | cardaccount-switch-originalamount-and-transactionamount |

    @must @clause:headers.x-accept-fix @clause:versioning.accept-fix.longer-names
    Examples: longer-names
      | fixes        |
      | longer-names |

    @must @clause:headers.x-accept-fix @clause:versioning.accept-fix.cash-account-type-iso
    Examples: cash-account-type-iso
      | fixes                 |
      | cash-account-type-iso |

    @must @clause:headers.x-accept-fix
    Examples: several, comma-separated
      | fixes                                                |
      | longer-names,cash-account-type-iso                   |

    # "Several fixes are comma-separated": white space after the commas is not stated. SHOULD.
    @should @clause:headers.x-accept-fix
    Examples: several, with spaces after the commas
      | fixes                                                |
      | longer-names, cash-account-type-iso, amount-as-string |

  # The spec does not say how an unknown fix name is answered. Berlin Group: a header value that does
  # not match the XS2A requirements is 400 FORMAT_ERROR; silently ignoring it would hide a TPP's typo.
  # trips on: an unknown fix name in x-accept-fix silently ignored (200) or answered other than 400 FORMAT_ERROR
  @clause:headers.x-accept-fix @clause:errors.FORMAT_ERROR
  @should @sca @production-safe @op:list-accounts
  Scenario Outline: An unknown fix name in x-accept-fix is refused with 400 FORMAT_ERROR (<fixes>)
    Given a private PSU who has completed SCA
    When the TPP reads the account list opting in to the fixes "<fixes>" instead of "<published>"
    Then the request is refused with status 400 and code FORMAT_ERROR
    And the same request without the violation is accepted

    Examples:
      | fixes                          | published    |
      | longer-name                    | longer-names |
      | longer-names,no-such-fix-named | longer-names |
