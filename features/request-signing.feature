@area:request-signing
Feature: Request signing
  Every request carries a Signature and a TPP-Signature-Certificate header (Authentication >
  Request signing). A request without a signature, or whose signature fails validation, is
  rejected with 400 and the error body.

  Background:
    Given a private PSU who has completed SCA

  @clause:signing.signing-string @clause:signing.signature-value @clause:signing.header-parts @clause:signing.key-id @clause:signing.headers-list
  @must @sca @production-safe @op:list-accounts
  Scenario: A correctly signed request is accepted
    When the TPP reads the account list
    Then the response status is 200

  @must @sca @production-safe @op:list-accounts
  Scenario Outline: A request with <tampering> is refused with 400
    When the TPP reads the account list with "<tampering>"
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @clause:signing.missing-rejected @clause:errors.signature-missing
    Examples: unsigned
      | tampering           |
      | no signature        |
      | no Signature header |

    @clause:signing.invalid-rejected @clause:signing.signature-value @clause:errors.signature-invalid
    Examples: a broken signature value
      | tampering                      |
      | a flipped bit in the signature |

    @clause:signing.signing-string @clause:errors.signature-invalid
    Examples: what was signed changed
      | tampering                            |
      | a signed header changed after signing |

    @clause:signing.headers-list @clause:errors.signature-invalid
    Examples: the headers list
      | tampering                           |
      | the signed headers in another order |

    @clause:signing.key-id @clause:errors.signature-invalid
    Examples: keyId
      | tampering                  |
      | keyId naming another serial |
      | keyId naming another issuer |

    @clause:signing.algorithm @clause:errors.signature-invalid
    Examples: algorithm
      | tampering              |
      | algorithm hmac-sha256 |

    @clause:signing.date @clause:limits.date-skew @clause:errors.signature-invalid
    Examples: the Date header
      | tampering                 |
      | no Date header            |
      | a Date 61 seconds ahead   |
      | a Date 61 seconds behind  |
      | a Date in ISO 8601        |

    @clause:signing.rfc2047 @clause:errors.signature-invalid
    Examples: RFC 2047
      | tampering                   |
      | a broken RFC 2047 wrapping |

  @must @sca @production-safe @op:list-accounts
  Scenario Outline: A request with <variant> is accepted
    When the TPP reads the account list with "<variant>"
    Then the response status is 200

    @clause:limits.date-skew @clause:signing.date
    Examples: the Date within 60 seconds
      | variant                  |
      | a Date 50 seconds ahead  |
      | a Date 50 seconds behind |

    @clause:signing.digest
    Examples: SHA-512
      | variant          |
      | a SHA-512 Digest |

    @clause:signing.rfc2047
    Examples: RFC 2047
      | variant                                  |
      | the Signature wrapped as =?utf-8?B?…?= |

    @clause:signing.headers-present
    Examples: (request-target)
      | variant                   |
      | (request-target) signed too |

  # RFC 3230: Digest algorithm names are case-insensitive; the spec writes SHA-256 and SHA-512 only: SHOULD.
  # trips on: a bank that accepts only "SHA-256=" as written (fault digest-sha256-exact)
  @clause:signing.digest-name-case
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: A payment whose Digest algorithm name is in lower case is accepted
    Given a private PSU who has completed SCA
    When the TPP initiates a cross-border payment with "the Digest algorithm name in lower case"
    Then the request is accepted

  # Authentication step 1: "(request-target) for the target URL"; the target URL of a request with a
  # query string includes it (draft-cavage: the method, the path and the query).
  # trips on: a bank that verifies (request-target) without the query string (fault request-target-without-query)
  @clause:signing.signing-string
  @must @sca @production-safe @op:list-transactions
  Scenario: A signature over (request-target) of a request with a query string is accepted
    Given a private PSU who has completed SCA
    When the TPP reads the booked and pending transactions of an account, a request with a query string, with "(request-target) signed too"
    Then the response status is 200

  # Authentication step 1: a line "for each header that is present among the signed set"; "A header
  # absent from the request is absent from the signing string". draft-cavage verifiers refuse this.
  # A 401 with _links.scaRedirect also means the signature was accepted.
  # trips on: a bank that refuses a signature naming a header the request does not carry
  @clause:signing.signing-string
  @must @sca @production-safe @op:list-accounts
  Scenario: A signature whose headers= names a header that is not sent is accepted
    When the TPP reads the account list with "a header in headers= that is not sent"
    Then the signature is accepted

  # Berlin Group leaves this leniency to the bank; real clients of the platform send these forms.
  # trips on: a bank that refuses lower-case hex or spaced DNs in keyId, Q encoding, an upper-case algorithm name or a PEM-armoured certificate
  @should @sca @production-safe @op:list-accounts
  Scenario Outline: A request with <variant> is accepted (lenient bank)
    When the TPP reads the account list with "<variant>"
    Then the response status is 200

    @clause:signing.key-id
    Examples:
      | variant                                |
      | keyId with the serial in lower-case hex |
      | keyId with spaces after the DN commas  |

    @clause:signing.rfc2047
    Examples:
      | variant                                 |
      | the Signature wrapped in Q encoding |

    @clause:signing.algorithm
    Examples:
      | variant                            |
      | algorithm RSA-SHA256 in upper case |

    @clause:signing.header-parts @clause:headers.tpp-signature-certificate
    Examples:
      | variant                        |
      | the certificate in PEM armour |

  # Berlin Group (draft-cavage): headers= names each signed header once; the spec's signed set is a set.
  # trips on: a signature whose headers= lists date twice accepted
  @should @sca @production-safe @op:list-accounts
  Scenario Outline: A request with <tampering> is refused with 400 (each signed header once)
    When the TPP reads the account list with "<tampering>"
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @clause:signing.headers-list @clause:errors.signature-invalid
    Examples:
      | tampering                        |
      | a header listed twice in headers= |

  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario Outline: A payment whose body does not match its Digest is refused
    When the TPP initiates a cross-border payment with "<tampering>"
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @clause:signing.digest @clause:errors.signature-invalid
    Examples:
      | tampering                       |
      | the body changed after signing |
      | a Digest of another body        |
