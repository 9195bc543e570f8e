@area:sca
Feature: SCA within a TPP-Session-ID
  SCA within a TPP-Session-ID is valid for up to 1 hour; after expiry a new SCA is needed. Starting a
  new TPP-Session-ID before the old one has expired requires a new SCA; on success it invalidates the
  old one, and if the SCA is aborted the old one stays valid (§ States > Other states, § Limits,
  § Authentication > PSU authentication step 8). The account list with PSU-IP-Address (PSU present)
  is the request that needs SCA.

  # "Valid for up to 1 hour" is a maximum, and "the server … may demand SCA on any request": a bank may
  # end the session sooner. Keeping the whole hour is the platform's habit, SHOULD (the 61-minute
  # scenario below holds the maximum at MUST).
  # trips on: a session that expires before 1 hour (the account list demands a new SCA 59 minutes after the SCA)
  @clause:limits.sca-session-validity @clause:states.sca-session-validity @clause:sca.session @clause:headers.tpp-session-id
  @should @sca @clock @fresh-sca @op:list-accounts
  Scenario: 59 minutes after the SCA the same TPP session needs no new SCA
    Given a private PSU who has completed SCA
    When 59 minutes pass at the bank
    And the TPP reads the account list
    Then the response status is 200

  # trips on: a session that never expires, or lasts longer than 1 hour (the account list served 61 minutes after the SCA)
  @clause:limits.sca-session-validity @clause:states.sca-session-validity @clause:sca.session @clause:sca.redirect-on-401
  @must @sca @clock @fresh-sca @op:list-accounts
  Scenario: 61 minutes after the SCA the same TPP session needs a new SCA
    Given a private PSU who has completed SCA
    When 61 minutes pass at the bank
    And the TPP reads the account list
    Then the response demands SCA with a scaRedirect link
    When the PSU completes the SCA in the PRIVATE context
    And the TPP reads the account list
    Then the response status is 200

  # trips on: a new TPP-Session-ID served on the strength of the old session's SCA
  @clause:states.sca-session-new-needs-sca @clause:sca.session @clause:headers.tpp-session-id
  @must @sca @op:list-accounts
  Scenario: A new TPP-Session-ID before the old one has expired needs a new SCA
    Given a private PSU who has completed SCA
    When the TPP starts a new TPP session
    And the TPP reads the account list
    Then the response demands SCA with a scaRedirect link

  # trips on: the old TPP session still served after the SCA of a new one succeeded
  @clause:states.sca-session-new-invalidates-old @clause:states.sca-session-new-needs-sca
  @must @sca @op:list-accounts
  Scenario: A successful SCA in a new TPP session invalidates the old session
    Given a private PSU who has completed SCA
    When the TPP starts a new TPP session
    And the TPP reads the account list
    And the PSU completes the SCA in the PRIVATE context
    And the TPP reads the account list
    Then the response status is 200
    When the TPP returns to the first TPP session
    And the TPP reads the account list
    Then the response demands SCA with a scaRedirect link

  # trips on: an aborted SCA in a new TPP session that ends the old session anyway
  @clause:states.sca-session-abort-keeps-old @clause:states.sca-session-new-needs-sca
  @must @sca @op:list-accounts
  Scenario: An aborted SCA in a new TPP session leaves the old session valid
    Given a private PSU who has completed SCA
    When the TPP starts a new TPP session
    And the TPP reads the account list
    And the PSU cancels the SCA
    And the TPP returns to the first TPP session
    And the TPP reads the account list
    Then the response status is 200
