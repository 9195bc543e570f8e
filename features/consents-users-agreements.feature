@area:consents
Feature: Consents, users and corporate agreements
  Consent is given by the PSU during SCA: POST /v1/bank-offered-consents answers with an SCA redirect
  (POST /v1/consents was removed on 05-Dec-2024). GET /v1/users and GET /v1/user start an SCA to obtain
  a PSU id. GET /v1/agreements lists the corporate agreements of a PSU (§ Endpoints > Other
  operations, § Versioning > Deprecations, § Authentication > PSU authentication step 7).

  # trips on: bank-offered consents answered without a scaRedirect link (or with one lacking href or verbs GET)
  @clause:endpoints.bank-offered-consents @clause:fields.link.href @clause:fields.link.verbs
  @must @production-safe @op:bank-offered-consents
  Scenario: POST /v1/bank-offered-consents answers with an SCA redirect
    Given the TPP knows no PSU yet
    When the TPP asks for bank-offered consents
    Then the response carries an SCA redirect link for GET

  # trips on: the bank-offered consent flow that does not register a consent (the account list still demands SCA with the redirect's psu-id)
  @clause:endpoints.bank-offered-consents @clause:sca.accounts-and-context @clause:sca.psu-id-reused
  @must @sca @op:bank-offered-consents
  Scenario: The consent given in the bank-offered consent flow gives access to the account list
    Given the TPP knows no PSU yet
    When the TPP asks for bank-offered consents
    And the PSU completes the SCA of that redirect in the PRIVATE context
    Then the redirect carries a psu-id that is an RFC 4122 UUID
    When the TPP sends the psu-id in PSU-ID
    And the TPP reads the account list
    Then the response status is 200

  # The spec: "/v1/consents removed" on 05-Dec-2024. A removed operation cannot create a consent; which
  # 4xx it answers is not stated (the reference bank answers 404 RESOURCE_UNKNOWN).
  # trips on: POST /v1/consents still answered with a consent or a scaRedirect after its removal date
  @clause:deprecations.consents-endpoint @clause:endpoints.create-consent @clause:fields.error-body
  @must @production-safe @op:create-consent
  Scenario: POST /v1/consents no longer creates a consent
    Given the TPP knows no PSU yet
    When the TPP posts a consent request to the removed /v1/consents
    Then the request is refused with a client error and no SCA redirect
    And the same request without the violation is accepted

  # trips on: GET /v1/users (or /v1/user) answered with data, 404 or 400 instead of starting an SCA
  @must @production-safe
  Scenario Outline: <path> starts an SCA to obtain a PSU id
    Given the TPP knows no PSU yet
    When the TPP asks <path> for the PSU id
    Then the response demands SCA with a scaRedirect link

    @op:get-users @clause:endpoints.get-users @clause:sca.redirect-on-401
    Examples: users
      | path      |
      | /v1/users |

    @op:get-user @clause:endpoints.get-user @clause:sca.redirect-on-401
    Examples: user
      | path     |
      | /v1/user |

  # trips on: the SCA started by GET /v1/users (or /v1/user) giving no psu-id, or another psu-id than the account consent flow gives the same PSU
  @must @sca
  Scenario Outline: The SCA started by <path> gives the PSU's stable psu-id
    Given a private PSU who has completed SCA
    And the TPP remembers the psu-id
    When the TPP starts a new TPP session
    And the TPP forgets the PSU id
    And the TPP asks <path> for the PSU id
    And the PSU completes the SCA in the PRIVATE context
    Then the redirect carries a psu-id that is an RFC 4122 UUID
    And the redirect carries the remembered psu-id

    @op:get-users @clause:endpoints.get-users @clause:events.success.psu-id @clause:sca.psu-id-reused
    Examples: users
      | path      |
      | /v1/users |

    @op:get-user @clause:endpoints.get-user @clause:events.success.psu-id @clause:sca.psu-id-reused
    Examples: user
      | path     |
      | /v1/user |

  # Berlin Group NextGenPSD2 1.3: a list is read with 200 (the exact status is not stated: SHOULD).
  # trips on: GET /v1/agreements answered 201 or 204
  @clause:endpoints.list-agreements.success
  @should @sca @corporate @op:list-agreements
  Scenario: GET /v1/agreements answers 200
    Given a corporate PSU who has completed SCA
    When the TPP lists the PSU's corporate agreements
    Then the response status is 200

  # The exact 200 is Berlin Group's (endpoints.list-agreements.success, SHOULD): any success is taken here.
  # trips on: GET /v1/agreements refused for a known PSU, or a list that lacks the agreement the PSU chose in a CORPORATE SCA
  @clause:endpoints.list-agreements @clause:sca.corporate-context
  @must @sca @corporate @op:list-agreements
  Scenario: GET /v1/agreements lists the corporate agreement the PSU chose
    Given a corporate PSU who has completed SCA
    When the TPP lists the PSU's corporate agreements
    Then the request is accepted
    And the agreements list holds the PSU's corporate id
