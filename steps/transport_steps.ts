// The transport rules (features/transport.feature): TLS versions and the TLS client certificate.
import { Then, When } from '@cucumber/cucumber';
import {
  expectHandshakeRefused,
  expectModernNegotiated,
  expectNoApiAnswer,
  offerOnly,
  sendWithOtherCertificate,
} from '../src/suite/transport.ts';
import type { Xs2aWorld } from './support/world.ts';

When('the TPP opens a TLS connection offering only {string}', function (this: Xs2aWorld, version: string) {
  return offerOnly(this.session, version);
});

Then('the handshake is refused', function (this: Xs2aWorld) {
  expectHandshakeRefused(this.session);
});

Then('a connection offering TLS 1.0 to 1.3 negotiates TLS 1.2 or TLS 1.3', function (this: Xs2aWorld) {
  return expectModernNegotiated(this.session);
});

When('the TPP asks for the account list with {string}', function (this: Xs2aWorld, what: string) {
  return sendWithOtherCertificate(this.session, what);
});

Then("the API does not answer it, and answers the same request with the run's certificate", function (this: Xs2aWorld) {
  return expectNoApiAnswer(this.session);
});
