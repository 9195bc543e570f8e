@area:headers
Feature: General request headers and conventions
  The header table of § Endpoints: a bank accepts every optional header with a valid value, answers
  with JSON in UTF-8 (Content-Type; Content-Encoding where it compresses), takes X-PSU-IDENTITY as an
  alternative to PSU-ID, and reads the typed and enumerated headers exactly. Dates in HTTP headers are
  RFC 7231 dates, dates in JSON are ISO 8601 (§ Resources > Conventions).

  # trips on: a valid optional header refused (400) or making the bank answer something other than the account list
  @must @sca @production-safe @op:list-accounts
  Scenario Outline: The account list request with <header>: <value> is accepted
    Given a private PSU who has completed SCA
    When the TPP reads the account list with the header "<header>" set to "<value>"
    Then the response status is 200
    And the response body is JSON in UTF-8

    @clause:headers.accept @clause:conventions.json-utf8
    Examples: Accept
      | header | value            |
      | Accept | application/json |

    @clause:headers.accept-charset
    Examples: Accept-Charset
      | header         | value |
      | Accept-Charset | utf-8 |

    @clause:headers.accept-encoding
    Examples: Accept-Encoding
      | header          | value                         |
      | Accept-Encoding | deflate, gzip;q=1.0, *;q=0.5 |

    @clause:headers.accept-language
    Examples: Accept-Language
      | header          | value                     |
      | Accept-Language | en-US,en;q=0.7,nb;q=0.3 |

    @clause:headers.x-request-id
    Examples: X-Request-ID
      | header       | value                                |
      | X-Request-ID | 4eba4445-1a4b-47b8-bdd5-4e56ef026b19 |

    @clause:headers.tpp-redirect-preferred
    Examples: TPP-Redirect-Preferred
      | header                 | value |
      | TPP-Redirect-Preferred | false |
      | TPP-Redirect-Preferred | true  |

    @clause:headers.tpp-brand-logging-information
    Examples: TPP-Brand-Logging-Information
      | header                        | value           |
      | TPP-Brand-Logging-Information | Conformance TPP |

    @clause:headers.psu-context @clause:conventions.psu-contexts
    Examples: PSU-Context
      | header      | value   |
      | PSU-Context | PRIVATE |

    @clause:headers.psu-ip-address
    Examples: PSU-IP-Address
      | header         | value        |
      | PSU-IP-Address | 2001:db8::10 |

    @clause:headers.psu-ip-port
    Examples: PSU-IP-Port
      | header      | value |
      | PSU-IP-Port | 443   |

    @clause:headers.psu-user-agent
    Examples: PSU-User-Agent
      | header         | value                                                     |
      | PSU-User-Agent | Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Firefox/128.0 |

    @clause:headers.psu-accept
    Examples: PSU-Accept
      | header     | value                                   |
      | PSU-Accept | text/html,application/xhtml+xml;q=0.9 |

    @clause:headers.psu-accept-charset
    Examples: PSU-Accept-Charset
      | header             | value |
      | PSU-Accept-Charset | utf-8 |

    @clause:headers.psu-accept-encoding
    Examples: PSU-Accept-Encoding
      | header              | value        |
      | PSU-Accept-Encoding | gzip, br |

    @clause:headers.psu-accept-language
    Examples: PSU-Accept-Language
      | header              | value                 |
      | PSU-Accept-Language | nb-NO,nb;q=0.9,en;q=0.8 |

    @clause:headers.psu-http-method
    Examples: PSU-HTTP-Method
      | header          | value  |
      | PSU-HTTP-Method | GET    |
      | PSU-HTTP-Method | DELETE |

    @clause:headers.psu-device-id
    Examples: PSU-Device-ID
      | header        | value                                |
      | PSU-Device-ID | 99435c7e-ad88-49ec-a2ad-99ddcb1f7721 |

    @clause:headers.psu-geo-location
    Examples: PSU-Geo-Location
      | header           | value                   |
      | PSU-Geo-Location | GEO:59.911491;10.757933 |

  # trips on: a request carrying every optional header at once refused
  @clause:headers.accept @clause:headers.accept-charset @clause:headers.accept-encoding @clause:headers.accept-language @clause:headers.tpp-redirect-preferred @clause:headers.tpp-brand-logging-information @clause:headers.psu-context @clause:headers.psu-ip-port @clause:headers.psu-user-agent @clause:headers.psu-accept @clause:headers.psu-accept-charset @clause:headers.psu-accept-encoding @clause:headers.psu-accept-language @clause:headers.psu-http-method @clause:headers.psu-device-id @clause:headers.psu-geo-location
  @must @sca @production-safe @op:list-accounts
  Scenario: The account list request with every optional header at once is accepted
    Given a private PSU who has completed SCA
    When the TPP reads the account list with every optional header of the header table
    Then the response status is 200
    And the response body is JSON in UTF-8

  # trips on: a JSON body with Content-Type "application/json; charset=utf-8" refused, or an answer without Content-Type application/json
  @clause:headers.content-type @clause:conventions.json-utf8 @clause:endpoints.bank-offered-consents
  @must @production-safe @op:bank-offered-consents
  Scenario: A body sent with Content-Type application/json; charset=utf-8 is accepted
    Given the TPP knows no PSU yet
    When the TPP asks for bank-offered consents with the Content-Type "application/json; charset=utf-8"
    Then the response carries an SCA redirect link for GET
    And the response body is JSON in UTF-8

  # trips on: an answer in XML (or any other type than JSON) to a TPP that accepts only XML
  @clause:headers.accept @clause:conventions.json-utf8
  @must @sca @production-safe @op:list-accounts
  Scenario: A TPP that asks for XML gets no XML
    Given a private PSU who has completed SCA
    When the TPP reads the account list with the header "Accept" set to "application/xml"
    Then the answer is 406 or a JSON body, never XML

  # trips on: the Host header with an explicit port refused
  @clause:headers.host
  @must @sca @production-safe @op:list-accounts
  Scenario: The Host header with an explicit port is accepted
    Given a private PSU who has completed SCA
    When the TPP reads the account list with the Host header naming the port
    Then the response status is 200

  # Berlin Group 1.3: X-Request-ID is mandatory on every request, and the answer carries the same X-Request-ID.
  # trips on: a request without X-Request-ID served
  @clause:headers.x-request-id
  @should @sca @production-safe @op:list-accounts
  Scenario: A request without X-Request-ID is refused with 400
    Given a private PSU who has completed SCA
    When the TPP sends an account list request without X-Request-ID
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # Berlin Group 1.3: the response header X-Request-ID repeats the request's.
  # trips on: an answer whose X-Request-ID is missing or differs from the request's
  @clause:headers.x-request-id
  @should @sca @production-safe @op:list-accounts
  Scenario: The answer repeats the request's X-Request-ID
    Given a private PSU who has completed SCA
    When the TPP reads the account list
    Then the response carries the request's X-Request-ID

  # trips on: X-PSU-IDENTITY not taken as an alternative to PSU-ID (401 or 400 although the PSU has consent in this session)
  @clause:headers.x-psu-identity @clause:headers.psu-id
  @must @sca @op:list-accounts
  Scenario: X-PSU-IDENTITY instead of PSU-ID identifies the PSU
    Given a private PSU who has completed SCA
    When the TPP names the PSU by X-PSU-IDENTITY instead of PSU-ID
    And the TPP reads the account list
    Then the response status is 200

  # A PSU-ID that is no UUID is a malformed request: its refusal names FORMAT_ERROR (§ Errors).
  # trips on: an ill-formed header value (lower-case context, a PSU-ID that is not a UUID) served instead of refused with 400, a PSU-ID refused without FORMAT_ERROR, or the request with the header's right value refused too
  @must @sca @production-safe @op:list-accounts
  Scenario Outline: The account list request with <header>: <value> is refused with 400
    Given a private PSU who has completed SCA
    When the TPP reads the account list with the header "<header>" set to "<value>" instead of <usual>
    Then the request is refused with <refusal>
    And the same request without the violation is accepted

    @clause:headers.psu-context @clause:conventions.enums-exact
    Examples: PSU-Context is PRIVATE or CORPORATE, exactly
      | header      | value    | usual     | refusal    |
      | PSU-Context | private  | "PRIVATE" | status 400 |
      | PSU-Context | BUSINESS | "PRIVATE" | status 400 |

    @clause:headers.psu-id @clause:errors.FORMAT_ERROR
    Examples: PSU-ID is a UUID
      | header | value       | usual           | refusal                         |
      | PSU-ID | 12345678901 | its usual value | status 400 and code FORMAT_ERROR |

  # Berlin Group 1.3: a header value that does not match its definition is 400 FORMAT_ERROR.
  # trips on: a PSU-HTTP-Method outside the list, a PSU-Device-ID that is not a UUID, or an X-PSU-IDENTITY that is no national identity number, silently accepted
  @should @sca @production-safe @op:list-accounts
  Scenario Outline: The account list request with the ill-formed <header>: <value> is refused with 400
    Given a private PSU who has completed SCA
    When the TPP reads the account list with the header "<header>" set to "<value>" instead of <usual>
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @clause:headers.psu-http-method @clause:conventions.enums-exact
    Examples: PSU-HTTP-Method is one of GET, POST, PUT, PATCH, DELETE
      | header          | value | usual |
      | PSU-HTTP-Method | FETCH | "GET" |
      | PSU-HTTP-Method | get   | "GET" |

    @clause:headers.psu-device-id
    Examples: PSU-Device-ID is a UUID
      | header        | value      | usual                                  |
      | PSU-Device-ID | device-123 | "99391c7e-ad88-49ec-a2ad-99ddcb1f7721" |

    @clause:headers.x-psu-identity
    Examples: X-PSU-IDENTITY is a national identity or D-number
      | header         | value    | usual           |
      | X-PSU-IDENTITY | 12345678 | its usual value |

  # trips on: TPP-Redirect-Preferred false without a configured bank app ending the flow instead of falling back to the default redirect
  @clause:headers.tpp-redirect-preferred @clause:sca.redirect-on-401 @clause:sca.redirect-to-tpp
  @must @sca @op:list-accounts
  Scenario: With TPP-Redirect-Preferred false and no bank app the SCA falls back to the redirect flow
    Given the TPP knows no PSU yet
    When the TPP reads the account list with the header "TPP-Redirect-Preferred" set to "false"
    And the PSU completes the SCA in the PRIVATE context
    Then the PSU is redirected to the TPP-Redirect-URI
    And the redirect carries a psu-id that is an RFC 4122 UUID

  # trips on: a request without TPP-Signature-Certificate (or without Signature) served instead of refused with 400
  @must @sca @production-safe @op:list-accounts
  Scenario Outline: A request without <header> is refused with 400
    Given a private PSU who has completed SCA
    When the TPP sends an account list request without <header>
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @clause:headers.tpp-signature-certificate @clause:signing.headers-present @clause:errors.signature-missing
    Examples:
      | header                    |
      | TPP-Signature-Certificate |

    @clause:headers.signature @clause:signing.headers-present @clause:errors.signature-missing
    Examples:
      | header    |
      | Signature |

  # trips on: a body whose Digest is of another body served
  @clause:headers.digest @clause:signing.digest @clause:errors.signature-invalid
  @must @production-safe @op:bank-offered-consents
  Scenario: A body whose Digest does not match is refused with 400
    Given the TPP knows no PSU yet
    When the TPP asks for bank-offered consents with "a Digest of another body"
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # trips on: a Date header in ISO 8601 instead of the RFC 7231 form accepted
  @clause:conventions.date-header @clause:signing.date
  @must @sca @production-safe @op:list-accounts
  Scenario: A Date header in ISO 8601 is refused
    Given a private PSU who has completed SCA
    When the TPP reads the account list with "a Date in ISO 8601"
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # RFC 7231 section 7.1.1.1: a recipient MUST accept all three HTTP-date formats (IMF-fixdate, RFC 850, asctime).
  # trips on: a Date in the obsolete RFC 850 or asctime form refused although RFC 7231 makes recipients accept it
  @clause:conventions.date-header
  @should @sca @production-safe @op:list-accounts
  Scenario Outline: A Date header in the <form> form of RFC 7231 is accepted
    Given a private PSU who has completed SCA
    When the TPP reads the account list with a Date in the <form> form
    Then the response status is 200

    Examples:
      | form    |
      | RFC 850 |
      | asctime |

  # trips on: a Date response header that is not an RFC 7231 IMF-fixdate
  @clause:conventions.date-header
  @must @sca @production-safe @op:list-accounts
  Scenario: The answer's Date header is an RFC 7231 date
    Given a private PSU who has completed SCA
    When the TPP reads the account list
    Then any Date header of the answer is an RFC 7231 date

  # withBalance is a Berlin Group query parameter the spec never names: SHOULD.
  # trips on: a date in a JSON body written as 13.05.2024, with a time but no offset, or as epoch milliseconds
  @clause:conventions.date-json
  @should @sca @production-safe @op:list-accounts
  Scenario: Dates in the account list with balances are ISO 8601
    Given a private PSU who has completed SCA
    When the TPP reads the account list with balances
    Then the response status is 200
    And every date in the JSON body is an ISO 8601 date or a date-time with offset
