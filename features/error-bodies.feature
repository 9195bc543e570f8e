@area:errors
Feature: Error responses and their body
  Error responses carry the error body of § Resources (id, system, status equal to the HTTP status,
  code, optional message). § Errors lists the status and code pairs; malformed requests are 400
  FORMAT_ERROR, a character the downstream system cannot process is 400, internal failures are 500
  SYSTEM_ERROR. All bodies are JSON, UTF-8 encoded; XML is not supported.

  # trips on: an error answered with an HTML page, plain text, or a JSON body without id, system, status or code, or whose status differs from the HTTP status
  # No control: no request without the violation exists (the path itself is what the bank does not serve).
  @must @sca @production-safe @op:list-accounts @clause:fields.error-body @clause:fields.error-body.id @clause:fields.error-body.system @clause:fields.error-body.status @clause:fields.error-body.code @clause:fields.error-body.message
  Scenario: The error answer to a request to a path the bank does not serve carries the error body
    Given a private PSU who has completed SCA
    When the TPP provokes an error with "a request to a path the bank does not serve"
    Then the answer is an error body whose status is the HTTP status

  # trips on: an error answered with an HTML page, plain text, or a JSON body without id, system, status or code, or whose status differs from the HTTP status; or the same request without what makes it an error refused too
  @must @sca @production-safe
  Scenario Outline: The error answer to <request> carries the error body
    Given a private PSU who has completed SCA
    When the TPP provokes an error with "<request>"
    Then the answer is an error body whose status is the HTTP status
    And the same request without the violation is accepted

    @op:list-accounts @clause:fields.error-body @clause:fields.error-body.id @clause:fields.error-body.system @clause:fields.error-body.status @clause:fields.error-body.code @clause:fields.error-body.message
    Examples: account information
      | request                                          |
      | an account list request with the PSU-ID 12345   |
      | an account list request without TPP-Redirect-URI |

    @op:create-consent @clause:fields.error-body @clause:fields.error-body.id @clause:fields.error-body.system @clause:fields.error-body.status @clause:fields.error-body.code
    Examples: removed operation
      | request                            |
      | a consent request to /v1/consents |

  # trips on: a cross-border payment with a body that is not JSON accepted, answered 500, or refused without FORMAT_ERROR
  @must @sca @payments @mutating @op:create-cross-border-payment
  Scenario Outline: A cross-border payment whose body is <fault> is refused with 400 FORMAT_ERROR
    Given a private PSU who has completed SCA
    When the TPP posts a cross-border payment whose body is <fault>
    Then the request is refused with status 400 and code FORMAT_ERROR
    And the same request without the violation is accepted

    @clause:errors.FORMAT_ERROR @clause:fields.error-body.code
    Examples: malformed JSON
      | fault                                  |
      | JSON cut off in the middle             |
      | JSON with a trailing comma             |
      | an empty body                          |

    # Berlin Group FORMAT_ERROR: "format of certain request fields are not matching the XS2A requirements".
    @clause:errors.FORMAT_ERROR @clause:fields.cross-border-payment-request.creditorName
    Examples: a field of the wrong type
      | fault                              |
      | JSON with creditorName as a number |
      | JSON with instructedAmount as a string |
      | a JSON array instead of an object  |

  # trips on: an XML payment body (or one whose bytes are not UTF-8) accepted or answered 5xx instead of refused with 400
  @sca @payments @mutating @op:create-cross-border-payment
  Scenario Outline: A cross-border payment sent as <body> is refused with 400
    Given a private PSU who has completed SCA
    When the TPP posts a cross-border payment whose body is <body>
    Then the request is refused with status 400
    And the same request without the violation is accepted

    # "XML is not supported" is stated; that the refusal is 400 rather than HTTP's 415 Unsupported Media
    # Type is not: SHOULD.
    @should @clause:conventions.json-utf8 @clause:headers.content-type
    Examples: XML
      | body                                   |
      | XML with Content-Type application/xml |

    @must @clause:conventions.json-utf8
    Examples: not UTF-8
      | body                                    |
      | JSON with creditorName in ISO-8859-1 bytes |

  # The body of POST /v1/sandbox/accounts is not shown, nor that its name reaches a system that cannot
  # process an emoji: the platform's, SHOULD.
  # trips on: an emoji in a sandbox account name stored (201) or answered 5xx instead of refused with 400
  @clause:errors.unprocessable-character @clause:fields.error-body.status
  @should @sandbox @mutating @op:create-sandbox-account
  Scenario: An emoji in a sandbox account name is refused with 400
    Given a private PSU who has completed SCA
    When the TPP creates a sandbox account whose name contains an emoji
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # Nothing says this header reaches a system that cannot process an emoji (it is "shown to the PSU"):
  # refusing it rather than showing or ignoring it is the platform's, SHOULD.
  # trips on: an emoji in TPP-Brand-Logging-Information (shown to the PSU downstream) served instead of refused with 400
  @clause:errors.unprocessable-character @clause:headers.tpp-brand-logging-information
  @should @sca @production-safe @op:list-accounts
  Scenario: An emoji in the TPP-Brand-Logging-Information header is refused with 400
    Given a private PSU who has completed SCA
    When the TPP reads the account list with the header "TPP-Brand-Logging-Information" set to "Conformance TPP 😀" in UTF-8 instead of "Conformance TPP"
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # SYSTEM_ERROR is an internal failure: no request can be relied on to cause one in a correct bank.
  # The scenario sends requests that commonly break servers (deep nesting, huge numbers, NUL
  # characters, broken percent-encoding, odd methods) and checks that any 5xx answer is the spec's
  # error body (500 with SYSTEM_ERROR), never an HTML page, a stack trace or a dropped connection.
  # The spec pairs 500 with SYSTEM_ERROR; that every 5xx is that 500 and that odd input never resets the
  # connection it does not say: SHOULD (as the account operations' twin in accounts.feature).
  # trips on: a 500 answered with an HTML or plain-text page, a 5xx without the error body, or a connection reset on odd input
  @clause:errors.SYSTEM_ERROR @clause:fields.error-body.status @clause:fields.error-body.code
  @should @sca @payments @mutating @op:create-cross-border-payment
  Scenario: Any 5xx answer carries the SYSTEM_ERROR error body
    Given a private PSU who has completed SCA
    When the TPP sends requests that commonly break servers
    Then every answer arrived and every 5xx answer is the error body with code SYSTEM_ERROR
