@area:sca
Feature: SCA redirect flow
  A request that needs SCA is answered with 401 and a scaRedirect link. The PSU authenticates,
  chooses the accounts and the PRIVATE or CORPORATE context, and is redirected to the
  TPP-Redirect-URI with the parameters of § Events. The TPP keeps the psu-id (a stable UUID per TPP
  and bank) and sends it in PSU-ID on later requests (§ Authentication > PSU authentication).

  # trips on: GET /v1/accounts without any consent answered 200, 403 or 400 instead of 401; a 401 without _links.scaRedirect, or a scaRedirect without verbs GET
  @clause:sca.redirect-on-401 @clause:errors.sca-required @clause:fields.sca-required-response @clause:fields.sca-required-response._links @clause:fields.link.href @clause:fields.link.verbs
  @must @production-safe @op:list-accounts
  Scenario: A request that needs SCA is answered with 401 and a scaRedirect link for GET
    Given the TPP knows no PSU yet
    When the TPP reads the account list
    Then the response demands SCA with a scaRedirect link
    And the response body matches the "sca-required-response" schema

  # trips on: the success redirect without psu-id, with a psu-id that is not a UUID, with another tpp-session-id than the request's, with a lower-case or missing context, or with a psu-corporate-id after a PRIVATE choice
  @clause:sca.psu-authenticates @clause:sca.accounts-and-context @clause:sca.redirect-to-tpp @clause:events.redirect-only @clause:events.success.psu-id @clause:events.success.tpp-session-id @clause:events.success.context @clause:events.success.psu-corporate-id @clause:conventions.enums-exact
  @must @sca @op:list-accounts
  Scenario: After a successful PRIVATE SCA the PSU is redirected with psu-id, tpp-session-id and context
    Given the TPP knows no PSU yet
    When the TPP reads the account list
    And the PSU completes the SCA in the PRIVATE context
    Then the PSU is redirected to the TPP-Redirect-URI
    And the redirect carries a psu-id that is an RFC 4122 UUID
    And the redirect carries the TPP-Session-ID of the request that started the SCA
    And the redirect carries the context PRIVATE
    And the redirect carries no psu-corporate-id

  # trips on: a CORPORATE SCA redirect without psu-corporate-id, with a psu-corporate-id that is not a UUID, or with context PRIVATE
  @clause:sca.accounts-and-context @clause:sca.corporate-context @clause:sca.redirect-to-tpp @clause:events.success.psu-id @clause:events.success.tpp-session-id @clause:events.success.context @clause:events.success.psu-corporate-id @clause:headers.psu-corporate-id
  @must @sca @corporate @op:list-accounts
  Scenario: After a successful CORPORATE SCA the redirect also carries the psu-corporate-id
    Given the TPP knows no PSU yet
    When the TPP reads the account list
    And the PSU completes the SCA in the CORPORATE context
    Then the PSU is redirected to the TPP-Redirect-URI
    And the redirect carries a psu-id that is an RFC 4122 UUID
    And the redirect carries the TPP-Session-ID of the request that started the SCA
    And the redirect carries the context CORPORATE
    And the redirect carries a psu-corporate-id that is a UUID
    When the TPP sends the psu-id in PSU-ID and the psu-corporate-id in PSU-Corporate-ID
    And the TPP reads the account list
    Then the response status is 200

  # trips on: the psu-id of the redirect not recognised in PSU-ID (401 again or 400), i.e. a consent not registered inside the flow
  @clause:sca.psu-id-reused @clause:sca.accounts-and-context @clause:headers.psu-id
  @must @sca @op:list-accounts
  Scenario: The psu-id of the redirect, sent in PSU-ID, gives access without a new SCA
    Given the TPP knows no PSU yet
    When the TPP reads the account list
    And the PSU completes the SCA in the PRIVATE context
    And the TPP sends the psu-id in PSU-ID
    And the TPP reads the account list
    Then the response status is 200

  # trips on: a new psu-id for the same PSU and TPP at each SCA (psu-id not stable)
  @clause:sca.psu-id-reused @clause:events.success.psu-id
  @must @sca @op:list-accounts
  Scenario: The same PSU gets the same psu-id in a second SCA
    Given a private PSU who has completed SCA
    And the TPP remembers the psu-id
    When the TPP starts a new TPP session
    And the TPP reads the account list
    And the PSU completes the SCA in the PRIVATE context
    Then the redirect carries the remembered psu-id

  # trips on: a cancelled SCA redirected without status, code or message, with a non-numeric status, or with a psu-id as if it had succeeded
  @clause:events.failure.system @clause:events.failure.status @clause:events.failure.code @clause:events.failure.message @clause:events.redirect-only @clause:sca.redirect-to-tpp
  @must @sca @op:list-accounts
  Scenario: A cancelled SCA redirects to the TPP with system, status, code and message
    Given the TPP knows no PSU yet
    When the TPP reads the account list
    And the PSU cancels the SCA
    Then the PSU is redirected to the TPP-Redirect-URI
    And the redirect carries the failure parameters status, code and message

  # The spec shows the failure redirect, not that an unknown national identity number ends the flow with
  # it (rather than a retry or error page): the platform's, SHOULD.
  # trips on: an unknown national identity number accepted (SCA succeeds) or the flow ending on a bank error page instead of the failure redirect
  @clause:sca.psu-authenticates @clause:events.failure.system @clause:events.failure.status @clause:events.failure.code @clause:events.failure.message @clause:sca.redirect-to-tpp
  @should @sca @op:list-accounts
  Scenario: An SCA with a wrong national identity number redirects to the TPP with the failure parameters
    Given the TPP knows no PSU yet
    When the TPP reads the account list
    And the PSU authenticates with a wrong national identity number
    Then the PSU is redirected to the TPP-Redirect-URI
    And the redirect carries the failure parameters status, code and message

  # trips on: a cancelled SCA that still registers the consent (the account list answered 200 afterwards)
  @clause:sca.accounts-and-context @clause:sca.redirect-on-401
  @must @sca @op:list-accounts
  Scenario: After a cancelled SCA the TPP still has no access
    Given the TPP knows no PSU yet
    When the TPP reads the account list
    And the PSU cancels the SCA
    And the TPP reads the account list
    Then the response demands SCA with a scaRedirect link

  # trips on: a request without TPP-Redirect-URI served (or answered with a scaRedirect the bank cannot send back), instead of 400
  @must @sca @op:list-accounts
  Scenario Outline: A request without TPP-Redirect-URI is refused with 400 (<operation>)
    Given a private PSU who has completed SCA
    When the TPP calls <operation> without the TPP-Redirect-URI header
    Then the request is refused with status 400
    And the same request without the violation is accepted

    @clause:sca.redirect-uri-always @clause:headers.tpp-redirect-uri @clause:fields.error-body.status
    Examples: account information
      | operation          |
      | GET /v1/accounts   |

    @clause:sca.redirect-uri-always @clause:headers.tpp-redirect-uri
    Examples: identity and consent
      | operation                      |
      | GET /v1/agreements             |
      | GET /v1/users                  |
      | POST /v1/bank-offered-consents |

  # No private PSU's SCA comes first here (a bank may keep one session per PSU: the corporate scenarios share the worker's corporate one).
  # trips on: a corporate PSU's request with PSU-ID and PSU-Corporate-ID after a CORPORATE SCA refused
  @must @sca @corporate @production-safe @op:list-accounts @clause:sca.corporate-context
  Scenario: A corporate PSU's correctly signed request is accepted
    Given a corporate PSU who has completed SCA
    When the TPP reads the account list
    Then the response status is 200

  # trips on: a corporate user's request without PSU-Corporate-ID served with the private accounts, or answered other than 400 with the error body
  @clause:sca.corporate-context @clause:errors.corporate-id-missing @clause:headers.psu-corporate-id @clause:fields.error-body
  @must @sca @corporate @op:list-accounts
  Scenario: A corporate user's request without PSU-Corporate-ID is refused with 400
    Given a corporate PSU who has completed SCA
    When the TPP reads the account list without PSU-Corporate-ID
    Then the request is refused with status 400
    And the same request without the violation is accepted

  # A corporate id is new only once per PSU and TPP: the sandbox makes a new agreement for the PSU, or
  # (preconditions.newCorporateId: seeded) the PSU's seeded data gives a second one no SCA chose.
  # trips on: a corporate id without consent served (200) or refused (403/400) instead of starting a new consent flow with a scaRedirect
  @clause:sca.corporate-context @clause:sca.redirect-on-401 @clause:endpoints.list-agreements
  @must @sca @corporate @sandbox @mutating @op:list-accounts
  Scenario: A corporate id that has no consent yet starts a new consent flow
    Given a private PSU who has completed SCA
    And the PSU has a corporate agreement that no SCA of the TPP chose yet
    When the TPP picks the new corporate id from the PSU's corporate agreements
    And the TPP reads the account list
    Then the response demands SCA with a scaRedirect link
    When the PSU completes the SCA in the CORPORATE context
    And the TPP sends the psu-id in PSU-ID and the psu-corporate-id in PSU-Corporate-ID
    And the TPP reads the account list
    Then the response status is 200

  # The spec: "A corporate PSU reaches only the accounts it has been granted". Berlin Group and the
  # platform: a corporate agreement engages the company's accounts, never the person's own ones.
  # trips on: a CORPORATE consent that also lists the PSU's PRIVATE accounts
  @clause:conventions.psu-contexts
  @should @sca @corporate @op:list-accounts
  Scenario: The CORPORATE context does not reach the PSU's private accounts
    Given a private PSU who has completed SCA
    And the TPP remembers the account list
    When the TPP starts a new TPP session
    And the TPP reads the account list
    And the PSU completes the SCA in the CORPORATE context
    And the TPP sends the psu-id in PSU-ID and the psu-corporate-id in PSU-Corporate-ID
    And the TPP reads the account list
    Then the response status is 200
    And the account list holds none of the remembered accounts
