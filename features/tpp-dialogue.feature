@area:tpp-dialogue
Feature: TPP dialogue
  The TPP registers a non-personal contact e-mail for technical notices (Endpoints > Other operations).
  The spec names the operation but shows no method, path or body: the request comes from the
  "tpp-contact" template, which a profile replaces for a bank whose operation differs.

  # trips on: a valid non-personal contact address refused, or the operation missing
  @clause:endpoints.register-tpp-contact @should @mutating @op:register-tpp-contact @uses:register-tpp-contact
  Scenario: A non-personal contact e-mail is registered
    When the TPP registers the contact e-mail "psd2-operations@tpp.example"
    Then the request is accepted

  # trips on: a malformed address accepted as a contact for technical notices
  @clause:endpoints.register-tpp-contact @should @mutating @op:register-tpp-contact @uses:register-tpp-contact
  Scenario: A malformed contact e-mail is refused
    When the TPP registers the contact e-mail "not an address" instead of "psd2-operations@tpp.example"
    Then the request is refused with status 400
    And the same request without the violation is accepted
