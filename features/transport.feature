@area:transport
Feature: Transport
  "The transport is always TLS 1.2 or higher" (§ What the service does; § TPP identity: "Transport:
  TLS 1.2 or higher"). Checked where the target is an https:// URL (the embedded bank with run --tls);
  over plain HTTP these scenarios are not applicable, with that reason. Every connection goes the run's
  way: its proxy, its CAs, its client certificate.

  # trips on: a bank that completes a TLS 1.0 or TLS 1.1 handshake (fault tls-1-1-allowed)
  @clause:tpp.tls @clause:conventions.tls
  @must @production-safe @https
  Scenario Outline: A handshake offering only <version> is refused
    When the TPP opens a TLS connection offering only "<version>"
    Then the handshake is refused
    And a connection offering TLS 1.0 to 1.3 negotiates TLS 1.2 or TLS 1.3

    Examples:
      | version |
      | TLS 1.0 |
      | TLS 1.1 |

  # The spec says the certificate is checked in production, not that TLS carries it (the QSealC of the
  # signature may be the one checked): the QWAC in mutual TLS is the Berlin Group's way, SHOULD.
  # trips on: a bank that serves the API without a client certificate or with one from any CA
  # (fault tls-client-cert-optional)
  @clause:tpp.tls-client-certificate
  @should @production-safe @https @client-cert
  Scenario Outline: A request with <what> gets no answer from the API
    When the TPP asks for the account list with "<what>"
    Then the API does not answer it, and answers the same request with the run's certificate

    Examples:
      | what                                                      |
      | no TLS client certificate                                 |
      | a TLS client certificate from a CA the bank does not know |
